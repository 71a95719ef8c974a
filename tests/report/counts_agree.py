#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every format prints the same counts and the same verdict, on every replayed machine.

One `rocm-doctor check --sysroot tests/machines/NAME` per machine (with its EXPECT's level,
--expect-gpus and --only) writes the terminal page, JSON, JUnit, Prometheus and Markdown at once.
Then:
  * the JSON counts are recomputed here from the definition (report.h: ReportCounts): failures =
    checks with status fail; root causes = failing checks none of whose prerequisites failed,
    transitively (architecture rule 7); symptoms = the other failing checks; warnings = status
    warn; passed = pass; info = info; undetermined = unknown/timeout/error; skipped = skip;
  * the terminal counts line, the Markdown "Checks" line, the JUnit suite properties and the
    <failure>/<error>/<skipped> cases (by check, a per-GPU check being one case per GPU), and
    Prometheus' rocm_doctor_checks and rocm_doctor_check_status all say the same;
  * the verdict in words is the same in every format, and "ready for ROCm work" appears only
    where a GPU was seen through the stack (gpu_seen.seen, src/core/gpu_seen.h).

Usage: counts_agree.py --binary rocm-doctor --source-dir DIR
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

KEYS = ["failures", "root_causes", "symptoms", "warnings", "passed", "info", "undetermined",
        "skipped"]
FAILED = []
TERMINAL = re.compile(
    r"^(\d+) failures?(?: \((\d+) root causes?(?:, (\d+) symptoms?)?\))? · (\d+) warnings? · "
    r"(\d+) passed(?: · (\d+) informational)?(?: · (\d+) undetermined)? · (\d+) skipped"
    r"(?: — (.*) \(exit (\d+)\))?$")


def fail(what):
    FAILED.append(what)
    print(f"FAIL {what}")


def expected_counts(report):
    by_id = {c["id"]: c for c in report["checks"]}
    memo = {}

    def upstream_failed(cid, seen=()):
        if cid in memo:
            return memo[cid]
        result = False
        for p in by_id[cid]["prerequisites"]:
            if p in by_id and p not in seen and (
                    by_id[p]["status"] == "fail" or upstream_failed(p, seen + (cid,))):
                result = True
        memo[cid] = result
        return result

    n = dict.fromkeys(KEYS, 0)
    for c in report["checks"]:
        s = c["status"]
        if s == "fail":
            n["failures"] += 1
            n["symptoms" if upstream_failed(c["id"]) else "root_causes"] += 1
        elif s == "warn":
            n["warnings"] += 1
        elif s == "pass":
            n["passed"] += 1
        elif s == "info":
            n["info"] += 1
        elif s == "skip":
            n["skipped"] += 1
        else:
            n["undetermined"] += 1
    return n


def parse_counts_line(text, where, name):
    for line in text.splitlines():
        m = TERMINAL.match(line.strip())
        if m:
            g = [int(x) if x and x.isdigit() else 0 for x in m.groups()[:8]]
            counts = dict(zip(["failures", "root_causes", "symptoms", "warnings", "passed", "info",
                               "undetermined", "skipped"], g))
            return counts, m.group(9)
    fail(f"{name}: no counts line in the {where}")
    return None, None


