# SPDX-License-Identifier: MIT
"""Machines derived from another machine: a copy of a generated one plus the edits of a record in
tools/machines/records/<name>.py. These were first made by hand (`cp -a` and editing); each record
holds exactly those edits as data:

    NAME        the machine directory
    BASE        the machine it copies (built before it)
    COPY        [(machine, from dir, to dir)]: a subtree of another machine placed at another path
                (symlink targets naming the source dir's basename are renamed to the new one)
    REMOVE      [path]: files, links or whole directories of the copy dropped
    MACHINE     merge patch applied to .rocm-doctor/machine.json (DELETE drops a key, REPLACE(v)
                sets v whole)
    PROBES      {name: probe object}: .rocm-doctor/probes/<name>.json written whole; a probe whose
                "stdout" is given as STDOUT_JSON(obj) has it written as compact JSON + newline
    JSON        {path: value}: other JSON files written whole (indent 2, as the probes)
    FILES       {path: str | bytes | Fixture(repo path, executable)}
    LINKS       {path: target text}
    EXPECT      the EXPECT lines
    README      the machine's README.md (its story)

python3 standard library only.
"""
import importlib
import json
import os
import shutil

from .core import REPO

DELETE = object()  # a MACHINE patch value: drop the key


class REPLACE:
    """A MACHINE patch value: this object in place of the old one (not merged into it, so its key
    order is its own)."""

    def __init__(self, value):
        self.value = value


class Fixture:
    """A file's bytes taken from a repository file (e.g. a hipcc-built library fixture)."""

    def __init__(self, path, executable=False):
        self.path, self.executable = path, executable


class STDOUT_JSON:
    """A probe's stdout that is one compact JSON document and a newline."""

    def __init__(self, value):
        self.value = value


def names():
    """The record module names under tools/machines/derived/, in build order (a record may name
    another derived machine as BASE; those come first)."""
    here = os.path.join(os.path.dirname(__file__), "records")
    mods = sorted(f[:-3] for f in os.listdir(here) if f.endswith(".py") and f != "__init__.py")
    records = {m: load(m) for m in mods}
    order, seen = [], set()

    def visit(m):
        if m in seen:
            return
        seen.add(m)
        base = records[m].BASE.replace("-", "_")
        if base in records:
            visit(base)
        order.append(m)

    for m in mods:
        visit(m)
    return order


def load(module):
    return importlib.import_module(f"{__package__}.records.{module}")


def _merge(target, patch):
    for key, value in patch.items():
        if value is DELETE:
            target.pop(key, None)
        elif isinstance(value, REPLACE):
            target[key] = value.value
        elif isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value
    return target


def _write(path, data, executable=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.remove(path)
    if isinstance(data, str):
        data = data.encode()
    with open(path, "wb") as f:
        f.write(data)
    if executable:
        os.chmod(path, os.stat(path).st_mode | 0o111)


def _link(path, target):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.remove(path)
    os.symlink(target, path)


def _dump(value):
    return json.dumps(value, indent=2) + "\n"


def build(out, module):
    rec = load(module)
    root = os.path.join(out, rec.NAME)
    if os.path.lexists(root):
        shutil.rmtree(root)
    shutil.copytree(os.path.join(out, rec.BASE), root, symlinks=True)
    for machine, src, dst in getattr(rec, "COPY", ()):
        old, new = os.path.basename(src), os.path.basename(dst)
        src_root = os.path.join(out, machine, src)
        for dirpath, _dirs, files in os.walk(src_root):
            for fn in files + [d for d in _dirs if os.path.islink(os.path.join(dirpath, d))]:
                full = os.path.join(dirpath, fn)
                to = os.path.join(root, dst, os.path.relpath(full, src_root))
                if os.path.islink(full):
                    _link(to, os.readlink(full).replace(old, new))
                else:
                    with open(full, "rb") as f:
                        _write(to, f.read(), os.stat(full).st_mode & 0o100)
    for rel in getattr(rec, "REMOVE", ()):
        full = os.path.join(root, rel)
        if os.path.isdir(full) and not os.path.islink(full):
            shutil.rmtree(full)
        else:
            os.remove(full)
    patch = getattr(rec, "MACHINE", None)
    if patch:
        meta_path = os.path.join(root, ".rocm-doctor", "machine.json")
        with open(meta_path) as f:
            meta = json.load(f)
        _write(meta_path, _dump(_merge(meta, patch)))
    for name, probe in getattr(rec, "PROBES", {}).items():
        probe = dict(probe)
        if isinstance(probe.get("stdout"), STDOUT_JSON):
            probe["stdout"] = json.dumps(probe["stdout"].value, separators=(",", ":")) + "\n"
        _write(os.path.join(root, ".rocm-doctor", "probes", name + ".json"), _dump(probe))
    for rel, value in getattr(rec, "JSON", {}).items():
        _write(os.path.join(root, rel), _dump(value))
    for rel, data in getattr(rec, "FILES", {}).items():
        if isinstance(data, Fixture):
            with open(os.path.join(REPO, data.path), "rb") as f:
                _write(os.path.join(root, rel), f.read(), data.executable)
        else:
            _write(os.path.join(root, rel), data)
    for rel, target in getattr(rec, "LINKS", {}).items():
        _link(os.path.join(root, rel), target)
    _write(os.path.join(root, "EXPECT"), "\n".join(rec.EXPECT) + "\n")
    _write(os.path.join(root, "README.md"), rec.README)
