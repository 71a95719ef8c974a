#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The report outputs against the real tools that consume them.

One `rocm-doctor check` per machine writes every format at once (--format terminal plus
-o json=... -o junit=... -o prometheus=... -o markdown=...). Then:
  * JUnit: the structure Jenkins and GitLab read (xml.etree; counts agree with the cases, every
    failed check has a <failure> and no other does, every undetermined one an <error>);
  * Prometheus: `promtool check metrics` is clean, and the real prometheus-node-exporter with
    --collector.textfile.directory serves our metrics on a localhost port without a scrape error;
  * the textfile directory holds no temporary file after the atomic write.
A tool that is not installed is skipped with a message; the rest still runs.

Usage: outputs_tools.py --binary rocm-doctor --source-dir DIR
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import xml.etree.ElementTree as ET

# Machines with: a warning root cause, a failure with blocked checks, 8 GPUs (per-GPU testcases),
# a timeout, a policy run (the policy layer, waivers) and recorded benchmarks.
RUNS = [
    ("pcie-link-degraded", []),
    ("kfd-permission-denied", []),
    ("mi300x-healthy", []),
    ("hip-probe-timeout", []),
    ("mi300x-healthy", ["--policy", "docs/policies/mi300x-node.toml"]),
    ("mi300x-bench-healthy", ["--level", "standard"]),  # benchmark figures in base units
]
FAILED = []
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")


def fail(what):
    FAILED.append(what)
    print(f"FAIL {what}")


def run_doctor(binary, source_dir, machine, extra, out_dir):
    paths = {fmt: os.path.join(out_dir, f"rocm_doctor.{ext}")
             for fmt, ext in [("json", "json"), ("junit", "xml"), ("prometheus", "prom"),
                              ("markdown", "md")]}
    argv = [binary, "check", "--sysroot", os.path.join(source_dir, "tests/machines", machine),
            "--format", "terminal", "--no-color"] + extra
    for fmt, path in paths.items():
        argv += ["-o", f"{fmt}={path}"]
    proc = subprocess.run(argv, cwd=source_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)
    if proc.returncode not in (0, 1, 2) or "bad policy" in proc.stderr.decode():
        fail(f"{machine}: exit {proc.returncode}: {proc.stderr.decode()[:300]}")
    if not proc.stdout.decode().startswith("rocm-doctor "):
        fail(f"{machine}: stdout is not the terminal report")
    leftovers = [n for n in os.listdir(out_dir) if ".tmp." in n]
    if leftovers:
        fail(f"{machine}: temporary files left after the atomic writes: {leftovers}")
    with open(paths["json"], encoding="utf-8") as f:
        report = json.load(f)
    if report["exit_code"] != proc.returncode:
        fail(f"{machine}: JSON exit_code {report['exit_code']} != process exit {proc.returncode}")
    return report, paths


def check_junit(name, path, report):
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        return fail(f"{name}: root element is {root.tag}, not testsuites")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    failed_cases, error_cases, case_names = set(), set(), set()
    for suite in root:
        if suite.tag != "testsuite":
            fail(f"{name}: <{suite.tag}> under <testsuites>")
            continue
        for attr in ("name", "tests", "failures", "errors", "skipped", "time", "timestamp",
                     "hostname"):
            if not suite.get(attr):
                fail(f"{name}: testsuite {suite.get('name')} has no {attr}")
        if not TIMESTAMP.match(suite.get("timestamp", "")):
            fail(f"{name}: timestamp {suite.get('timestamp')} is not the XSD's form")
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for case in suite:
            if case.tag == "properties":
                for prop in case:
                    if prop.tag != "property" or prop.get("name") is None or prop.get("value") is None:
                        fail(f"{name}: malformed property {ET.tostring(prop)[:80]}")
                continue
            if case.tag != "testcase":
                fail(f"{name}: <{case.tag}> in testsuite {suite.get('name')}")
                continue
            counts["tests"] += 1
            cname = case.get("name", "")
            if not cname or not case.get("classname") or case.get("time") is None:
                fail(f"{name}: testcase without name/classname/time: {case.attrib}")
            float(case.get("time"))
            if cname in case_names:
                fail(f"{name}: testcase {cname} twice")
            case_names.add(cname)
            kinds = [c.tag for c in case if c.tag in ("failure", "error", "skipped")]
            for child in case:
                if child.tag not in ("failure", "error", "skipped", "system-out", "system-err"):
                    fail(f"{name}: <{child.tag}> in testcase {cname}")
                if child.tag in ("failure", "error") and (child.get("message") is None or
                                                          not child.get("type")):
                    fail(f"{name}: <{child.tag}> of {cname} without message/type")
            if len(kinds) > 1:
                fail(f"{name}: testcase {cname} has {kinds}")
            check_id = cname.split(" ")[0]
            if "failure" in kinds:
                counts["failures"] += 1
                failed_cases.add(check_id)
            if "error" in kinds:
                counts["errors"] += 1
                error_cases.add(check_id)
            if "skipped" in kinds:
                counts["skipped"] += 1
        for key, value in counts.items():
            if int(suite.get(key, -1)) != value:
                fail(f"{name}: testsuite {suite.get('name')} says {key}={suite.get(key)}, has {value}")
            totals[key] += value
    for key, value in totals.items():
        if int(root.get(key, -1)) != value:
            fail(f"{name}: testsuites says {key}={root.get(key)}, has {value}")
    # The cases agree with the JSON report: each check is there, with its outcome.
    for check in report["checks"]:
        cid, status = check["id"], check["status"]
        if not any(c == cid or c.startswith(cid + " [") for c in case_names):
            fail(f"{name}: no testcase for {cid}")
        # A warning leaves the exit status 0, so it is no <failure> (report.h: ReportCounts).
        if (status == "fail") != (cid in failed_cases):
            fail(f"{name}: {cid} is {status} but {'has no' if status == 'fail' else 'has a'} <failure>")
        if status in ("unknown", "timeout", "error") and cid not in error_cases:
            fail(f"{name}: {cid} is {status} but has no <error>")
    return totals