def check_machine(binary, source_dir, name, out_dir):
    machine = os.path.join(source_dir, "tests", "machines", name)
    args = [binary, "check", "--sysroot", machine, "--no-color"]
    with open(os.path.join(machine, "EXPECT"), encoding="utf-8") as f:
        for line in f:
            words = line.split("#")[0].split()
            if len(words) == 2 and words[0] == "level":
                args += ["--level", words[1]]
            if len(words) == 2 and words[0] == "expect-gpus":
                args += ["--expect-gpus", words[1]]
            if len(words) == 2 and words[0] == "only":
                args += ["--only", words[1]]
    paths = {fmt: os.path.join(out_dir, f"{name}.{fmt}")
             for fmt in ("json", "junit", "prometheus", "markdown")}
    for fmt, path in paths.items():
        args += ["-o", f"{fmt}={path}"]
    run = subprocess.run(args, capture_output=True, text=True, timeout=120)
    # The terminal rendering too: test_fix_lines reads all three from --renders.
    with open(os.path.join(out_dir, f"{name}.terminal"), "w", encoding="utf-8") as f:
        f.write(run.stdout)
    with open(paths["json"], encoding="utf-8") as f:
        report = json.load(f)
    if run.returncode != report["exit_code"]:
        fail(f"{name}: exit {run.returncode}, the report says {report['exit_code']}")
    want = expected_counts(report)
    counts = report.get("counts", {})
    for key in KEYS:
        if counts.get(key) != want[key]:
            fail(f"{name}: JSON counts.{key} = {counts.get(key)}, the definition gives {want[key]}")
    if counts.get("checks") != len(report["checks"]):
        fail(f"{name}: JSON counts.checks = {counts.get('checks')}, {len(report['checks'])} checks")
    text = report["verdict_text"]
    seen = report["gpu_seen"]["seen"]
    if text.startswith("ready") and not seen:
        fail(f"{name}: says '{text}' but no GPU was seen through the stack")
    if report["verdict"] in ("pass", "warn") and seen != text.startswith("ready"):
        fail(f"{name}: verdict {report['verdict']}, gpu_seen {seen}, but says '{text}'")
    if not seen and report["verdict"] in ("pass", "warn") and not report["gpu_seen"]["not_verified"]:
        fail(f"{name}: not verified, but says nothing of what could not be")

    # Terminal: the counts line and the verdict.
    got, verdict = parse_counts_line(run.stdout, "terminal page", name)
    if got is not None:
        if got != want:
            fail(f"{name}: terminal counts {got}, want {want}")
        if verdict != text:
            fail(f"{name}: terminal verdict '{verdict}', JSON '{text}'")
    # Markdown: the Checks line and the heading.
    with open(paths["markdown"], encoding="utf-8") as f:
        markdown = f.read()
    got, _ = parse_counts_line(markdown, "Markdown", name)
    if got is not None and got != want:
        fail(f"{name}: Markdown counts {got}, want {want}")
    heading = markdown.splitlines()[0]
    if text not in heading:
        fail(f"{name}: Markdown heading '{heading}' lacks '{text}'")
    # JUnit: the properties, and the cases by check.
    root = ET.parse(paths["junit"]).getroot()
    by_status = {"failure": set(), "error": set(), "skipped": set()}
    for suite in root.iter("testsuite"):
        props = {p.get("name"): p.get("value") for p in suite.iter("property")}
        for key in KEYS:
            if props.get("checks." + key) != str(want[key]):
                fail(f"{name}: JUnit suite {suite.get('name')} checks.{key} = "
                     f"{props.get('checks.' + key)}, want {want[key]}")
        if props.get("verdict_text") != text:
            fail(f"{name}: JUnit verdict_text '{props.get('verdict_text')}', JSON '{text}'")
        for case in suite.iter("testcase"):
            cid = case.get("name").split(" [")[0]
            for child in case:
                if child.tag in by_status:
                    by_status[child.tag].add(cid)
    ids = lambda *statuses: {c["id"] for c in report["checks"] if c["status"] in statuses}
    for tag, statuses in [("failure", ("fail",)), ("error", ("unknown", "timeout", "error")),
                          ("skipped", ("skip",))]:
        if by_status[tag] != ids(*statuses):
            fail(f"{name}: JUnit <{tag}> on {sorted(by_status[tag])}, the report's "
                 f"{'/'.join(statuses)} checks are {sorted(ids(*statuses))}")
    # Prometheus: rocm_doctor_checks and the per-check state set.
    prom = {}
    status_ones = {}
    with open(paths["prometheus"], encoding="utf-8") as f:
        for line in f:
            m = re.match(r'^rocm_doctor_checks\{result="(\w+)"\} (\d+)$', line)
            if m:
                prom[m.group(1)] = int(m.group(2))
            m = re.match(r'^rocm_doctor_check_status\{.*status="(\w+)"\} 1$', line)
            if m:
                status_ones[m.group(1)] = status_ones.get(m.group(1), 0) + 1
    names = {"failures": "failed", "root_causes": "root_cause", "symptoms": "symptom",
             "warnings": "warning", "passed": "passed", "info": "info",
             "undetermined": "undetermined", "skipped": "skipped"}
    for key, label in names.items():
        if prom.get(label) != want[key]:
            fail(f"{name}: Prometheus rocm_doctor_checks{{result=\"{label}\"}} = {prom.get(label)},"
                 f" want {want[key]}")
    for status, key in [("fail", "failures"), ("warn", "warnings"), ("pass", "passed"),
                        ("info", "info"), ("skip", "skipped")]:
        if status_ones.get(status, 0) != want[key]:
            fail(f"{name}: Prometheus check_status {status} = {status_ones.get(status, 0)}, "
                 f"want {want[key]}")
    return want


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--renders", help="keep every machine's renderings here (terminal, "
                        "json, junit, prometheus, markdown) for test_fix_lines")
    args = parser.parse_args()
    machines_dir = os.path.join(args.source_dir, "tests", "machines")
    names = sorted(n for n in os.listdir(machines_dir)
                   if os.path.isfile(os.path.join(machines_dir, n, "EXPECT")))
    if len(names) < 50:
        fail(f"only {len(names)} machines under {machines_dir}")
    def one(name, out_dir):
        try:
            check_machine(args.binary, args.source_dir, name, out_dir)
        except (OSError, ValueError, KeyError, ET.ParseError,
                subprocess.TimeoutExpired) as e:
            fail(f"{name}: {type(e).__name__}: {e}")

    def all_machines(out_dir):
        # One machine per CPU at a time: each run is one replay, mostly waiting on the disk.
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(lambda name: one(name, out_dir), names))

    if args.renders:
        os.makedirs(args.renders, exist_ok=True)
        all_machines(args.renders)
    else:
        with tempfile.TemporaryDirectory() as out_dir:
            all_machines(out_dir)
    print(f"{len(names)} machines, 5 formats each: {len(FAILED)} disagreements")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
