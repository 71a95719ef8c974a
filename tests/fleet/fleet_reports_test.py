#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""rocm-doctor fleet summarize over reports the doctor itself writes for replayed machines.

  --part golden  the terminal and JSON summaries of a 15-node fleet (tests/machines, the
                 benchmark machines with --level standard, plus a truncated file and an error
                 report) equal tests/fleet/golden/summary.{txt,json}, volatile fields (times,
                 paths, the version, the checks' message texts) normalised.
                 ROCMDOC_UPDATE_GOLDEN=1 rewrites the goldens.
  --part html    the HTML page of a smaller fleet (pass, warn and fail nodes, and a GPU model
                 benchmarked once), opened in headless Chromium at 1280x900: the script ran
                 (body[data-rendered]), one table row per node, no console message at all; the
                 node table's first row is in the first screen and before any chart; warn and
                 fail rows and root-cause bars are drawn differently, each verdict with a mark
                 and word of its own; a figure with one value is text, not a chart; the
                 screenshot (kept as --out-dir/fleet.png with the page) is not blank. Exit 77
                 (skipped) when Chromium is not installed.
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
    ("pcie-link-degraded", []),  # warn
    ("vm-no-gpu", []),
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


# Appended to a copy of the page: measures, after the page's own script, where the node table and
# the first chart are in the window and how each row and root-cause group is drawn, and writes it
# into the DOM for --dump-dom (which gives no geometry of its own).
MEASURE = """<script>
(function () {
  function box(el) {
    if (!el) return null;
    var r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom};
  }
  function style(el) {
    var s = getComputedStyle(el);
    return {color: s.color, background: s.backgroundColor, border: s.borderLeftColor};
  }
  var rows = [].map.call(document.querySelectorAll('#node-table tr.node-row'), function (tr) {
    var cell = tr.querySelector('td.verdict');
    return {cls: tr.className, label: cell ? cell.textContent : '', row: style(tr.cells[0]),
            cell: cell ? style(cell) : null};
  });
  var groups = [].map.call(document.querySelectorAll('#groups tr.group'), function (tr) {
    var bar = tr.querySelector('.groupbar');
    return {cls: tr.className, text: tr.textContent, bar: bar ? style(bar).background : ''};
  });
  var out = {height: window.innerHeight, table: box(document.getElementById('node-table')),
             first_row: box(document.querySelector('#node-table tr.node-row')),
             first_chart: box(document.querySelector('svg.chart')), rows: rows, groups: groups};
  var pre = document.createElement('pre');
  pre.id = 'measured';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"""


def measured(dom):
    m = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
    if not m:
        return None
    text = m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(text.replace("&amp;", "&"))


def judge_layout(m, figures, failures):
    """The first screen shows the node table; warn and fail look different, not by colour alone."""
    if m["table"] is None or m["first_row"] is None:
        failures.append("no node table or no row in it")
        return
    if m["first_row"]["bottom"] > m["height"]:
        failures.append("the node table's first row ends at %.0f px, below the first screen "
                        "(%d px)" % (m["first_row"]["bottom"], m["height"]))
    if m["first_chart"] is not None and m["first_chart"]["top"] < m["table"]["top"]:
        failures.append("a chart (at %.0f px) comes before the node table (at %.0f px)"
                        % (m["first_chart"]["top"], m["table"]["top"]))
    by_verdict = {}
    for row in m["rows"]:
        verdict = row["cls"].split()[-1]
        by_verdict.setdefault(verdict, row)
    for need in ("pass", "warn", "fail"):
        if need not in by_verdict:
            failures.append("no %s row in the table (classes: %s)"
                            % (need, sorted(r["cls"] for r in m["rows"])))
    if "warn" in by_verdict and "fail" in by_verdict:
        warn, fail = by_verdict["warn"], by_verdict["fail"]
        if warn["row"] == fail["row"]:
            failures.append("warn and fail rows are drawn alike: %s" % warn["row"])
        if warn["cell"] == fail["cell"]:
            failures.append("warn and fail verdict cells are coloured alike: %s" % warn["cell"])
        # Not by colour alone: each verdict has its own mark beside the word.
        marks = {v: r["label"].split()[0] if r["label"].split() else "" for v, r in by_verdict.items()}
        if len(set(marks.values())) != len(marks) or any(
                not by_verdict[v]["label"].endswith(v) for v in by_verdict):
            failures.append("the verdict cells do not carry a mark and word of their own: %s"
                            % {v: r["label"] for v, r in by_verdict.items()})
        print("ok   warn row %s %s, fail row %s %s" % (warn["label"], warn["row"], fail["label"],
                                                       fail["row"]))
    bars = {}
    for g in m["groups"]:
        for verdict in ("warn", "fail"):
            if verdict in g["cls"].split():
                bars.setdefault(verdict, g["bar"])
    if len(bars) != 2 or bars["warn"] == bars["fail"]:
        failures.append("the root-cause groups' bars do not tell warn from fail: %s" % bars)
    # A figure with one value (one GPU, or all GPUs alike) is text, not a chart of one bar.
    spread = [f for f in figures if f["count"] >= 2 and f["min"] != f["max"]]
    if not any(f["count"] == 1 for f in figures):
        failures.append("the test fleet has no single-GPU figure")
    return len(spread), len(figures) - len(spread)


def html(binary, machines, tmp, chromium, out_dir):
    reports = os.path.join(tmp, "reports")
    os.mkdir(reports)
    make_reports(binary, machines, HTML_FLEET, reports)
    # One GPU of another model, benchmarked once: every figure of that model has a single point.
    with open(os.path.join(reports, "mi300x-bench-healthy.json")) as f:
        text = f.read()
    one = json.loads(text.replace("AMD Instinct MI300X", "AMD Instinct MI300A"))
    one["host"]["hostname"] = "mi300a-single"
    with open(os.path.join(reports, "mi300a-single.json"), "w") as f:
        json.dump(one, f)
    page = os.path.join(tmp, "fleet.html")
    summarize(binary, reports, "--format", "html", "-o", page)
    summary = json.loads(summarize(binary, reports, "--format", "json"))
    nodes = summary["node_count"]
    measuring = os.path.join(tmp, "fleet-measured.html")
    with open(page) as f:
        body = f.read()
    with open(measuring, "w") as f:
        f.write(body.replace("</body>", MEASURE + "\n</body>"))
    profile = os.path.join(tmp, "chromium-profile")
    base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
            "--hide-scrollbars", "--window-size=1280,900"]
    r = subprocess.run(base + ["--dump-dom", "file://" + measuring], capture_output=True,
                       text=True, timeout=120)
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
    as_text = len(re.findall(r'<tr class="figure-text', r.stdout))
    if charts == 0 or outlier_marks == 0:
        failures.append("%d charts, %d outlier marks" % (charts, outlier_marks))
    m = measured(r.stdout)
    if m is None:
        failures.append("the measuring script left no result")
    else:
        counts = judge_layout(m, summary["benchmarks"], failures)
        if counts and (charts, as_text) != counts:
            failures.append("%d charts and %d figures as text; want %d and %d (a chart only for a "
                            "figure with two values or more)" % ((charts, as_text) + counts))
    os.makedirs(out_dir, exist_ok=True)
    shot = os.path.join(out_dir, "fleet.png")
    if os.path.exists(shot):
        os.unlink(shot)
    shutil.copy(page, os.path.join(out_dir, "fleet.html"))
    subprocess.run(base + ["--screenshot=" + shot, "file://" + page], capture_output=True,
                   timeout=120)
    if not os.path.exists(shot):
        failures.append("no screenshot")
    else:
        ink = png_ink(shot)
        if ink < 0.005:
            failures.append("the screenshot looks blank (%.2f%% ink)" % (ink * 100))
        else:
            print("ok   the screenshot %s is a rendered page (%.2f%% ink)" % (shot, ink * 100))
    if failures:
        print("FAIL " + "\nFAIL ".join(failures))
        return 1
    print("ok   %d rows for %d nodes, %d charts, %d figures as text, %d outlier marks, no console "
          "message" % (rows, nodes, charts, as_text, outlier_marks))
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", required=True)
    parser.add_argument("--part", choices=["golden", "html"], required=True)
    parser.add_argument("--out-dir", default=os.getcwd(),
                        help="html: where the screenshot and the page are kept")
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
        return html(args.binary, machines, tmp, chromium, os.path.abspath(args.out_dir))


if __name__ == "__main__":
    sys.exit(main())
