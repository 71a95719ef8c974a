#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What the frameworks layer costs `rocm-doctor check`, beside `python -m torch.utils.collect_env`.

Usage: tools/bench/frameworks_perf.py [--binary build/rocm-doctor] [--runs 60] [--slow-runs 5]
                                      [--python /usr/bin/python3] [MACHINE_DIR...]

1. The files-only framework facts (issue 4: under 10 ms), two ways, on this host and on each
   machine directory (default: tests/machines/torch-rocm-healthy):
   - in the process: the duration_ms the JSON report gives `frameworks.jax` run alone (it only
     collects FrameworkFacts: the Python discovery and every framework's files), beside that of
     `driver.wsl` alone (a check that reads one path: the engine's own cost per check);
   - end to end: `check --skip <the layer's probe checks>` minus `check --skip frameworks`, the
     two run alternately and the median of the paired differences taken, so that drift in the
     host's load cancels out.
2. A full `check` on this host, the live framework probe included, and the probe's import alone
   (`<python> -c "import torch"`), to show the check takes as long as the slowest import.
3. `<python> -m torch.utils.collect_env`, PyTorch's own environment report, on the same host.

Each run is a fresh process; medians and best times over the runs.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROBE_CHECKS = ["frameworks.torch_arch", "frameworks.torch_gpu", "frameworks.tensorflow_gpu",
                "frameworks.jax_gpu", "frameworks.onnxruntime_gpu", "frameworks.vllm_gpu"]


def wall(argv, runs):
    times, code = [], None
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
        code = done.returncode
    return statistics.median(times), min(times), code


def paired(a, b, runs):
    """Median wall times of a and b and the median of (b - a), run alternately."""
    ta, tb, diff = [], [], []
    for _ in range(runs):
        x = wall(a, 1)[0]
        y = wall(b, 1)[0]
        ta.append(x)
        tb.append(y)
        diff.append(y - x)
    return statistics.median(ta), statistics.median(tb), statistics.median(diff)


def check_duration(argv, check, runs):
    """Median and best duration_ms of one check, from the JSON report."""
    times = []
    for _ in range(runs):
        out = subprocess.run(argv, capture_output=True, text=True).stdout
        for c in json.loads(out)["checks"]:
            if c["id"] == check:
                times.append(c["duration_ms"])
    return statistics.median(times), min(times)


def skips(names):
    out = []
    for n in names:
        out += ["--skip", n]
    return out


def row(label, median, best, code=None):
    extra = "" if code is None else f" | {code}"
    print(f"| {label} | {median:.1f} ms | {best:.1f} ms{extra} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "rocm-doctor"))
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--slow-runs", type=int, default=5)
    parser.add_argument("--python", default="/usr/bin/python3")
    parser.add_argument("machines", nargs="*")
    args = parser.parse_args()
    machines = args.machines or [os.path.join(ROOT, "tests", "machines", "torch-rocm-healthy")]
    check = [args.binary, "check", "--format", "json"]

    targets = [("this host (live)", [])] + [
        (os.path.relpath(m, ROOT), ["--sysroot", m]) for m in machines]
    print("Static framework facts, in the process (duration_ms of the check alone; median / best)")
    print("\n| target | frameworks.jax (FrameworkFacts) | driver.wsl (one read) |")
    print("| --- | --- | --- |")
    for label, extra in targets:
        facts = check_duration(check + extra + ["--only", "frameworks.jax"], "frameworks.jax",
                               args.runs)
        trivial = check_duration(check + extra + ["--only", "driver.wsl"], "driver.wsl", args.runs)
        print(f"| {label} | {facts[0]:.1f} / {facts[1]:.1f} ms | {trivial[0]:.1f} / "
              f"{trivial[1]:.1f} ms |")

    print("\nStatic framework checks, end to end (medians; runs alternate)")
    print("\n| target | check --skip frameworks | with the static checks | added (paired) |")
    print("| --- | --- | --- | --- |")
    for label, extra in targets:
        base, static, added = paired(check + extra + ["--skip", "frameworks"],
                                     check + extra + skips(PROBE_CHECKS), args.runs)
        print(f"| {label} | {base:.1f} ms | {static:.1f} ms | {added:+.1f} ms |")

    print(f"\nThis host, {args.slow_runs} runs each\n")
    print("| command | median | best | exit |")
    print("| --- | --- | --- | --- |")
    row("rocm-doctor check (live framework probe included)", *wall(check, args.slow_runs))
    row("rocm-doctor check --skip frameworks", *wall(check + ["--skip", "frameworks"],
                                                     args.slow_runs))
    row(f"{args.python} -c 'import torch' (the probe's import alone)",
        *wall([args.python, "-c", "import torch"], args.slow_runs))
    row(f"{args.python} -m torch.utils.collect_env",
        *wall([args.python, "-m", "torch.utils.collect_env"], args.slow_runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