def check_promtool(name, path):
    promtool = shutil.which("promtool")
    if promtool is None:
        print("SKIP promtool: not installed (Debian package prometheus)")
        return
    with open(path, "rb") as f:
        proc = subprocess.run([promtool, "check", "metrics"], stdin=f, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=60)
    if proc.returncode != 0 or proc.stdout.strip():
        fail(f"{name}: promtool check metrics: {proc.stdout.decode()[:500]}")


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape_node_exporter(textfile_dir):
    """Starts node-exporter on a free localhost port with only the textfile collector and
    returns one scrape of /metrics, or None when the binary is absent."""
    exporter = shutil.which("prometheus-node-exporter") or shutil.which("node_exporter")
    if exporter is None:
        print("SKIP node-exporter: not installed (Debian package prometheus-node-exporter)")
        return None
    for _ in range(3):  # another process may take the free port between bind and listen
        port = free_port()
        proc = subprocess.Popen(
            [exporter, f"--web.listen-address=127.0.0.1:{port}", "--collector.disable-defaults",
             "--collector.textfile", f"--collector.textfile.directory={textfile_dir}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and proc.poll() is None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as r:
                        return r.read().decode()
                except OSError:
                    time.sleep(0.05)  # not listening yet
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    fail("node-exporter did not serve /metrics")
    return None


def check_node_exporter(name, textfile_dir, report):
    text = scrape_node_exporter(textfile_dir)
    if text is None:
        return
    if not re.search(r"^node_textfile_scrape_error 0$", text, re.M):
        fail(f"{name}: node-exporter reports a textfile scrape error:\n" +
             "\n".join(l for l in text.splitlines() if "textfile" in l)[:800])
    verdict = report["verdict"]
    if not re.search(rf'^rocm_doctor_verdict\{{verdict="{verdict}"\}} 1$', text, re.M):
        fail(f"{name}: node-exporter does not serve rocm_doctor_verdict{{verdict=\"{verdict}\"}} 1")
    if not re.search(rf"^rocm_doctor_exit_code {report['exit_code']}$", text, re.M):
        fail(f"{name}: node-exporter does not serve rocm_doctor_exit_code {report['exit_code']}")
    served = {l.split("{")[0].split(" ")[0] for l in text.splitlines()
              if l.startswith("rocm_doctor_")}
    for metric in ("rocm_doctor_info", "rocm_doctor_check_status",
                   "rocm_doctor_last_run_timestamp_seconds", "rocm_doctor_run_duration_seconds"):
        if metric not in served:
            fail(f"{name}: node-exporter does not serve {metric}")
    return len(served)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--source-dir", required=True)
    args = parser.parse_args()
    for machine, extra in RUNS:
        name = machine + (" with " + " ".join(extra) if extra else "")
        with tempfile.TemporaryDirectory(prefix="rocmdoc-outputs-") as out_dir:
            report, paths = run_doctor(args.binary, args.source_dir, machine, extra, out_dir)
            totals = check_junit(name, paths["junit"], report)
            check_promtool(name, paths["prometheus"])
            with open(paths["markdown"], encoding="utf-8") as f:
                md = f.read()
            if not md.startswith("## rocm-doctor: ") or "### Checks" not in md:
                fail(f"{name}: the Markdown report lacks its heading or checks")
            # The directory is the textfile directory, as deployed: the collector reads the
            # *.prom file the doctor renamed into place and ignores the other formats.
            families = check_node_exporter(name, out_dir, report)
            print(f"ok {name}: {totals} JUnit cases; {families} metric families served")
    print(f"{len(FAILED)} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
