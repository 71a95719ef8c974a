#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Collects the seed corpora of the fuzz targets (tests/fuzz/README.md) from real files: the
replayed machines under tests/machines/ and the public captures vendored under
tests/data/captures/ (see their PROVENANCE.md; the corpus committed today was seeded from the
larger set they were taken from). Writes tests/fuzz/corpus/<target>/, one file
per distinct seed named by the SHA-1 of its bytes; small on purpose (at most MAX_SEEDS seeds of
at most MAX_BYTES each per target), since libFuzzer grows its own corpus at run time.

Multi-file targets take their files joined with the ASCII record separator (0x1e), in the order
their .cpp lists them (fuzz_input.h).

    tests/fuzz/collect_seeds.py [--captures DIR] [--out DIR]
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import sys

SEP = b"\x1e"
MAX_SEEDS = 40
MAX_BYTES = 64 * 1024
MAX_ELF_BYTES = 64 * 1024
# Targets whose seeds are large (whole reports, whole device directories).
FEWER_SEEDS = {"report_json": 10, "pci_sysfs": 20}

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MACHINES = os.path.join(ROOT, "tests", "machines")


def read(path, limit=MAX_BYTES):
    try:
        with open(path, "rb") as f:
            return f.read(limit)
    except OSError:
        return None


def inside(root, path):
    """Resolves `path` (a host path) in a machine directory the way replay does, or None."""
    real = os.path.realpath(os.path.join(root, path.lstrip("/")))
    base = os.path.realpath(root)
    if real != base and not real.startswith(base + os.sep):
        return None
    return real if os.path.isfile(real) else None


def machines():
    for name in sorted(os.listdir(MACHINES)):
        path = os.path.join(MACHINES, name)
        if os.path.isdir(path):
            yield path


def files_under(top, predicate):
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if not os.path.islink(path) and predicate(path):
                yield path


