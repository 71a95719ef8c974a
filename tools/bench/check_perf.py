#!/usr/bin/env python3
"""Wall time and peak memory of `rocm-doctor check`, on this host and on replayed machines.

Usage: tools/bench/check_perf.py [--binary build/rocm-doctor] [--runs 20] [MACHINE_DIR...]
Without machine directories it measures this host and the largest machine under tests/machines/.
Each run is a fresh process; peak memory is the child's max RSS (getrusage), wall time the
median and best over the runs. Aim (issue 2): under 50 ms and 20 MB.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def tree_size(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total


def largest_machine():
    base = os.path.join(ROOT, "tests", "machines")
    dirs = [os.path.join(base, d) for d in os.listdir(base)
            if os.path.isfile(os.path.join(base, d, "EXPECT"))]
    return max(dirs, key=tree_size) if dirs else None


def measure(argv, runs):
    walls, rss = [], []
    for _ in range(runs):
        start = time.perf_counter()
        pid = os.spawnv(os.P_NOWAIT, argv[0], argv)
        _, status, usage = os.wait4(pid, 0)
        walls.append((time.perf_counter() - start) * 1000)
        rss.append(usage.ru_maxrss / 1024)  # KiB -> MiB
        code = os.waitstatus_to_exitcode(status)
    return walls, rss, code


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "rocm-doctor"))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("machines", nargs="*")
    args = parser.parse_args()
    targets = [("this host", [])]
    machines = args.machines or [m for m in [largest_machine()] if m]
    targets += [(os.path.relpath(m, ROOT), ["--sysroot", m]) for m in machines]
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # the report itself is not measured output
    print(f"{'target':<40} {'exit':>4} {'median ms':>10} {'best ms':>8} {'peak MiB':>9}",
          file=sys.stderr)
    for name, extra in targets:
        argv = [args.binary, "check", "--format", "json"] + extra
        walls, rss, code = measure(argv, args.runs)
        print(f"{name:<40} {code:>4} {statistics.median(walls):>10.1f} {min(walls):>8.1f} "
              f"{max(rss):>9.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
