#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates the ROCm support data in checks/data/ (rocm_support.csv, rocm_kernels.csv).

Usage: tools/check_support_data.py [DATA_DIR]      (default: checks/data next to this tool)

Checks, per file: the '#' header names the collection date and a Sources list; the CSV header is
exactly the expected columns; every row has that many fields, a parseable ROCm release and a
non-empty source; no duplicate keys. rocm_support.csv also: gfx_target matches
^gfx[0-9]+[0-9a-f]*$, status is official|override|unsupported, override_to is major.minor.stepping
and set exactly when status is override, names a target of the same major family, and that target
is official in the same release. rocm_kernels.csv also: kind is os|kmd_compat|amdgpu_driver,
kernel versions parse, driver series look like 6.4.x or 30.10(.N).

Prints one line per problem ("FILE:LINE: message") and exits 1 if there is any; 0 otherwise.
Python 3 stdlib only.
"""

import csv
import os
import re
import sys

SUPPORT_COLUMNS = ["rocm_release", "gfx_target", "status", "override_to", "notes", "source"]
KERNEL_COLUMNS = ["rocm_release", "kind", "name", "version", "kernel", "kernel_flavor", "notes",
                  "source"]
STATUSES = {"official", "override", "unsupported"}
KINDS = {"os", "kmd_compat", "amdgpu_driver"}
DISTROS = {"ubuntu", "rhel", "sles", "ol", "debian", "centos", "rocky", "azurelinux"}
FLAVORS = {"", "GA", "HWE", "UEK"}
COLLECTED = "2026-12-01"

RELEASE_RE = re.compile(r"^[0-9]+\.[0-9]+(\.[0-9]+)?$")
GFX_RE = re.compile(r"^gfx[0-9]+[0-9a-f]*$")
OVERRIDE_RE = re.compile(r"^([0-9]+)\.([0-9]+)\.([0-9]+)$")
KERNEL_RE = re.compile(r"^[0-9]+\.[0-9]+(\.[0-9]+)?(-[0-9A-Za-z.]+)?$")
DRIVER_RE = re.compile(r"^[0-9]+\.[0-9]+(\.[0-9]+|\.x)?$")
DISTRO_VERSION_RE = re.compile(r"^[0-9]+(\.[0-9]+)*( SP[0-9]+)?$")


class Problems:
    def __init__(self):
        self.lines = []

    def add(self, path, line, message):
        self.lines.append(f"{path}:{line}: {message}")


def read_table(path, columns, problems):
    """Returns [(line_number, row_dict)] or [] after reporting why the file is unusable."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except OSError as e:
        problems.add(path, 0, f"cannot read: {e.strerror}")
        return []
    except UnicodeDecodeError as e:
        problems.add(path, 0, f"not UTF-8: {e}")
        return []
    lines = text.split("\n")
    comments = [l for l in lines if l.startswith("#")]
    if not any(COLLECTED in l for l in comments):
        problems.add(path, 1, f"header comments do not give the collection date {COLLECTED}")
    if not any(l.lower().startswith("# sources") for l in comments):
        problems.add(path, 1, "header comments have no '# Sources:' list")
    body = [(i + 1, l) for i, l in enumerate(lines) if l and not l.startswith("#")]
    if not body:
        problems.add(path, 0, "no CSV header")
        return []
    if any("\r" in l for _, l in body):
        problems.add(path, body[0][0], "CR line endings")
    reader = csv.reader([l for _, l in body], strict=True)
    rows = []
    try:
        parsed = list(reader)
    except csv.Error as e:
        problems.add(path, 0, f"CSV syntax: {e}")
        return []
    if len(parsed) != len(body):
        problems.add(path, 0, "a quoted field spans lines; keep one row per line")
        return []
    header_line, header = body[0][0], parsed[0]
    if header != columns:
        problems.add(path, header_line, f"columns {header} != expected {columns}")
        return []
    for (line, _), fields in zip(body[1:], parsed[1:]):
        if len(fields) != len(columns):
            problems.add(path, line, f"{len(fields)} fields, expected {len(columns)}")
            continue
        row = dict(zip(columns, fields))
        for k, v in row.items():
            if v != v.strip():
                problems.add(path, line, f"{k} has leading/trailing whitespace")
        if not RELEASE_RE.match(row["rocm_release"]):
            problems.add(path, line, f"rocm_release '{row['rocm_release']}' does not parse")
        if not row["source"].strip():
            problems.add(path, line, "empty source")
        rows.append((line, row))
    return rows