def joined(parts):
    return SEP.join((p or b"")[:MAX_BYTES // max(1, len(parts))] for p in parts)


def probe_stdout(machine, probe):
    text = read(os.path.join(machine, ".rocm-doctor", "probes", probe + ".json"), 1 << 22)
    if not text:
        return None
    try:
        return json.loads(text).get("stdout", "").encode("utf-8", "replace")
    except ValueError:
        return None


def kernel_log(machine, max_lines=300):
    text = read(os.path.join(machine, ".rocm-doctor", "probes", "kernel-log.json"), 1 << 22)
    if not text:
        return None
    try:
        lines = json.loads(text).get("lines", [])
    except ValueError:
        return None
    return "\n".join(lines[-max_lines:]).encode("utf-8", "replace")


def pci_devices(machine):
    devices = os.path.join(machine, "sys", "bus", "pci", "devices")
    if not os.path.isdir(devices):
        return
    for bdf in sorted(os.listdir(devices)):
        yield os.path.realpath(os.path.join(devices, bdf))


PCI_FILES = ["vendor", "device", "class", "uevent", "revision", "subsystem_vendor",
             "subsystem_device", "current_link_speed", "max_link_speed", "current_link_width",
             "max_link_width", "mem_info_vram_total", "mem_info_vis_vram_total", "numa_node",
             "ras/umc_err_count", "ras/gfx_err_count"]
KFD_FILES = ["0/properties", "1/properties", "1/gpu_id", "1/name", "1/io_links/0/properties",
             "1/p2p_links/0/properties", "1/mem_banks/0/properties", "0/gpu_id", "0/name"]
PIPELINE_FILES = [
    None, None, None, None, None, None, None, None,  # the first AMD PCI device's attributes
    "/sys/class/kfd/kfd/topology/nodes/0/properties",
    "/sys/class/kfd/kfd/topology/nodes/1/properties",
    "/sys/class/kfd/kfd/topology/nodes/1/gpu_id",
    "/proc/cmdline", "/proc/modules", "/proc/meminfo", "/proc/version", "/proc/self/cgroup",
    "/etc/os-release", "/etc/modprobe.d/amdgpu.conf", "/etc/group",
    "/opt/rocm/.info/version", "/opt/rocm/include/hip/hip_version.h",
    "/sys/module/amdgpu/version"]
PIPELINE_PCI = ["vendor", "device", "class", "uevent", "current_link_speed",
                "current_link_width", "mem_info_vram_total", "mem_info_vis_vram_total"]


def seeds_sysfs_values(captures):
    def small_attribute(path):
        return "/sys/" in path and os.path.getsize(path) <= 4096
    for m in machines():
        yield from (read(p) for p in files_under(os.path.join(m, "sys"), small_attribute))
    if captures:
        yield from (read(p) for p in files_under(captures, small_attribute))


def seeds_pci_sysfs(captures):
    for m in machines():
        for dev in pci_devices(m):
            yield joined([read(os.path.join(dev, f)) for f in PCI_FILES])


def seeds_kfd_topology(captures):
    for m in machines():
        nodes = os.path.join(m, "sys", "class", "kfd", "kfd", "topology", "nodes")
        if os.path.isdir(nodes):
            gen = read(os.path.join(nodes, "..", "generation_id"))
            yield joined([read(os.path.join(nodes, f)) for f in KFD_FILES] + [gen])


def seeds_proc_files(captures):
    for m in machines():
        for name in ["cmdline", "meminfo", "modules", "version", "cpuinfo", "self/cgroup",
                     "self/mountinfo", "self/uid_map", "1/environ"]:
            yield read(os.path.join(m, "proc", name), 16 * 1024)
    if captures:
        yield from (read(p, 16 * 1024) for p in files_under(
            captures, lambda p: "/proc/" in p and os.path.basename(p) in
            {"cmdline", "meminfo", "modules", "cgroup", "mountinfo", "version", "uid_map"}))


def seeds_mountinfo(captures):
    # Mount tables of the replayed machines and the public captures, then the layout of real
    # hosts: this project's build VM (ext4 on virtio /dev/vda), a desktop with /home on NFS and
    # btrfs subvolumes, a container's overlay root, and Documentation/filesystems/proc.rst's
    # example; each with a home directory and a rotational flag as parts 2 and 3.
    for m in machines():
        table = read(os.path.join(m, "proc", "self", "mountinfo"), 16 * 1024)
        if table:
            yield joined([table, b"/home/alice", b"1\n"])
    if captures:
        yield from (joined([read(p, 16 * 1024), b"/root", b"0\n"]) for p in files_under(
            captures, lambda p: p.endswith("/mountinfo")))
    yield joined([b"22 27 0:21 / /proc rw,relatime - proc proc rw\n"
                  b"27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resv_strict\n"
                  b"25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24683652k\n",
                  b"/root", b"1\n"])
    yield joined([b"1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
                  b"40 1 0:52 / /home rw,relatime shared:7 - nfs4 filer:/export/home rw,vers=4.2\n"
                  b"41 1 0:33 /@data /data rw shared:9 - btrfs /dev/mapper/crypt rw,ssd\n"
                  b"42 40 0:60 / /home/alice/My\\040Models rw - fuse.sshfs alice@gpu:/m rw\n",
                  b"/home/alice", b"0\n"])
    yield joined([b"600 550 0:120 / / rw,relatime master:300 - overlay overlay rw,"
                  b"lowerdir=/var/lib/docker/overlay2/l/A:/var/lib/docker/overlay2/l/B\n",
                  b"/root", b""])
    yield joined([b"36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root "
                  b"rw,errors=continue\n", b"/mnt2/x", b"1\n"])


def seeds_os_release(captures):
    for m in machines():
        yield joined([read(os.path.join(m, "etc", "os-release")),
                      read(os.path.join(m, "usr", "lib", "os-release")),
                      read(os.path.join(m, "proc", "sys", "kernel", "hostname")),
                      read(os.path.join(m, "proc", "meminfo"))])


def seeds_modprobe(captures):
    for m in machines():
        for d in ["etc/modprobe.d", "usr/lib/modprobe.d", "lib/modprobe.d"]:
            top = os.path.join(m, d)
            if os.path.isdir(top):
                yield from (read(p) for p in files_under(top, lambda p: True))


def seeds_kernel_log(captures):
    for m in machines():
        yield kernel_log(m)
    if captures:
        yield from (read(p, 32 * 1024) for p in files_under(
            captures, lambda p: "dmesg" in os.path.basename(p).lower()))


def seeds_version_files(captures):
    for m in machines():
        rocm = inside(m, "/opt/rocm/.info/version")
        base = os.path.dirname(os.path.dirname(rocm)) if rocm else os.path.join(m, "opt/rocm")
        libs = os.path.join(base, "lib")
        name = b""
        if os.path.isdir(libs):
            hip = sorted(n for n in os.listdir(libs) if n.startswith("libamdhip64.so."))
            name = hip[-1].encode() if hip else b""
        yield joined([read(os.path.join(base, ".info", "version")),
                      read(os.path.join(base, "include", "rocm-core", "rocm_version.h")),
                      read(os.path.join(base, "include", "hip", "hip_version.h")),
                      read(os.path.join(m, "var", "lib", "dpkg", "status"), 8 * 1024), name])


def seeds_elf_bundle(captures):
    fixtures = os.path.join(ROOT, "tests", "fixtures", "libraries")
    yield from (read(p, MAX_ELF_BYTES) for p in files_under(fixtures, lambda p: p.endswith(".so")))
    for m in machines():
        yield from (read(p, MAX_ELF_BYTES) for p in files_under(
            m, lambda p: ".so" in os.path.basename(p) and os.path.getsize(p) > 64))


def seeds_tensile(captures):
    for m in machines():
        for dirpath, dirnames, filenames in os.walk(m):
            if os.path.basename(dirpath) == "library" and "rocblas" in dirpath:
                yield "\n".join(sorted(filenames)).encode()


def seeds_hip_probe_json(captures):
    fixtures = os.path.join(ROOT, "tests", "fixtures", "hip_probe")
    yield from (read(p) for p in files_under(fixtures, lambda p: p.endswith(".json")))
    for m in machines():
        yield probe_stdout(m, "hip-probe")


def seeds_probe_load_json(captures):
    for m in machines():
        yield probe_stdout(m, "hip-load")


def seeds_machine_json(captures):
    for m in machines():
        meta = os.path.join(m, ".rocm-doctor")
        yield joined([read(os.path.join(meta, "machine.json")),
                      read(os.path.join(m, "etc", "passwd")), read(os.path.join(m, "etc", "group"))])
        for probe in ["hip-probe", "hip-load"]:
            yield read(os.path.join(meta, "probes", probe + ".json"))


def seeds_redact(captures):
    for m in machines():
        yield read(os.path.join(m, ".rocm-doctor", "machine.json"))
        yield read(os.path.join(m, "proc", "cmdline"))
        yield read(os.path.join(m, "etc", "passwd"))
        yield kernel_log(m, 60)


def seeds_pipeline(captures):
    for m in machines():
        parts = []
        amd = next((d for d in pci_devices(m)
                    if (read(os.path.join(d, "vendor")) or b"").strip() == b"0x1002"), None)
        for i, path in enumerate(PIPELINE_FILES):
            if path is None:
                parts.append(read(os.path.join(amd, PIPELINE_PCI[i])) if amd else b"")
            else:
                real = inside(m, path)
                parts.append(read(real) if real else b"")
        yield joined(parts)


def seeds_frameworks(captures):
    fixtures = os.path.join(ROOT, "tests", "fixtures", "frameworks")
    yield from (read(p) for p in files_under(fixtures, lambda p: p.endswith(".py")))
    for m in machines():
        yield from (read(p) for p in files_under(m, lambda p: os.path.basename(p) in
                    {"METADATA", "version.py", "build_info.py", "pyvenv.cfg", "version"}
                    and ("python" in p or "site-packages" in p or "pyenv" in p)))
        yield probe_stdout(m, "framework-probe")


def seeds_policy(captures):
    policies = os.path.join(ROOT, "docs", "policies")
    yield from (read(p) for p in files_under(policies, lambda p: p.endswith(".toml")))


def seeds_report_json(captures):
    golden = os.path.join(ROOT, "tests", "golden", "machines")
    yield from (read(p) for p in files_under(golden, lambda p: p.endswith(".json")))


def seeds_diff(captures):
    # Pairs of golden reports that differ the way real pairs do: a machine and its broken
    # variant, healthy and slow benchmarks, a report and itself.
    golden = os.path.join(ROOT, "tests", "golden", "machines")
    pairs = [("rx7900xtx-healthy", "kfd-permission-denied"),
             ("kfd-permission-denied", "rx7900xtx-healthy"),
             ("mi300x-bench-healthy", "bench-memory-low"),
             ("bench-memtest-errors", "mi300x-bench-healthy"),
             ("mi300x-bench-healthy", "bench-timeout"),
             ("rx7900xtx-healthy", "rocm-mixed-versions"),
             ("torch-rocm-healthy", "torch-cpu-build"),
             ("mi300x-healthy", "mi300x-healthy")]
    def compact(text):
        # Without the evidence and remediation texts (diff skips them) and without spaces, so
        # that two benchmark reports fit in one seed.
        def strip(value):
            if isinstance(value, dict):
                return {k: strip(v) for k, v in value.items() if k not in ("evidence", "remediation")}
            if isinstance(value, list):
                return [strip(v) for v in value]
            return value
        return json.dumps(strip(json.loads(text)), separators=(",", ":")).encode()

    for base, current in pairs:
        texts = [read(os.path.join(golden, name + ".json"), 1 << 20) for name in (base, current)]
        if all(texts):
            yield joined([compact(t) for t in texts])


def seeds_slurm(captures):
    # `scontrol show node` output as the gate's tests quote it: runs of adjacent C++ string
    # literals, escapes decoded.
    source = read(os.path.join(ROOT, "tests", "gate", "slurm_node_state_test.cpp"), 1 << 20)
    for run in re.findall(rb'(?:"(?:[^"\\\n]|\\.)*"\s*)+', source or b""):
        parts = re.findall(rb'"((?:[^"\\\n]|\\.)*)"', run)
        text = b"".join(parts).decode("latin-1").encode("latin-1").decode("unicode_escape")
        if text.startswith("NodeName="):
            yield text.encode("latin-1")


def seeds_bench(captures):
    yield read(os.path.join(ROOT, "tests", "fixtures", "bench", "h200-quick.json"))
    for name in ["bench_thresholds.csv", "bench_reference_gpus.csv"]:
        yield read(os.path.join(ROOT, "checks", "data", name))
    for m in machines():
        yield probe_stdout(m, "hip-bench")


TARGETS = {name[len("seeds_"):]: fn for name, fn in globals().items() if name.startswith("seeds_")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_captures = os.path.join(ROOT, "tests", "data", "captures")
    parser.add_argument("--captures", default=default_captures)
    parser.add_argument("--out", default=os.path.join(ROOT, "tests", "fuzz", "corpus"))
    args = parser.parse_args()
    captures = args.captures if os.path.isdir(args.captures) else None
    if captures is None:
        print(f"note: {args.captures} not found; seeds come from tests/machines only")
    for target, collect in sorted(TARGETS.items()):
        seen = {}
        for seed in collect(captures):
            if not seed or len(seed) > MAX_BYTES:
                continue
            digest = hashlib.sha1(seed).hexdigest()
            seen.setdefault(digest, seed)
        # A deterministic but unbiased pick: ordered by digest, not by machine or size.
        chosen = sorted(seen.items())[:FEWER_SEEDS.get(target, MAX_SEEDS)]
        out = os.path.join(args.out, target)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        for digest, seed in chosen:
            with open(os.path.join(out, digest[:16]), "wb") as f:
                f.write(seed)
        total = sum(len(s) for _, s in chosen)
        print(f"{target}: {len(chosen)} seeds, {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
