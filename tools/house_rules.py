#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The house rules the build checks (ctest house_rules; docs/architecture.md, "House rules"):

  1. every source file starts with its SPDX licence line (tools/spdx.py --fix adds it);
  2. no file in src/, checks/ or include/ is over 450 lines: split it by job rather than grow it;
  3. nothing in the repository points outside it (the design notes and research the code cites
     live in docs/; a path to the team's shared folder would not resolve in a clone).

Prints every breach and exits 1 if there is one. Python 3 standard library only.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spdx  # noqa: E402

MAX_LINES = 450
SIZED = ("src/", "checks/", "include/")
# Built from parts, so that this line does not match itself.
OUTSIDE = re.compile("|".join(["/" + "work/shared", r"\.\./" + "shared/", "/" + "work/main/"]))


def main():
    breaches = []
    for path in spdx.sources():
        full = os.path.join(spdx.ROOT, path)
        with open(full, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        if not spdx.has_tag(text):
            breaches.append(f"{path}: no '{spdx.TAG}' line (python3 tools/spdx.py --fix)")
        lines = text.count("\n")
        if path.startswith(SIZED) and lines > MAX_LINES:
            breaches.append(f"{path}: {lines} lines, over {MAX_LINES}: split it by job")
        for n, line in enumerate(text.split("\n"), 1):
            if OUTSIDE.search(line):
                breaches.append(f"{path}:{n}: points outside the repository: {line.strip()[:100]}")
    for base in ("docs", "README.md"):
        full = os.path.join(spdx.ROOT, base)
        files = [full] if os.path.isfile(full) else [
            os.path.join(d, f) for d, _, fs in os.walk(full) for f in fs if f.endswith(".md")]
        for doc in sorted(files):
            rel = os.path.relpath(doc, spdx.ROOT)
            if rel.startswith("docs/research/"):
                continue  # the research notes name where their sources were read, verbatim
            with open(doc, encoding="utf-8", errors="surrogateescape") as f:
                for n, line in enumerate(f, 1):
                    if OUTSIDE.search(line):
                        breaches.append(f"{rel}:{n}: points outside the repository")
    for breach in breaches:
        print(breach)
    print(f"house rules: {len(spdx.sources())} source files checked, {len(breaches)} breach(es)")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
