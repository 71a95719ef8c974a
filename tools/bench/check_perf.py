#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Wall time and peak memory of `rocm-doctor check`: live on this host and replaying a machine.

Usage: tools/bench/check_perf.py [--binary build/rocm-doctor] [--baseline OLD_BINARY]
                                 [--runs 30] [--warmup 3] [--case live|replay ...] [--nice N]

Two cases (issue 14, "Speed"):
  live    rocm-doctor check --skip frameworks --format json          aim: median under 40 ms
  replay  rocm-doctor check --sysroot tests/machines/mi300x-healthy   aim: median under 20 ms
Peak memory (max RSS from wait4: the doctor or the largest child it reaped) stays under 20 MiB.
CPU is user + system time of the doctor and its children: less noisy than wall time on a
shared machine.

Each run is a fresh process whose report goes to /dev/null. Measure a Release build: a Debug
build is several times slower and says nothing about the aims. With --baseline the old binary
runs interleaved with the new one (old, new, old, new, ...), so load from other processes on the
machine falls on both alike, and the table shows them side by side. The first --warmup runs of
each binary (page cache, dynamic loader) are not counted.
"""
import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = {
    "live": (["--skip", "frameworks"], 40.0),
    "replay": (["--sysroot", os.path.join(ROOT, "tests", "machines", "mi300x-healthy")], 20.0),
}
RSS_AIM_MIB = 20.0


def run_once(argv):
    """Wall ms, peak RSS in MiB, exit code and CPU ms (user + system) of one run of argv.

    wait4's usage covers the doctor and the children it reaped (the probe helpers): the peak
    RSS is the largest of them, the CPU time their sum."""
    start = time.perf_counter()
    pid = os.spawnv(os.P_NOWAIT, argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), cpu


def percentile(values, fraction):
    """Nearest-rank percentile (p90 of 30 runs is the 27th smallest)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def summary(samples):
    walls = [s[0] for s in samples]
    return {
        "median": statistics.median(walls),
        "p90": percentile(walls, 0.9),
        "rss": max(s[1] for s in samples),
        "exit": sorted({s[2] for s in samples}),
        "cpu": statistics.median(s[3] for s in samples),
    }


def measure(binaries, extra, runs, warmup):
    """Runs every binary `runs` times, interleaved; returns one summary per binary."""
    samples = {b: [] for b in binaries}
    for i in range(warmup + runs):
        for binary in binaries:
            result = run_once([binary, "check", "--format", "json"] + extra)
            if i >= warmup:
                samples[binary].append(result)
    return {b: summary(samples[b]) for b in binaries}


def cell(stats):
    exits = ",".join(str(e) for e in stats["exit"])
    return (f"{stats['median']:7.1f} {stats['p90']:7.1f} {stats['cpu']:6.1f} {stats['rss']:6.1f} "
            f"{exits:>4}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "rocm-doctor"))
    parser.add_argument("--baseline", help="the previous commit's binary, measured alongside")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--case", action="append", choices=sorted(CASES),
                        help="measure only this case (repeatable); default: both")
    parser.add_argument("--nice", type=int, default=None, metavar="N",
                        help="run the measured processes at this nice value (root may give a "
                             "negative one, e.g. -20, so builds on a shared machine take the "
                             "spare time instead of the measured run)")
    args = parser.parse_args()
    if args.runs < 1 or args.warmup < 0:
        parser.error("--runs must be at least 1 and --warmup not negative")
    binaries = [os.path.abspath(args.binary)]
    if args.baseline:
        binaries.insert(0, os.path.abspath(args.baseline))
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary}: not an executable file")

    if args.nice is not None:
        os.setpriority(os.PRIO_PROCESS, 0, args.nice)  # inherited by every measured child
    devnull = os.open(os.devnull, os.O_WRONLY)
    saved_stdout = os.dup(1)
    os.dup2(devnull, 1)  # the reports themselves are not measured output
    out = os.fdopen(saved_stdout, "w")

    heads = ["baseline", "this build"] if args.baseline else ["this build"]
    group = f"{'median':>7} {'p90':>7} {'cpu':>6} {'MiB':>6} {'exit':>4}"
    out.write(f"{args.runs} runs each after {args.warmup} warm-up: wall ms (median, p90), "
              f"median CPU ms, peak RSS MiB\n")
    out.write(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine "
              f"slows both columns alike), nice {os.getpriority(os.PRIO_PROCESS, 0)}\n")
    out.write(f"{'case':<8} " + "   ".join(f"{h:<36}" for h in heads) + "\n")
    out.write(f"{'':<8} " + "   ".join(group for _ in heads) + "\n")
    for name in args.case or ["live", "replay"]:
        extra, aim = CASES[name]
        stats = measure(binaries, extra, args.runs, args.warmup)
        line = f"{name:<8} " + "   ".join(cell(stats[b]) for b in binaries)
        new = stats[binaries[-1]]
        verdict = "ok" if new["median"] < aim and new["rss"] < RSS_AIM_MIB else "over aim"
        line += f"   (aim: median < {aim:.0f} ms, < {RSS_AIM_MIB:.0f} MiB: {verdict})"
        if args.baseline:
            old = stats[binaries[0]]["median"]
            line += f"  median {100 * (new['median'] - old) / old:+.0f}%"
        out.write(line + "\n")
        out.flush()


if __name__ == "__main__":
    main()
