#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds every replayed machine directory under tests/machines/ (docs/machine-format.md).

One command rebuilds all of them from what is in this repository, byte for byte:

    python3 tools/make_machines.py [--out tests/machines] [--captures DIR] [NAME ...]

1. The machines built from real public captures (tests/data/captures/, see its PROVENANCE.md):
   tools/machines/scenarios/*.py, one builder per machine, on the host/GPU pieces of
   tools/machines/{core,hosts,gpus}.py. What a capture does not hold (the rest of a whole host:
   /proc, /etc, machine.json, the PCI layout around a copied `cardN/device` dir) is added there,
   and each machine's README.md, written by it, says which is which.
2. The machines first derived from those by hand (`cp -a` + edits): tools/machines/records/*.py,
   one data record per machine (its base, the edits, EXPECT, README), applied by
   tools/machines/records.py.
3. The frameworks layer's torch-* machines: tools/make_framework_machines.py, which copies
   machines of steps 1 and 2.

NAME (a machine directory name; default: all) limits the build to those machines; the machines
they copy must already be in --out. Only the directories named are replaced; nothing else under
--out is touched. tests/machines.cmake's machines_regenerate test checks that the committed tree
is exactly what this writes (tools/machines/treediff.py). python3 standard library only.
"""
import argparse
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from machines import derived  # noqa: E402
from machines.core import DEFAULT_CAPTURES, REPO  # noqa: E402
from machines.scenarios import GENERATED  # noqa: E402


def framework_builders():
    """The torch-* builders of tools/make_framework_machines.py: {machine name: builder}."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_framework_machines.py")
    spec = importlib.util.spec_from_file_location("make_framework_machines", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.BUILDERS


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--captures", default=DEFAULT_CAPTURES)
    ap.add_argument("--out", default=os.path.join(REPO, "tests", "machines"))
    ap.add_argument("only", nargs="*", metavar="NAME",
                    help="machine directory names to build (default: all)")
    args = ap.parse_args()
    if not os.path.isdir(args.captures):
        sys.exit(f"captures not found: {args.captures}")
    os.makedirs(args.out, exist_ok=True)
    wanted = set(args.only)
    known = set()

    def chosen(name):
        known.add(name)
        return not wanted or name in wanted

    for name, build in GENERATED.items():
        if chosen(name):
            build(args.out, args.captures)
    for module in derived.names():
        if chosen(derived.load(module).NAME):
            derived.build(args.out, module)
    for name, build in framework_builders().items():
        if chosen(name):
            build(args.out)
    unknown = wanted - known
    if unknown:
        sys.exit("unknown machine: " + ", ".join(sorted(unknown)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
