#!/usr/bin/env python3
"""What the frameworks layer costs `rocm-doctor check`, beside `python -m torch.utils.collect_env`.

Usage: tools/bench/frameworks_perf.py [--binary build/rocm-doctor] [--runs 30] [--slow-runs 5]
                                      [--python /usr/bin/python3] [MACHINE_DIR...]

1. The files-only framework facts (issue 4: under 10 ms): the median wall time of
   `check --skip <the probe checks of the layer>` minus that of `check --skip frameworks`, on
   this host and on each machine directory (default: tests/machines/torch-rocm-healthy). Both
   runs do everything else alike, so the difference is the Python discovery and framework files.
2. A full `check` on this host, the live framework probe included, and the probe's import alone
   (`<python> -c "import torch"`), to show the check takes as long as the slowest import.
3. `<python> -m torch.utils.collect_env`, PyTorch's own environment report, on the same host.

Each run is a fresh process; medians and best times over the runs.
"""
import argparse
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
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--slow-runs", type=int, default=5)
    parser.add_argument("--python", default="/usr/bin/python3")
    parser.add_argument("machines", nargs="*")
    args = parser.parse_args()
    machines = args.machines or [os.path.join(ROOT, "tests", "machines", "torch-rocm-healthy")]
    check = [args.binary, "check", "--format", "json"]

    print("Static framework facts: check without the layer's probe checks, minus check without "
          "the layer")
    print("\n| target | without frameworks | with the static checks | added |")
    print("| --- | --- | --- | --- |")
    for label, extra in [("this host (live)", [])] + [
            (os.path.relpath(m, ROOT), ["--sysroot", m]) for m in machines]:
        base, _, _ = wall(check + extra + ["--skip", "frameworks"], args.runs)
        static, _, _ = wall(check + extra + skips(PROBE_CHECKS), args.runs)
        print(f"| {label} | {base:.1f} ms | {static:.1f} ms | {static - base:+.1f} ms |")

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
