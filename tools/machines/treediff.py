#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compares two machine trees as git stores them: every regular file (its bytes and whether it is
executable) and every symlink (its target text). Directories are not compared (git keeps no empty
directory) and neither are permission bits other than the owner's execute bit (git stores 644 or
755). A symlink is never followed, so a link to a missing or far-away target compares by its text.

    python3 tools/machines/treediff.py EXPECTED ACTUAL [--skip NAME ...]

Prints one line per differing path and exits 1 if any differ, 0 if none, 2 on bad arguments.
python3 standard library only.
"""
import argparse
import os
import stat
import sys


def entries(root, skip=()):
    """{relative path: ("link", target) | ("file", executable, bytes)} for everything under
    root that git would store; `skip` names top-level entries to leave out."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir == ".":
            dirnames[:] = [d for d in dirnames if d not in skip]
            filenames = [f for f in filenames if f not in skip]
        names = list(filenames)
        # os.walk lists a symlink to a directory among dirnames; it is stored as a link.
        for d in list(dirnames):
            if os.path.islink(os.path.join(dirpath, d)):
                dirnames.remove(d)
                names.append(d)
        for name in names:
            full = os.path.join(dirpath, name)
            rel = os.path.normpath(os.path.join(rel_dir, name))
            st = os.lstat(full)
            if stat.S_ISLNK(st.st_mode):
                out[rel] = ("link", os.readlink(full))
            elif stat.S_ISREG(st.st_mode):
                with open(full, "rb") as f:
                    out[rel] = ("file", bool(st.st_mode & stat.S_IXUSR), f.read())
            else:
                out[rel] = ("other", stat.S_IFMT(st.st_mode))
    return out


def describe(e):
    if e is None:
        return "absent"
    if e[0] == "link":
        return "symlink -> " + e[1]
    if e[0] == "file":
        return ("executable " if e[1] else "") + f"file of {len(e[2])} bytes"
    return "special file"


def diff(expected, actual, skip=()):
    """Lines describing each path that differs between the two trees (empty: identical)."""
    a, b = entries(expected, skip), entries(actual, skip)
    lines = []
    for rel in sorted(set(a) | set(b)):
        ea, eb = a.get(rel), b.get(rel)
        if ea == eb:
            continue
        if ea is not None and eb is not None and ea[0] == eb[0] == "file" and ea[2] == eb[2]:
            what = "executable bit differs"
        elif ea is not None and eb is not None and ea[0] == eb[0] == "file":
            what = "contents differ"
        else:
            what = f"{describe(ea)} expected, {describe(eb)} generated"
        lines.append(f"{rel}: {what}")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("expected")
    ap.add_argument("actual")
    ap.add_argument("--skip", action="append", default=[],
                    help="a top-level entry to leave out of both trees (repeatable)")
    args = ap.parse_args()
    for d in (args.expected, args.actual):
        if not os.path.isdir(d):
            print(f"not a directory: {d}", file=sys.stderr)
            return 2
    lines = diff(args.expected, args.actual, args.skip)
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
