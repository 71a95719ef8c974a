#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every finding code in the catalog must be named by a test that produces it.

A code counts as tested when a C++ test asserts it (HasFinding/FindFinding/EXPECT with the code
string) or a replayed machine's EXPECT names it. The catalog comes from the binary itself
(`rocm-doctor explain --all --format json`), so a new code without a test fails here.
"""
import json
import os
import re
import subprocess
import sys

ASSERTING = re.compile(r'(HasFinding|FindFinding|ExpectFinding|EXPECT_\w+|ASSERT_\w+|"code")')


def main():
    binary, tests_dir = sys.argv[1], sys.argv[2]
    out = subprocess.run([binary, "explain", "--all", "--format", "json"], check=True,
                         stdout=subprocess.PIPE).stdout
    codes = [c["code"] for c in json.loads(out)]
    corpus = []
    for dirpath, _, files in os.walk(tests_dir):
        for name in files:
            path = os.path.join(dirpath, name)
            if name.endswith((".cpp", ".h")):
                with open(path, encoding="utf-8", errors="replace") as f:
                    # Only lines that assert something count, not a list of names.
                    corpus += [l for l in f if ASSERTING.search(l)]
            elif name == "EXPECT":
                with open(path, encoding="utf-8", errors="replace") as f:
                    corpus += f.readlines()
    text = "".join(corpus)
    missing = [c for c in codes if f'"{c}"' not in text and not re.search(
        rf"(root_cause|finding)\s+{re.escape(c)}\b", text)]
    for c in missing:
        print(f"FAIL {c}: no test produces it")
    print(f"{len(codes) - len(missing)} passed, {len(missing)} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
