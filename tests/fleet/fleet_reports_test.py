#!/usr/bin/env python3
"""rocm-doctor fleet summarize over reports the doctor itself writes for replayed machines.

  --part golden  the terminal and JSON summaries of a 15-node fleet (tests/machines, the
                 benchmark machines with --level standard, plus a truncated file and an error
                 report) equal tests/fleet/golden/summary.{txt,json}, volatile fields (times,
                 paths, the version, the checks' message texts) normalised.
                 ROCMDOC_UPDATE_GOLDEN=1 rewrites the goldens.
  --part html    the HTML page of a smaller fleet, opened in headless Chromium: the script ran
                 (body[data-rendered]), one table row per node, no console message at all, and
                 the screenshot is a rendered page (not blank). Exit 77 (skipped)
                 when Chromium is not installed.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")

STANDARD = ["--level", "standard"]
GOLDEN_FLEET = [
    ("mi300x-bench-healthy", STANDARD),
    ("bench-memory-low", STANDARD),
    ("bench-memtest-errors", STANDARD),
    ("bench-timeout", STANDARD),
    ("mi300x-healthy", []),
    ("mi210-xgmi-healthy", []),
    ("rx7900xtx-healthy", []),
    ("kfd-permission-denied", []),
    ("pcie-link-degraded", []),
    ("vm-no-gpu", []),
    ("hip-probe-timeout", []),
    ("rocm-mixed-versions", []),
    ("amdgpu-not-loaded", []),
    ("gfx-unsupported", []),
    ("phoenix-apu", []),
]
HTML_FLEET = [
    ("mi300x-bench-healthy", STANDARD),
    ("bench-memory-low", STANDARD),
    ("bench-memtest-errors", STANDARD),
    ("kfd-permission-denied", []),
    ("rx7900xtx-healthy", []),
]


def make_reports(binary, machines, fleet, out_dir):
    def one(item):
        name, extra = item
        path = os.path.join(out_dir, name + ".json")
        r = subprocess.run([binary, "check", "--sysroot", os.path.join(machines, name),
                            "--format", "json", "-o", path] + extra,
                           capture_output=True, text=True, timeout=120)
        if not os.path.exists(path):
            raise RuntimeError("%s: no report (exit %d): %s" % (name, r.returncode, r.stderr))

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(one, fleet))


def summarize(binary, reports, *args):
    r = subprocess.run([binary, "fleet", "summarize", reports] + list(args),
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError("fleet summarize exited %d: %s" % (r.returncode, r.stderr))
    return r.stdout


def normalise_json(text, reports):
    data = json.loads(text)
    for node in data["nodes"]:
        node["started_at"] = "<time>"
        node["source"] = node["source"].replace(reports, "<reports>")
        # The checks' own wording is the machines' goldens' business (tests/golden/machines);
        # here only whether the fleet carried a message through.
        if node["root_cause_message"]:
            node["root_cause_message"] = "<message>"
    for skipped in data["skipped"]:
        skipped["path"] = skipped["path"].replace(reports, "<reports>")
    data["tool"]["version"] = "<version>"
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def compare(name, actual):
    path = os.path.join(GOLDEN, name)
    if os.environ.get("ROCMDOC_UPDATE_GOLDEN") == "1":
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w") as f:
            f.write(actual)
        print("updated " + path)
        return True
    if not os.path.exists(path):
        print("FAIL no golden %s (run with ROCMDOC_UPDATE_GOLDEN=1)" % path)
        return False
    with open(path) as f:
        expected = f.read()
    if expected == actual:
        print("ok   %s matches" % name)
        return True
    print("FAIL %s differs; diff against the golden:" % name)
    a, e = actual.splitlines(), expected.splitlines()
    for i in range(max(len(a), len(e))):
        if i >= len(a) or i >= len(e) or a[i] != e[i]:
            print("  line %d\n  golden: %s\n  actual: %s" % (i + 1, e[i] if i < len(e) else "<end>",
                                                           a[i] if i < len(a) else "<end>"))
            break
    return False


def golden(binary, machines, tmp):
    reports = os.path.join(tmp, "reports")
    os.mkdir(reports)
    make_reports(binary, machines, GOLDEN_FLEET, reports)
    # A report cut short in transfer (what varies between runs and checkouts fixed first: the
    # durations, the start time, the checkout's path; so the cut is at the same byte everywhere),
    # and what the doctor writes when it cannot run at all.
    with open(os.path.join(reports, "mi300x-healthy.json")) as f:
        whole = json.load(f)
    whole["duration_ms"] = 0
    whole["started_at"] = "2026-01-01T00:00:00Z"
    for c in whole["checks"]:
        c["duration_ms"] = 0
    text = json.dumps(whole, indent=2, sort_keys=True).replace(machines, "<machines>")
    with open(os.path.join(reports, "truncated.json"), "w") as f:
        f.write(text[: len(text) // 3])
    r = subprocess.run([binary, "check", "--sysroot", "gone", "--format", "json"],
                       capture_output=True, text=True, cwd=tmp)
    with open(os.path.join(reports, "run-failed.json"), "w") as f:
        f.write(r.stdout)
    terminal = summarize(binary, reports).replace(reports, "<reports>")
    as_json = normalise_json(summarize(binary, reports, "--format", "json"), reports)
    ok = compare("summary.txt", terminal)
    ok = compare("summary.json", as_json) and ok
    return 0 if ok else 1


def png_ink(path):
    """The share of an 8-bit PNG's filtered scanline bytes that are neither 0 nor 255.

    A blank white page is all 0xFF bytes (filter None) or zeros (the Sub/Up/Paeth filters of a
    uniform area), whatever filters the encoder chose: Chromium's blank 1200x1600 page gives
    0.03%, a rendered fleet page about 3%. No decoding of the filters needed.
    """
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    return len(raw.translate(None, b"\x00\xff")) / max(1, len(raw))


def html(binary, machines, tmp, chromium):
    reports = os.path.join(tmp, "reports")
    os.mkdir(reports)
    make_reports(binary, machines, HTML_FLEET, reports)
    page = os.path.join(tmp, "fleet.html")
    summarize(binary, reports, "--format", "html", "-o", page)
    nodes = json.loads(summarize(binary, reports, "--format", "json"))["node_count"]
    profile = os.path.join(tmp, "chromium-profile")
    base = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"]
    url = "file://" + page
    r = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    failures = []
    if 'data-rendered="yes"' not in r.stdout:
        failures.append("the page's script did not finish (no data-rendered)")
    rows = len(re.findall(r'<tr class="node-row ', r.stdout))
    if rows != nodes:
        failures.append("%d table rows rendered for %d nodes" % (rows, nodes))
    console = [l for l in r.stderr.splitlines() if ":CONSOLE" in l or "Uncaught" in l]
    if console:
        failures.append("console messages:\n  " + "\n  ".join(console))
    charts = len(re.findall(r'<svg class="chart"', r.stdout))
    outlier_marks = len(re.findall(r'<circle class="outlier"', r.stdout))
    if charts == 0 or outlier_marks == 0:
        failures.append("%d charts, %d outlier marks" % (charts, outlier_marks))
    shot = os.path.join(tmp, "fleet.png")
    subprocess.run(base + ["--hide-scrollbars", "--window-size=1200,1600",
                           "--screenshot=" + shot, url], capture_output=True, timeout=120)
    if not os.path.exists(shot):
        failures.append("no screenshot")
    else:
        ink = png_ink(shot)
        if ink < 0.005:
            failures.append("the screenshot looks blank (%.2f%% ink)" % (ink * 100))
        else:
            print("ok   the screenshot is a rendered page (%.2f%% ink)" % (ink * 100))
    if failures:
        print("FAIL " + "\nFAIL ".join(failures))
        return 1
    print("ok   %d rows for %d nodes, %d charts, %d outlier marks, no console message"
          % (rows, nodes, charts, outlier_marks))
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", required=True)
    parser.add_argument("--part", choices=["golden", "html"], required=True)
    args = parser.parse_args()
    machines = os.path.abspath(args.machines)
    args.binary = os.path.abspath(args.binary)
    chromium = None
    if args.part == "html":
        chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which(
            "chromium-browser")
        if not chromium:
            print("SKIP: chromium is not installed (apt-get install chromium)")
            return SKIP
    with tempfile.TemporaryDirectory(prefix="rocmdoc-fleet-") as tmp:
        if args.part == "golden":
            return golden(args.binary, machines, tmp)
        return html(args.binary, machines, tmp, chromium)


if __name__ == "__main__":
    sys.exit(main())
