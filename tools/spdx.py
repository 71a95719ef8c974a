#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every source file of the project starts with its SPDX licence identifier (MIT, see LICENSE).

    python3 tools/spdx.py          list the files that lack it; exit 1 if any (ctest spdx_headers)
    python3 tools/spdx.py --fix    add it: `// SPDX-License-Identifier: MIT` as the first line of
                                   C++/CUDA files, `# SPDX-License-Identifier: MIT` as the first
                                   line (after a #! line) of Python, shell and CMake files

Sources are the files git tracks (or, outside a git checkout, the files on disk) with those
suffixes; replayed machines and test data (tests/machines/*/, tests/data/) are machine content,
not source. Python 3 standard library only.
"""
import os
import subprocess
import sys

TAG = "SPDX-License-Identifier: MIT"
CPP = (".cpp", ".h", ".cu", ".hpp", ".c")
HASH = (".py", ".sh", ".cmake")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def is_source(path):
    name = os.path.basename(path)
    if path.startswith("tests/data/"):
        return False
    if path.startswith("tests/machines/") and path.count("/") > 2:
        return False  # a machine's own files, not the replay test beside them
    return name.endswith(CPP + HASH) or name == "CMakeLists.txt"


def sources():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True,
                             capture_output=True).stdout.decode()
        paths = [p for p in out.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = []
        for base, dirs, files in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith(".") and not d.startswith("build")]
            paths += [os.path.relpath(os.path.join(base, f), ROOT) for f in files]
    return sorted(p for p in paths if is_source(p) and os.path.isfile(os.path.join(ROOT, p)))


def has_tag(text):
    return TAG in "\n".join(text.split("\n", 3)[:3])


def with_tag(path, text):
    if path.endswith(CPP):
        return "// " + TAG + "\n" + text
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n# " + TAG + "\n" + rest
    return "# " + TAG + "\n" + text


def main(argv):
    fix = "--fix" in argv[1:]
    missing = []
    for path in sources():
        full = os.path.join(ROOT, path)
        with open(full, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        if has_tag(text):
            continue
        missing.append(path)
        if fix:
            with open(full, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(with_tag(path, text))
    if missing and not fix:
        print(f"{len(missing)} source file(s) without '{TAG}' in their first lines "
              "(python3 tools/spdx.py --fix adds it):")
        for path in missing:
            print("  " + path)
        return 1
    print(f"{len(sources())} source files; {len(missing)} " +
          ("given the SPDX line" if fix else "without the SPDX line"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
