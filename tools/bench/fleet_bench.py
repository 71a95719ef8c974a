#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How fast `rocm-doctor fleet summarize` reads a big fleet.

Makes N reports (default 10,000) in a temporary directory, copies of real reports that the doctor
writes for the replayed machines in tests/machines (the benchmark machines with --level standard,
so the copies carry ~20 benchmark figures each), each with its own host name and its figures
varied (a normal spread of 2%, and one node in 97 with a GPU 30% slow), then times
`fleet summarize DIR` in each output format, best and median of --runs runs, with the page cache
warm (the files were just written), and the peak memory of the process.

  tools/bench/fleet_bench.py --binary build-rel/rocm-doctor [--reports 10000] [--runs 3]

Use an optimised build (the default RelWithDebInfo or Release): a Debug build is several times
slower. This is a measurement, not a test: nothing fails on a slow machine unless --max-seconds
is given.
"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# (machine, extra arguments): a fleet-like mix of healthy and broken nodes.
SEEDS = [
    ("mi300x-bench-healthy", ["--level", "standard"]),
    ("mi300x-bench-healthy", ["--level", "standard"]),
    ("mi300x-bench-healthy", ["--level", "standard"]),
    ("bench-memory-low", ["--level", "standard"]),
    ("bench-memtest-errors", ["--level", "standard"]),
    ("mi300x-healthy", []),
    ("mi210-xgmi-healthy", []),
    ("rx7900xtx-healthy", []),
    ("kfd-permission-denied", []),
    ("pcie-link-degraded", []),
    ("hip-probe-timeout", []),
    ("rocm-mixed-versions", []),
]


def seed_reports(binary, machines):
    seeds = []
    for name, extra in SEEDS:
        path = os.path.join(machines, name)
        if not os.path.isdir(path):
            continue
        r = subprocess.run([binary, "check", "--sysroot", path, "--format", "json"] + extra,
                           capture_output=True, text=True)
        try:
            seeds.append(json.loads(r.stdout))
        except json.JSONDecodeError:
            print("note: %s gave no JSON report (exit %d)" % (name, r.returncode), file=sys.stderr)
    if not seeds:
        sys.exit("no seed report could be made from %s" % machines)
    return seeds


def templates(seeds):
    """Each seed as JSON text with markers where the host name and the figures go."""
    out = []
    for seed in seeds:
        seed = json.loads(json.dumps(seed))
        seed.setdefault("host", {})["hostname"] = "@@HOST@@"
        medians = []
        for k, b in enumerate(seed.get("benchmarks", [])):
            if isinstance(b.get("median"), (int, float)):
                medians.append(b["median"])
                b["median"] = "@@M%d@@" % (len(medians) - 1)
        out.append((json.dumps(seed, indent=2, sort_keys=True), medians))
    return out


def write_fleet(directory, count, seeds):
    rng = random.Random(7)
    marker = re.compile(r'"@@(HOST|M(\d+))@@"')
    total = 0
    for i in range(count):
        text, medians = seeds[i % len(seeds)]
        slow = i % 97 == 13
        values = [m * (rng.gauss(1, 0.02) * (0.7 if slow else 1)) for m in medians]
        host = "node-%05d" % i

        def fill(m):
            return json.dumps(host) if m.group(1) == "HOST" else repr(values[int(m.group(2))])

        body = marker.sub(fill, text)
        with open(os.path.join(directory, host + ".json"), "w") as f:
            f.write(body)
        total += len(body)
    return total


def time_run(argv):
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != 0:
        sys.exit("%s exited %d: %s" % (" ".join(argv), proc.returncode, err))
    # ru_maxrss is KiB on Linux. CPU time is printed beside the wall time: on a shared machine
    # the wall time also counts the other processes' turns.
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--machines", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                           "tests", "machines"))
    parser.add_argument("--reports", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", help="write the reports here and keep them")
    parser.add_argument("--max-seconds", type=float, help="exit 1 when the terminal run's best "
                                                          "time is above this")
    args = parser.parse_args()

    seeds = templates(seed_reports(args.binary, args.machines))
    directory = args.keep or tempfile.mkdtemp(prefix="rocmdoc-fleet-bench-")
    os.makedirs(directory, exist_ok=True)
    try:
        started = time.monotonic()
        size = write_fleet(directory, args.reports, seeds)
        print("%d reports from %d seeds, %.0f MB, written in %.1f s to %s"
              % (args.reports, len(seeds), size / 1e6, time.monotonic() - started, directory))
        print("load average %.1f on %d CPUs" % (os.getloadavg()[0], os.cpu_count() or 1))
        best_terminal = None
        for fmt in ("terminal", "json", "html"):
            argv = [args.binary, "fleet", "summarize", directory, "--format", fmt]
            times, cpus, rss = [], [], []
            for _ in range(args.runs):
                t, c, m = time_run(argv)
                times.append(t)
                cpus.append(c)
                rss.append(m)
            print("  --format %-8s wall best %.3f s, median %.3f s; cpu best %.3f s (%d runs); "
                  "peak RSS %.0f MiB; %.0f MB/s" % (fmt, min(times), statistics.median(times),
                                                     min(cpus), args.runs, max(rss),
                                                     size / 1e6 / min(times)))
            if fmt == "terminal":
                best_terminal = min(times)
        if args.max_seconds is not None and best_terminal > args.max_seconds:
            print("slower than %.1f s" % args.max_seconds)
            return 1
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