def override_target(value):
    """'10.3.0' -> ('gfx1030', 10); stepping is hex in the gfx name ('9.0.10' -> gfx90a)."""
    m = OVERRIDE_RE.match(value)
    if not m:
        return None, None
    major, minor, stepping = (int(g) for g in m.groups())
    if minor > 9 or stepping > 15:
        return None, None
    return f"gfx{major}{minor}{stepping:x}", major


def gfx_major(gfx):
    """gfx1031 -> 10, gfx90a -> 9, gfx942 -> 9 (the last two characters are minor, stepping)."""
    digits = gfx[3:]
    if len(digits) < 3:
        return None
    try:
        return int(digits[:-2])
    except ValueError:
        return None


def check_support(path, problems):
    rows = read_table(path, SUPPORT_COLUMNS, problems)
    seen = {}
    official = {}
    for line, r in rows:
        key = (r["rocm_release"], r["gfx_target"])
        if key in seen:
            problems.add(path, line, f"duplicate {key}, first at line {seen[key]}")
        seen[key] = line
        if not GFX_RE.match(r["gfx_target"]):
            problems.add(path, line,
                         f"gfx_target '{r['gfx_target']}' does not match {GFX_RE.pattern}")
        if r["status"] not in STATUSES:
            problems.add(path, line, f"status '{r['status']}' not in {sorted(STATUSES)}")
        if r["status"] == "official":
            official.setdefault(r["rocm_release"], set()).add(r["gfx_target"])
    for line, r in rows:
        ov = r["override_to"]
        if r["status"] != "override":
            if ov:
                problems.add(path, line, f"override_to '{ov}' set but status is {r['status']}")
            continue
        target, major = override_target(ov)
        if target is None:
            problems.add(path, line, f"override_to '{ov}' is not major.minor.stepping")
            continue
        if major != gfx_major(r["gfx_target"]):
            problems.add(path, line,
                         f"override_to {ov} ({target}) is not the family of {r['gfx_target']}")
        if target == r["gfx_target"]:
            problems.add(path, line, f"override_to {ov} names the GPU's own target")
        if target not in official.get(r["rocm_release"], set()):
            problems.add(path, line,
                         f"override_to {ov} ({target}) is not official in {r['rocm_release']}")
    return len(rows)


def check_kernels(path, problems):
    rows = read_table(path, KERNEL_COLUMNS, problems)
    seen = {}
    for line, r in rows:
        key = (r["rocm_release"], r["kind"], r["name"], r["version"], r["kernel"],
               r["kernel_flavor"])
        if key in seen:
            problems.add(path, line, f"duplicate {key}, first at line {seen[key]}")
        seen[key] = line
        kind = r["kind"]
        if kind not in KINDS:
            problems.add(path, line, f"kind '{kind}' not in {sorted(KINDS)}")
            continue
        if kind == "os":
            if r["name"] not in DISTROS:
                problems.add(path, line, f"distribution '{r['name']}' not in {sorted(DISTROS)}")
            if not DISTRO_VERSION_RE.match(r["version"]):
                problems.add(path, line, f"distribution version '{r['version']}' does not parse")
            if not KERNEL_RE.match(r["kernel"]):
                problems.add(path, line, f"kernel '{r['kernel']}' does not parse")
            if r["kernel_flavor"] not in FLAVORS:
                problems.add(path, line,
                             f"kernel_flavor '{r['kernel_flavor']}' not in {sorted(FLAVORS)}")
        else:
            if r["name"] != "amdgpu":
                problems.add(path, line, f"{kind} row names '{r['name']}', expected amdgpu")
            if not DRIVER_RE.match(r["version"]):
                problems.add(path, line, f"driver version '{r['version']}' does not parse")
            if r["kernel"] or r["kernel_flavor"]:
                problems.add(path, line, f"{kind} row has kernel fields")
            if kind == "amdgpu_driver" and r["version"].endswith(".x"):
                problems.add(path, line, "amdgpu_driver must name one version, not a series")
    return len(rows)


def main(argv):
    if len(argv) > 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    data = argv[1] if len(argv) == 2 else os.path.join(here, "..", "checks", "data")
    problems = Problems()
    n_support = check_support(os.path.join(data, "rocm_support.csv"), problems)
    n_kernels = check_kernels(os.path.join(data, "rocm_kernels.csv"), problems)
    for p in problems.lines:
        print(p)
    if problems.lines:
        print(f"{len(problems.lines)} problem(s)", file=sys.stderr)
        return 1
    print(f"ok: rocm_support.csv {n_support} rows, rocm_kernels.csv {n_kernels} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
