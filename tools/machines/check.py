#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Regenerates every machine into a temporary directory and compares it with the committed tree:
the ctest machines_regenerate. Fails (exit 1) with the list of differing paths when a machine
directory is not exactly what tools/make_machines.py writes from this repository alone.

    python3 tools/machines/check.py [--machines tests/machines]

python3 standard library only.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from machines import treediff  # noqa: E402
from machines.core import REPO  # noqa: E402

# Files of tests/machines that are not machines (not generated).
NOT_GENERATED = ["README.md", "replay_test.cpp"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--machines", default=os.path.join(REPO, "tests", "machines"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="rocmdoc-machines-")
    try:
        out = os.path.join(tmp, "machines")
        run = subprocess.run([sys.executable, os.path.join(REPO, "tools", "make_machines.py"),
                              "--out", out], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True)
        if run.returncode != 0:
            print(run.stdout, end="")
            print(f"tools/make_machines.py failed (exit {run.returncode})")
            return 1
        lines = treediff.diff(args.machines, out, NOT_GENERATED)
        if lines:
            print(f"{len(lines)} path(s) differ between {args.machines} (committed) and the "
                  "regenerated tree (python3 tools/make_machines.py):")
            for line in lines:
                print("  " + line)
            return 1
        count = sum(1 for e in os.listdir(out) if os.path.isdir(os.path.join(out, e)))
        print(f"all {count} machines regenerate byte for byte")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
