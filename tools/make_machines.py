#!/usr/bin/env python3
"""Builds the replayed machine directories under tests/machines/ (../shared/machine-format.md).

Every machine starts from real public captures (see /work/shared/data/captures/PROVENANCE.md);
what a capture does not hold (the rest of a whole host: /proc, /etc, machine.json, the PCI
directory layout around a copied `cardN/device` dir) is added here, and each machine's README.md,
written by this script, says which is which. Run once and commit the output:

    python3 tools/make_machines.py [--captures DIR] [--out tests/machines]

Only the directories this script names are replaced; nothing else under --out is touched.
python3 standard library only.
"""
import argparse
import json
import os
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CAPTURES = "/work/shared/data/captures"

# Source citations (from PROVENANCE.md).
SRC_LACT = ("LACT `tests/snapshots/amd/{0}/` — https://github.com/ilya-zlobintsev/LACT @ "
            "238e315b812ae1dbf1c17c1a57503a161de51500, licence MIT")
SRC_SYSFS_RS = ("amdgpu-sysfs-rs `tests/data/{0}/` — https://github.com/ilya-zlobintsev/"
                "amdgpu-sysfs-rs @ 8b3d164074a07f71f8b8077e1732cec7f3d37c82, licence "
                "LGPL-3.0-or-later")
SRC_MI308 = ("k8s-device-plugin `testdata/topology-parsing-mi308/topology/` — "
             "https://github.com/ROCm/k8s-device-plugin @ "
             "ed7646843003e8f0b6a0630346f01bb4d1ecff2e, licence Apache-2.0")
SRC_4452 = ("ROCm/ROCm issue #4452 (https://github.com/ROCm/ROCm/issues/4452, Debian 12, kernel "
            "6.1.0-30, ROCm 6.3.3 + amdgpu-dkms, Secure Boot) — captures/issues/"
            "ROCm-ROCm-4452_RX6900XT_gfx1030_Debian12_SecureBoot/ (GitHub user content, no "
            "licence; cited by URL)")
SRC_4403 = ("ROCm/ROCm issue #4403 (https://github.com/ROCm/ROCm/issues/4403, WSL2 Ubuntu 22.04, "
            "ROCm 6.3.2, RX 7900 XTX) — captures/issues/ROCm-ROCm-4403_RX7900XTX_WSL2/ (GitHub "
            "user content, no licence; cited by URL)")
SRC_FM = ("/work/shared/data/failure-modes.md (verbatim kernel log lines quoted there from the "
          "cited public issues)")
SRC_HOST_VM = ("this build host (a Firecracker VM), read with `cat /sys/bus/pci/devices/*/...` on "
               "2026-12-01 — written by us, same licence as this repository")
SRC_H200 = ("the project's lent NVIDIA H200 machine (a Firecracker VM with the GPU passed "
            "through), read with `cat /sys/bus/pci/devices/*/...` on 2026-12-01 — written by us")

OS_RELEASE = {
    "ubuntu2204": ('PRETTY_NAME="Ubuntu 22.04.5 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\n'
                   'VERSION="22.04.5 LTS (Jammy Jellyfish)"\nVERSION_CODENAME=jammy\nID=ubuntu\n'
                   'ID_LIKE=debian\nUBUNTU_CODENAME=jammy\n'),
    "ubuntu2404": ('PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\n'
                   'VERSION="24.04.1 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\n'
                   'ID_LIKE=debian\nUBUNTU_CODENAME=noble\n'),
    "debian12": ('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n'
                 'VERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\n'
                 'ID=debian\n'),
}

# Group ids as Debian/Ubuntu allocate them (video is static 44; render is a dynamic system group).
GROUP_IDS = {"root": 0, "sudo": 27, "video": 44, "render": 109, "alice": 1000,
             "nogroup": 65534}

AMDGPU_DRV = "/sys/bus/pci/drivers/amdgpu"
SECURE_BOOT = ("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c")

# Probe recordings this script writes (others under .rocm-doctor/probes/ are kept on rebuild).
SCRIPT_PROBES = {"kernel-log.json", "hip-load.json"}

DEFAULT_ROCM_NOTE = (
    "The ROCm userspace (the runtime layer fails every machine without one): /opt/rocm -> "
    "/opt/rocm-6.2.0 with `.info/version` `6.2.0-66`, `lib/libamdhip64.so.6.2.60200` and "
    "`lib/libhsa-runtime64.so.1.14.60200` as empty placeholders with their soname and dev "
    "links (`.so -> .so.6 -> .so.6.2.60200`, the names ROCm 6.2.0's packages install), "
    "`/etc/ld.so.conf.d/10-rocm-opencl.conf` naming /opt/rocm/lib (rocm-opencl registers "
    "/opt/rocm/lib with ldconfig: ROCm/clr PR #231) and a recorded `hip-load` probe that "
    "loaded it. Invented for this machine; its story is not about ROCm.")


def rocm_install(m, release="6.2.0", hip="6.2.60200", hsa="1.14.60200", *, opt_link=True,
                 ld_conf=True, build="66", hip_load="loaded", probe_lib=None):
    """An AMD ROCm install under /opt/rocm-<release> (empty library placeholders: replay never
    loads them). hip_load: "loaded", a dlerror() text (a failed load), or None (no recording)."""
    root = f"/opt/rocm-{release}"
    m.rocm = root
    m.write(f"{root}/.info/version", f"{release}-{build}\n")
    for stem, version in (("libamdhip64", hip), ("libhsa-runtime64", hsa)):
        if version is None:
            continue
        major = version.split(".")[0]
        m.write(f"{root}/lib/{stem}.so.{version}", b"")
        m.link(f"{root}/lib/{stem}.so.{major}", f"{root}/lib/{stem}.so.{version}")
        m.link(f"{root}/lib/{stem}.so", f"{root}/lib/{stem}.so.{major}")
    if opt_link:
        m.abs_link("/opt/rocm", root)
    if ld_conf:
        m.write("/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n")
        m.write("/etc/ld.so.conf.d/10-rocm-opencl.conf", "/opt/rocm/lib\n")
    lib = probe_lib or f"{root}/lib/libamdhip64.so.{hip.split('.')[0]}"
    hip_load_probe(m, lib, hip_load)
    return root


def hip_load_probe(m, lib, result):
    """The recorded `rocm-doctor probe-load LIB` (probe "hip-load"): "loaded" or a dlerror()."""
    if result is None:
        return
    loaded = result == "loaded"
    entry = {"library": lib, "loaded": loaded, "error": None if loaded else result}
    m.probe("hip-load", ["/usr/bin/rocm-doctor", "probe-load", lib],
            stdout=json.dumps([entry], separators=(",", ":")) + "\n")


def debian_rocm(m, hip_load="loaded"):
    """Debian 12's own ROCm 5.2.3 (libamdhip64-5 5.2.3-8, libhsa-runtime64-1 5.2.3-3) as
    installed on this build host: file names as `ls /usr/lib/x86_64-linux-gnu` shows them, the
    packages' stanzas of /var/lib/dpkg/status (abridged to the fields the doctor reads)."""
    m.rocm = "/usr"
    d = "/usr/lib/x86_64-linux-gnu"
    for stem, version, major in (("libamdhip64", "5.2.21153", "5"),
                                 ("libhsa-runtime64", "1.5.0", "1")):
        m.write(f"{d}/{stem}.so.{version}", b"")
        m.link(f"{d}/{stem}.so.{major}", f"{d}/{stem}.so.{version}")
        m.link(f"{d}/{stem}.so", f"{d}/{stem}.so.{major}")
    m.write("/var/lib/dpkg/status",
            "Package: libamdhip64-5\nStatus: install ok installed\nPriority: optional\n"
            "Section: libs\nArchitecture: amd64\nMulti-Arch: same\nSource: rocm-hipamd\n"
            "Version: 5.2.3-8\n\n"
            "Package: libhsa-runtime64-1\nStatus: install ok installed\nPriority: optional\n"
            "Section: libs\nArchitecture: amd64\nMulti-Arch: same\nSource: rocr-runtime\n"
            "Version: 5.2.3-3\n")
    hip_load_probe(m, f"{d}/libamdhip64.so.5", hip_load)


def no_rocm(m):
    """No ROCm userspace at all."""
    m.rocm = ""


class Machine:
    """One machine directory being written."""

    def __init__(self, out, name, description):
        self.name = name
        self.root = os.path.join(out, name)
        # Probe recordings this script does not write (e.g. hip-probe.json, added by the HIP
        # probe helper's owner) survive a rebuild.
        self.kept_probes = {}
        probes = os.path.join(self.root, ".rocm-doctor", "probes")
        if os.path.isdir(probes):
            for fn in sorted(os.listdir(probes)):
                if fn not in SCRIPT_PROBES and os.path.isfile(os.path.join(probes, fn)):
                    with open(os.path.join(probes, fn), "rb") as f:
                        self.kept_probes[fn] = f.read()
        if os.path.lexists(self.root):
            shutil.rmtree(self.root)
        os.makedirs(self.root)
        self.meta = {"format": 1, "description": description}
        self.nodes = {}
        self.kernel_log = None
        # The ROCm userspace: None until a machine sets one up (rocm_install / debian_rocm /
        # no_rocm); finish() gives every other machine the default ROCm 6.2.0 install.
        self.rocm = None
        self.probes = {}

    def host(self, path):
        assert path.startswith("/"), path
        return os.path.join(self.root, path.lstrip("/"))

    def write(self, path, data):
        full = self.host(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if isinstance(data, str):
            data = data.encode()
        with open(full, "wb") as f:
            f.write(data)

    def mkdir(self, path):
        os.makedirs(self.host(path), exist_ok=True)

    def link(self, path, target):
        """A symlink at host path `path` to host path `target`, stored relative as sysfs does."""
        full = self.host(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        rel = os.path.relpath(target, os.path.dirname(path))
        os.symlink(rel, full)

    def device_link(self, path, devdir):
        """A `device` link as the kernel writes it: up past the parent, then the device name
        (".../drm/card0/device -> ../../../0000:03:00.0"), so its basename is the device."""
        depth = len(os.path.relpath(path, devdir).split("/"))
        full = self.host(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink("../" * depth + os.path.basename(devdir), full)

    def copy_tree(self, src, dst, skip_dirs=()):
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames[:] = sorted(d for d in dirnames if d not in skip_dirs)
            rel = os.path.relpath(dirpath, src)
            base = dst if rel == "." else dst + "/" + rel
            self.mkdir(base)
            for fn in sorted(filenames):
                with open(os.path.join(dirpath, fn), "rb") as f:
                    self.write(base + "/" + fn, f.read())

    def node(self, path, major, minor, mode="0660", owner="root", group="root"):
        self.nodes[path] = {"type": "char", "major": major, "minor": minor, "mode": mode,
                            "owner": owner, "group": group}
        # Also an empty placeholder file, so a listing of /dev/dri shows the node.
        self.write(path, b"")

    def abs_link(self, path, target):
        """A symlink at host path `path` whose text is the absolute host path `target` (as
        update-alternatives and `ln -s /opt/rocm-6.2.0 /opt/rocm` write them)."""
        full = self.host(path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink(target, full)

    def probe(self, name, argv, *, state="exited", exit_code=0, signal=None, stdout="",
              stderr="", error="", wall_seconds=0.05):
        """A recorded probe (docs/probes.md)."""
        self.probes[name] = {"name": name, "argv": argv, "state": state,
                             "exit_code": exit_code if state == "exited" else None,
                             "signal": signal, "stdout": stdout, "stderr": stderr,
                             "truncated": False, "error": error, "wall_seconds": wall_seconds}

    def finish(self, expect, readme):
        if self.rocm is None:
            rocm_install(self)
            readme = readme.replace("\n## What the doctor must conclude", "- " + DEFAULT_ROCM_NOTE +
                                    "\n\n## What the doctor must conclude", 1)
        for name, probe in self.probes.items():
            self.write(f"/.rocm-doctor/probes/{name}.json", json.dumps(probe, indent=2) + "\n")
        for fn, data in self.kept_probes.items():
            if fn[:-len(".json")] not in self.probes:
                self.write(f"/.rocm-doctor/probes/{fn}", data)
        if self.nodes:
            self.meta["nodes"] = self.nodes
        self.write("/.rocm-doctor/machine.json", json.dumps(self.meta, indent=2) + "\n")
        if self.kernel_log is not None:
            self.write("/.rocm-doctor/probes/kernel-log.json",
                       json.dumps(self.kernel_log, indent=2) + "\n")
        self.write("/EXPECT", "\n".join(expect) + "\n")
        self.write("/README.md", readme)


# --------------------------------------------------------------------------------------------
# Host pieces

def host_base(m, *, os_id, release, proc_version, cmdline, mem_kb, cpu_model, hypervisor=False,
              user=("alice", 1000, 1000), groups=("alice", "sudo", "video", "render"),
              etc_members=None, modules=(), efi_secure_boot=False, efi=True, cgroup=None,
              uid_map="         0          0 4294967295\n"):
    m.meta["uname"] = {"sysname": "Linux", "release": release,
                       "version": proc_version[proc_version.find(" #") + 1:]
                       if " #" in proc_version else "",
                       "machine": "x86_64"}
    if user is not None:
        name, uid, gid = user
        m.meta["user"] = {"name": name, "uid": uid, "gid": gid, "groups": list(groups)}
    m.meta["env"] = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}
    m.write("/etc/os-release", OS_RELEASE[os_id])
    # /etc/group: who is listed in which group. By default exactly the groups the user has.
    members = etc_members if etc_members is not None else {
        g: [user[0]] for g in groups if user is not None and g != user[0] and g != "root"}
    lines = []
    for g, gid in sorted(GROUP_IDS.items(), key=lambda kv: kv[1]):
        lines.append(f"{g}:x:{gid}:{','.join(members.get(g, []))}")
    m.write("/etc/group", "\n".join(lines) + "\n")
    m.write("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
            "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
            "alice:x:1000:1000:Alice:/home/alice:/bin/bash\n")
    m.write("/proc/version", proc_version + "\n")
    m.write("/proc/cmdline", cmdline + "\n")
    m.write("/proc/meminfo", f"MemTotal:       {mem_kb} kB\nMemFree:        {mem_kb // 2} kB\n"
            f"MemAvailable:   {mem_kb * 3 // 4} kB\n")
    flags = ("fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush "
             "mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc "
             "rep_good nopl cpuid pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe popcnt "
             "aes xsave avx f16c rdrand " + ("hypervisor " if hypervisor else "") +
             "lahf_lm cmp_legacy svm extapic cr8_legacy abm sse4a misalignsse 3dnowprefetch "
             "osvw topoext perfctr_core bmi1 avx2 smep bmi2 erms rdseed adx smap clflushopt clwb "
             "sha_ni xsaveopt xsavec xgetbv1 xsaves")
    m.write("/proc/cpuinfo", f"processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
            f"model name\t: {cpu_model}\nflags\t\t: {flags}\n\n")
    m.write("/proc/modules", "".join(line + "\n" for line in modules))
    m.write("/proc/self/cgroup", cgroup or "0::/user.slice/user-1000.slice/session-2.scope\n")
    m.write("/proc/self/uid_map", uid_map)
    if efi:
        # efivarfs: 4 attribute bytes (0x06 = BOOTSERVICE_ACCESS|RUNTIME_ACCESS), then the value.
        m.write(SECURE_BOOT, b"\x06\x00\x00\x00" + (b"\x01" if efi_secure_boot else b"\x00"))


def lib_modules(m, release, *, amdgpu_path=None, builtin_amdgpu=False):
    """modules.dep / modules.builtin of the running kernel. amdgpu_path: where amdgpu.ko is."""
    ext = ".ko.zst" if release.startswith("6.8.") else ".ko"
    dep = [f"kernel/drivers/gpu/drm/drm{ext}:",
           f"kernel/drivers/gpu/drm/scheduler/gpu-sched{ext}: kernel/drivers/gpu/drm/drm{ext}",
           f"kernel/drivers/gpu/drm/ttm/ttm{ext}: kernel/drivers/gpu/drm/drm{ext}"]
    if amdgpu_path:
        dep.append(f"{amdgpu_path}: kernel/drivers/gpu/drm/scheduler/gpu-sched{ext} "
                   f"kernel/drivers/gpu/drm/ttm/ttm{ext} kernel/drivers/gpu/drm/drm{ext}")
    m.write(f"/lib/modules/{release}/modules.dep", "\n".join(dep) + "\n")
    builtin = ["kernel/drivers/pci/pcieport.ko", "kernel/drivers/virtio/virtio_pci.ko"]
    if builtin_amdgpu:
        builtin.append("kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko")
    m.write(f"/lib/modules/{release}/modules.builtin", "\n".join(builtin) + "\n")


def intree_amdgpu_path(release):
    ext = ".ko.zst" if release.startswith("6.8.") else ".ko"
    return "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu" + ext


AMDGPU_MODULE_LINE = "amdgpu 12947456 26 - Live 0x0000000000000000"  # size/refs: ROCm#4452 lsmod
AMDGPU_DKMS_MODULE_LINE = "amdgpu 19439616 42 - Live 0x0000000000000000 (OE)"


def amdgpu_module(m, version=None):
    m.write("/sys/module/amdgpu/initstate", "live\n")
    if version:
        m.write("/sys/module/amdgpu/version", version + "\n")


def dkms(m, version, kernels):
    for k in kernels:
        m.write(f"/var/lib/dkms/amdgpu/{version}/{k}/x86_64/module/amdgpu.ko", b"")
    m.write(f"/var/lib/dkms/amdgpu/{version}/source/dkms.conf",
            f'PACKAGE_NAME="amdgpu"\nPACKAGE_VERSION="{version}"\n')


def log(m, lines, source="/dev/kmsg"):
    m.kernel_log = {"state": "ok", "source": source, "lines": list(lines)}


# --------------------------------------------------------------------------------------------
# PCI

GENERIC_PCI = ("vendor", "device", "subsystem_vendor", "subsystem_device", "revision", "class",
               "numa_node", "current_link_speed", "current_link_width", "max_link_speed",
               "max_link_width", "local_cpulist", "enable", "boot_vga", "msi_bus", "irq")


def pci_dev(m, bdf, *, rootbus, parents=(), files=None, driver=None):
    """Creates /sys/devices/<rootbus>/<parents...>/<bdf> with `files` ({name: str|bytes}),
    its /sys/bus/pci/devices link, and the driver links. Returns the device dir (host path)."""
    devdir = "/sys/devices/" + "/".join((rootbus,) + tuple(parents) + (bdf,))
    m.mkdir(devdir)
    for name, value in (files or {}).items():
        if isinstance(value, str) and not value.endswith("\n"):
            value += "\n"
        m.write(devdir + "/" + name, value)
    m.link("/sys/bus/pci/devices/" + bdf, devdir)
    if driver:
        drvdir = "/sys/bus/pci/drivers/" + driver
        m.mkdir(drvdir)
        m.link(devdir + "/driver", drvdir)
        m.link(drvdir + "/" + bdf, devdir)
    return devdir


def bridge(m, bdf, rootbus, parents=(), vendor="0x1022", device=None, speed="16.0 GT/s PCIe",
           width="16"):
    files = {"vendor": vendor, "class": "0x060400", "current_link_speed": speed,
             "current_link_width": width, "max_link_speed": speed, "max_link_width": width}
    if device:
        files["device"] = device
    pci_dev(m, bdf, rootbus=rootbus, parents=parents, files=files, driver="pcieport")


def read_capture_dir(src, only=None, strip_nul=False):
    files = {}
    for fn in sorted(os.listdir(src)):
        p = os.path.join(src, fn)
        if os.path.isdir(p) or (only is not None and fn not in only):
            continue
        with open(p, "rb") as f:
            data = f.read()
        files[fn] = data.rstrip(b"\0") if strip_nul else data
    return files


def uevent_fields(data):
    out = {}
    for line in data.rstrip(b"\0").decode(errors="replace").splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
    return out


def unbound_files(files):
    """What a PCI function shows with no driver bound: the generic attributes only."""
    out = {k: v for k, v in files.items() if k in GENERIC_PCI}
    if "uevent" in files:
        ev = files["uevent"].rstrip(b"\0").decode()
        out["uevent"] = "".join(l + "\n" for l in ev.splitlines() if not l.startswith("DRIVER="))
    return out


def drm_nodes(m, devdir, card=None, render=None, render_group="render", render_mode="0660",
              card_group="video"):
    for name, minor, group, mode in ((f"card{card}" if card is not None else None, card,
                                      card_group, "0660"),
                                     (f"renderD{render}" if render is not None else None, render,
                                      render_group, render_mode)):
        if name is None:
            continue
        d = f"{devdir}/drm/{name}"
        m.write(d + "/dev", f"226:{minor}\n")
        m.write(d + "/uevent", f"MAJOR=226\nMINOR={minor}\nDEVNAME=dri/{name}\n"
                "DEVTYPE=drm_minor\n")
        m.device_link(d + "/device", devdir)
        m.link("/sys/class/drm/" + name, d)
        m.node("/dev/dri/" + name, 226, minor, mode, "root", group)


# --------------------------------------------------------------------------------------------
# KFD

KFD_DIR = "/sys/devices/virtual/kfd/kfd"


def kfd_base(m, major, *, dev_node=True, mode="0660", group="render", owner="root"):
    m.link("/sys/class/kfd/kfd", KFD_DIR)
    m.write(KFD_DIR + "/dev", f"{major}:0\n")
    m.write(KFD_DIR + "/uevent", f"MAJOR={major}\nMINOR=0\nDEVNAME=kfd\n")
    if dev_node:
        m.node("/dev/kfd", major, 0, mode, owner, group)


def props(pairs):
    return "".join(f"{k} {v}\n" for k, v in pairs)


def cpu_node_props(cores, simd_id_base=0, io_links=1, clk=3800):
    return props([("cpu_cores_count", cores), ("simd_count", 0), ("mem_banks_count", 1),
                  ("caches_count", 0), ("io_links_count", io_links), ("p2p_links_count", 0),
                  ("cpu_core_id_base", simd_id_base), ("simd_id_base", 0),
                  ("max_waves_per_simd", 0), ("lds_size_in_kb", 0), ("gds_size_in_kb", 0),
                  ("num_gws", 0), ("wave_front_size", 0), ("array_count", 0),
                  ("simd_arrays_per_engine", 0), ("cu_per_simd_array", 0), ("simd_per_cu", 0),
                  ("max_slots_scratch_cu", 0), ("gfx_target_version", 0), ("vendor_id", 0),
                  ("device_id", 0), ("location_id", 0), ("domain", 0), ("drm_render_minor", 0),
                  ("hive_id", 0), ("num_sdma_engines", 0), ("num_sdma_xgmi_engines", 0),
                  ("num_sdma_queues_per_engine", 0), ("num_cp_queues", 0),
                  ("max_engine_clk_ccompute", clk)])


def gpu_node_props(*, simd, simd_per_cu, wave, gfx, device_id, location_id, render_minor,
                   domain=0, hive_id=0, io_links=1, array_count=4, cu_per_array=10,
                   unique_id=0, sdma=2, xgmi_sdma=0, fw=100, sdma_fw=20, capability=746037888,
                   clk=1700, num_xcc=1):
    return props([("cpu_cores_count", 0), ("simd_count", simd), ("mem_banks_count", 1),
                  ("caches_count", 0), ("io_links_count", io_links), ("p2p_links_count", 0),
                  ("cpu_core_id_base", 0), ("simd_id_base", 2147487744),
                  ("max_waves_per_simd", 8 if wave == 64 else 16), ("lds_size_in_kb", 64),
                  ("gds_size_in_kb", 0), ("num_gws", 64), ("wave_front_size", wave),
                  ("array_count", array_count), ("simd_arrays_per_engine", 1),
                  ("cu_per_simd_array", cu_per_array), ("simd_per_cu", simd_per_cu),
                  ("max_slots_scratch_cu", 32), ("gfx_target_version", gfx),
                  ("vendor_id", 4098), ("device_id", device_id), ("location_id", location_id),
                  ("domain", domain), ("drm_render_minor", render_minor), ("hive_id", hive_id),
                  ("num_sdma_engines", sdma), ("num_sdma_xgmi_engines", xgmi_sdma),
                  ("num_sdma_queues_per_engine", 8), ("num_cp_queues", 24),
                  ("max_engine_clk_fcompute", clk), ("local_mem_size", 0), ("fw_version", fw),
                  ("capability", capability), ("debug_prop", 1511),
                  ("sdma_fw_version", sdma_fw), ("unique_id", unique_id), ("num_xcc", num_xcc),
                  ("max_engine_clk_ccompute", 3800)])


def link_props(ltype, node_from, node_to, weight, max_bw=0, flags=1, min_bw=0):
    return props([("type", ltype), ("version_major", 0), ("version_minor", 0),
                  ("node_from", node_from), ("node_to", node_to), ("weight", weight),
                  ("min_latency", 0), ("max_latency", 0), ("min_bandwidth", min_bw),
                  ("max_bandwidth", max_bw), ("recommended_transfer_size", 0), ("flags", flags)])


def bank_props(heap, size, width, clk):
    return props([("heap_type", heap), ("size_in_bytes", size), ("flags", 0), ("width", width),
                  ("mem_clk_max", clk)])


def kfd_node(m, index, properties, *, name="", gpu_id=0, bank=None, links=()):
    base = f"{KFD_DIR}/topology/nodes/{index}"
    m.write(base + "/properties", properties)
    m.write(base + "/name", name + "\n")
    m.write(base + "/gpu_id", f"{gpu_id}\n")
    if bank:
        m.write(base + "/mem_banks/0/properties", bank)
    for i, lp in enumerate(links):
        m.write(f"{base}/io_links/{i}/properties", lp)


def kfd_topology_header(m, generation=2):
    m.write(KFD_DIR + "/topology/generation_id", f"{generation}\n")
    m.write(KFD_DIR + "/topology/system_properties",
            "platform_oem 0\nplatform_id 0\nplatform_rev 0\n")


def cpu_only_kfd(m, cores=16, mem_bytes=68719476736):
    kfd_topology_header(m)
    kfd_node(m, 0, cpu_node_props(cores, io_links=0),
             bank=bank_props(0, mem_bytes, 64, 4800))


# --------------------------------------------------------------------------------------------
# GPUs

class Gpu:
    """A GPU to place on a host: where it sits and which captured files describe it."""

    def __init__(self, bdf, rootbus, parents, bridges, files, kfd_props, vram, gfx_name,
                 lact=None, kfd_name="ip discovery", gpu_id=0):
        self.bdf, self.rootbus, self.parents, self.bridges = bdf, rootbus, parents, bridges
        self.files, self.kfd_props, self.vram = files, kfd_props, vram
        self.gfx_name, self.lact, self.kfd_name, self.gpu_id = gfx_name, lact, kfd_name, gpu_id


def rx7900xtx(captures, **over):
    src = os.path.join(captures, "LACT/tests/snapshots/amd/rx7900xtx/card0/device")
    files = read_capture_dir(src)
    ev = uevent_fields(files["uevent"])
    vid, did = ev["PCI_ID"].lower().split(":")
    svid, sdid = ev["PCI_SUBSYS_ID"].lower().split(":")
    added = {"device": f"0x{did}\n", "class": "0x030000\n", "revision": "0xc8\n",
             "subsystem_vendor": f"0x{svid}\n", "subsystem_device": f"0x{sdid}\n",
             "max_link_speed": "16.0 GT/s PCIe\n", "max_link_width": "16\n",
             "numa_node": "-1\n", "mem_info_vram_total": "25753026560\n",
             "mem_info_vis_vram_total": "25753026560\n"}
    added.update(over)
    files.update({k: v for k, v in added.items() if k not in files or k in over})
    kp = gpu_node_props(simd=192, simd_per_cu=2, wave=32, gfx=110000, device_id=0x744c,
                        location_id=0x0300, render_minor=128, array_count=12, cu_per_array=8,
                        fw=2250, sdma_fw=20, capability=671588992, clk=2526)
    bridges = [("0000:00:01.1", (), "0x1022", None), ("0000:01:00.0", ("0000:00:01.1",),
                                                       "0x1002", "0x1478"),
               ("0000:02:00.0", ("0000:00:01.1", "0000:01:00.0"), "0x1002", "0x1479")]
    return Gpu("0000:03:00.0", "pci0000:00", ("0000:00:01.1", "0000:01:00.0", "0000:02:00.0"),
               bridges, files, kp, 25753026560, "gfx1100", gpu_id=47281)


def rx6900xt(captures):
    # NUL-padded copies (4096 bytes each) kept byte for byte: hostile input the parsers must take.
    src = os.path.join(captures, "amdgpu-sysfs-rs/tests/data/rx6900xt")
    files = read_capture_dir(src)
    ev = uevent_fields(files["uevent"])
    files["device"] = "0x" + ev["PCI_ID"].lower().split(":")[1] + "\n"
    kp = gpu_node_props(simd=160, simd_per_cu=2, wave=32, gfx=100300, device_id=0x73bf,
                        location_id=0x0c00, render_minor=128, array_count=8, cu_per_array=10,
                        fw=104, sdma_fw=81, capability=671588992, clk=2660)
    bridges = [("0000:00:03.1", (), "0x1022", None), ("0000:0a:00.0", ("0000:00:03.1",),
                                                       "0x1002", "0x1478"),
               ("0000:0b:00.0", ("0000:00:03.1", "0000:0a:00.0"), "0x1002", "0x1479")]
    return Gpu("0000:0c:00.0", "pci0000:00", ("0000:00:03.1", "0000:0a:00.0", "0000:0b:00.0"),
               bridges, files, kp, 17163091968, "gfx1030", gpu_id=51349)


def rx5500xt(captures):
    src = os.path.join(captures, "LACT/tests/snapshots/amd/rx5500xt/card1/device")
    files = read_capture_dir(src)
    ev = uevent_fields(files["uevent"])
    vid, did = ev["PCI_ID"].lower().split(":")
    svid, sdid = ev["PCI_SUBSYS_ID"].lower().split(":")
    files.update({"device": f"0x{did}\n", "class": "0x030000\n",
                  "subsystem_vendor": f"0x{svid}\n", "subsystem_device": f"0x{sdid}\n",
                  "max_link_speed": "16.0 GT/s PCIe\n", "max_link_width": "16\n",
                  "numa_node": "-1\n", "mem_info_vram_total": "8573157376\n",
                  "mem_info_vis_vram_total": "8573157376\n"})
    bridges = [("0000:00:1c.4", (), "0x8086", None), ("0000:02:00.0", ("0000:00:1c.4",),
                                                       "0x1002", "0x1478"),
               ("0000:03:00.0", ("0000:00:1c.4", "0000:02:00.0"), "0x1002", "0x1479")]
    return Gpu("0000:04:00.0", "pci0000:00", ("0000:00:1c.4", "0000:02:00.0", "0000:03:00.0"),
               bridges, files, None, 8573157376, "gfx1012")


def place_gpu(m, gpu, *, bound=True, drm=True, card=0, render=128, render_group="render",
              render_mode="0660", amdgpu_attrs=True):
    for bdf, parents, vendor, device in gpu.bridges:
        bridge(m, bdf, gpu.rootbus, parents, vendor, device)
    files = gpu.files if (bound and amdgpu_attrs) else unbound_files(gpu.files)
    devdir = pci_dev(m, gpu.bdf, rootbus=gpu.rootbus, parents=gpu.parents, files=files,
                     driver="amdgpu" if bound else None)
    if bound and drm:
        drm_nodes(m, devdir, card=card, render=render, render_group=render_group,
                  render_mode=render_mode)
    return devdir


def consumer_host(m, gpu, *, os_id="ubuntu2404", release="6.8.0-45-generic",
                  cmdline=None, mem_kb=65768412, loaded=True, bound=True, drm=True, kfd=True,
                  kfd_node_for_gpu=True, kfd_mode="0660", kfd_group="render",
                  render_group="render", render_mode="0660", groups=None, etc_members=None,
                  user=("alice", 1000, 1000), log_lines=None, module_file=True,
                  cpu="AMD Ryzen 9 7950X 16-Core Processor", extra_modules=(), cgroup=None,
                  uid_map="         0          0 4294967295\n", efi_secure_boot=False):
    pv = (f"Linux version {release} (buildd@lcy02-amd64-046) (x86_64-linux-gnu-gcc-13 (Ubuntu "
          f"13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #45-Ubuntu SMP "
          f"PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024")
    if os_id == "debian12":
        pv = (f"Linux version {release} (debian-kernel@lists.debian.org) (gcc-12 (Debian "
              f"12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP "
              f"PREEMPT_DYNAMIC Debian 6.1.123-1 (2025-01-02)")
    if cmdline is None:
        cmdline = f"BOOT_IMAGE=/boot/vmlinuz-{release} root=UUID=0b7a1f6e-3c55-4c1e-9d0a-" \
                  f"5f2a5b9e1c11 ro quiet splash"
    modules = list(extra_modules)
    if loaded:
        modules.insert(0, AMDGPU_MODULE_LINE)
    host_base(m, os_id=os_id, release=release, proc_version=pv, cmdline=cmdline, mem_kb=mem_kb,
              cpu_model=cpu, user=user,
              groups=groups if groups is not None else ("alice", "sudo", "video", "render"),
              etc_members=etc_members, modules=modules, cgroup=cgroup, uid_map=uid_map,
              efi_secure_boot=efi_secure_boot)
    lib_modules(m, release, amdgpu_path=intree_amdgpu_path(release) if module_file else None)
    if loaded:
        amdgpu_module(m)
    devdir = place_gpu(m, gpu, bound=bound and loaded, drm=drm, render_group=render_group,
                       render_mode=render_mode)
    if loaded and kfd:
        kfd_base(m, 234, mode=kfd_mode, group=kfd_group)
        kfd_topology_header(m)
        # KFD adds a GPU node only for a GPU amdgpu brought up (bound, with its DRM device).
        has_gpu = kfd_node_for_gpu and gpu.kfd_props is not None and bound and drm
        kfd_node(m, 0, cpu_node_props(32, io_links=1 if has_gpu else 0),
                 bank=bank_props(0, mem_kb * 1024, 64, 4800),
                 links=[link_props(2, 0, 1, 20, 32000, flags=3)] if has_gpu else [])
        if has_gpu:
            kfd_node(m, 1, gpu.kfd_props, name=gpu.kfd_name, gpu_id=gpu.gpu_id,
                     bank=bank_props(1, gpu.vram, 384, 1250),
                     links=[link_props(2, 1, 0, 20, 32000, flags=1)])
    if log_lines is not None:
        log(m, log_lines)
    return devdir


def healthy_log(bdf, pci_id, vram_mib, minor=0):
    return ["[drm] amdgpu kernel modesetting enabled.",
            f"amdgpu {bdf}: amdgpu: Fetched VBIOS from VFCT",
            f"amdgpu {bdf}: amdgpu: VRAM: {vram_mib}M 0x0000008000000000 - "
            f"0x{0x8000000000 + vram_mib * 1048576 - 1:016X} ({vram_mib}M used)",
            f"[drm] Initialized amdgpu 3.57.0 20150101 for {bdf} on minor {minor}",
            f"kfd kfd: amdgpu: added device {pci_id}"]


# --------------------------------------------------------------------------------------------
# README

def readme(title, what, sources, added, conclusion, expect):
    out = [f"# {title}", "", what, "", "## Sources", ""]
    out += [f"- {s}" for s in sources]
    out += ["", "## Added by hand (and why)", ""]
    out += [f"- {a}" for a in added]
    out += ["", "## What the doctor must conclude", "", conclusion, "", "`EXPECT`:", "", "```"]
    out += expect
    out += ["```", ""]
    return "\n".join(out)


COMMON_ADDED = [
    "`/etc/os-release`, `/etc/group`, `/etc/passwd`, `/proc/{version,cmdline,meminfo,cpuinfo,"
    "modules,self/cgroup,self/uid_map}`, `/lib/modules/<release>/modules.{dep,builtin}`, the "
    "efivars `SecureBoot-…` variable (off unless stated) and `.rocm-doctor/machine.json` "
    "(uname, user, device nodes): the captures are sysfs only, and a whole host has these. "
    "Values follow the distribution's real formats; user `alice` (uid 1000) is invented.",
    "The PCI directory layout: `/sys/bus/pci/devices/<BDF>` are relative symlinks into "
    "`/sys/devices/pci…/<bridges>/<BDF>` as in real sysfs, with `driver` links to "
    "`/sys/bus/pci/drivers/<driver>` and back-links from the driver dir. Bridges carry only "
    "vendor/class/link attributes (and the device id where it is a known AMD switch port "
    "1002:1478/1479).",
    "DRM `cardN`/`renderD*` dirs under the PCI device with `dev`/`uevent` and `device` links, "
    "`/sys/class/drm/*` links, and the matching `/dev/dri/*` nodes in machine.json "
    "(card 0660 root:video, render 0660 root:render — the udev defaults).",
]


# --------------------------------------------------------------------------------------------
# The machines

def m_rx7900xtx_healthy(out, cap):
    m = Machine(out, "rx7900xtx-healthy", "RX 7900 XTX desktop, Ubuntu 24.04, in-tree amdgpu")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    expect = ["exit 0", "check hardware.gpus pass", "check driver.amdgpu pass",
              "check driver.kfd pass", "check driver.kfd_access pass",
              "check driver.render_access pass", "check runtime.rocm pass",
              "check runtime.hip_load pass"]
    m.finish(expect, readme(
        "rx7900xtx-healthy", "A desktop with one Radeon RX 7900 XTX (Navi31, gfx1100) at "
        "0000:03:00.0 behind the card's own PCIe switch, Ubuntu 24.04, kernel 6.8.0-45-generic "
        "with the in-tree amdgpu, user alice in groups video and render.",
        [SRC_LACT.format("rx7900xtx") + ": `card0/device/*` copied verbatim into the PCI "
         "device dir (incl. NUL-padded files, `hwmon/`, `gpu_od/`, binary `pp_table`)."],
        COMMON_ADDED + [
            "PCI attributes the snapshot lacks: `device` 0x744c, subsystem ids and `class` "
            "0x030000 from the snapshot's own `uevent` (PCI_ID, PCI_SUBSYS_ID, PCI_CLASS); "
            "`max_link_*` 16.0 GT/s x16 from its `pp_dpm_pcie` (\"16.0GT/s, x16\"); `revision` "
            "0xc8 (the XTX revision in libdrm amdgpu.ids — an assumption: the snapshot is named "
            "rx7900xtx but the revision was not captured); `mem_info_vram_total` and "
            "`mem_info_vis_vram_total` 25753026560 (24 GiB board, Resizable BAR on — assumed).",
            "A KFD topology (CPU node 0 + GPU node 1, gfx_target_version 110000, simd_count 192 "
            "= 96 CUs × 2, location_id 0x300, drm_render_minor 128) and `/dev/kfd` (234:0, 0660 "
            "root:render): LACT did not capture KFD; the values follow kfd_topology.c and the "
            "RX 7900 XTX agent in ROCm/ROCm#4403's rocminfo (96 CUs, Chip ID 0x744c).",
            "A short kernel log of a normal amdgpu boot (message formats of amdgpu 6.8).",
        ],
        "Healthy: one AMD Radeon RX 7900 XTX (gfx1100); amdgpu bound, /dev/kfd and renderD128 "
        "usable by alice. Exit 0, no root cause.", expect))


def m_memory_low(out, cap):
    m = Machine(out, "memory-low", "RX 7900 XTX desktop with 16 GB of RAM")
    g = rx7900xtx(cap)
    consumer_host(m, g, mem_kb=16318480, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    expect = ["exit 0", "root_cause hardware.memory.low", "check hardware.memory warn"]
    m.finish(expect, readme(
        "memory-low", "The rx7900xtx-healthy machine with 16 GB of system RAM (MemTotal "
        "16318480 kB) — less than the GPU's 24 GiB of VRAM.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + ["Everything rx7900xtx-healthy adds; MemTotal lowered to 16318480 kB "
                        "(a 16 GB desktop) by hand to produce the condition."],
        "A warning, not a failure: system RAM (15.6 GiB) is below the 32 GiB recommended for "
        "one GPU. Exit 0 with the warn-level root cause hardware.memory.low.", expect))


def m_link_degraded(out, cap):
    m = Machine(out, "pcie-link-degraded", "RX 7900 XTX trained at x4 in an x16 slot")
    g = rx7900xtx(cap, current_link_width="4\n")
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    expect = ["exit 0", "root_cause hardware.pcie.link_degraded", "check hardware.pcie_link warn"]
    m.finish(expect, readme(
        "pcie-link-degraded", "rx7900xtx-healthy with the GPU's link trained at x4 (e.g. a "
        "riser or a chipset slot wired x4): current_link_width 4, max_link_width 16, speed "
        "16.0 GT/s both.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + ["Everything rx7900xtx-healthy adds; `current_link_width` changed from "
                        "the captured 16 to 4 by hand."],
        "Warn: the link runs at 16.0 GT/s x4 instead of x16. The width (not the speed, which "
        "idle GPUs lower) is below the maximum. Exit 0, warn root cause "
        "hardware.pcie.link_degraded.", expect))


def m_kfd_permission(out, cap):
    m = Machine(out, "kfd-permission-denied", "alice is not in the render group")
    g = rx7900xtx(cap)
    consumer_host(m, g, groups=("alice", "sudo"), log_lines=healthy_log(g.bdf, "1002:744c",
                                                                        24560))
    expect = ["exit 1", "root_cause driver.kfd.permission_denied", "check driver.kfd pass",
              "check driver.kfd_access fail", "check driver.render_access skip"]
    m.finish(expect, readme(
        "kfd-permission-denied", "rx7900xtx-healthy, but alice is only in groups alice and "
        "sudo (not in /etc/group's render or video lines). /dev/kfd and /dev/dri/renderD128 "
        "are crw-rw---- root:render.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + ["Everything rx7900xtx-healthy adds; alice's groups reduced to alice, "
                        "sudo (the most common ROCm setup mistake)."],
        "Fail: alice cannot open /dev/kfd read-write (0660 root:render, not in render) — "
        "root cause driver.kfd.permission_denied; the render node has the same mode and group, "
        "and driver.render_access runs after driver.kfd_access, so it is blocked rather than "
        "reported as a second root cause (one `usermod -aG render,video alice` fixes both). "
        "Exit 1.", expect))


def m_render_permission(out, cap):
    m = Machine(out, "render-node-permission-denied", "kfd group video, render node group render")
    g = rx7900xtx(cap)
    consumer_host(m, g, groups=("alice", "sudo", "video"), kfd_group="video",
                  log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    expect = ["exit 1", "root_cause driver.render_node.permission_denied",
              "check driver.kfd_access pass", "check driver.render_access fail"]
    m.finish(expect, readme(
        "render-node-permission-denied", "rx7900xtx-healthy on a host whose udev rules give "
        "/dev/kfd to group video (older ROCm rules) while /dev/dri/renderD128 belongs to "
        "render; alice followed the old advice and is only in video.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + ["Everything rx7900xtx-healthy adds; /dev/kfd group video; alice in "
                        "alice, sudo, video."],
        "Fail: /dev/kfd opens, but renderD128 (0660 root:render) does not, so ROCr silently "
        "drops the GPU. Root cause driver.render_node.permission_denied. Exit 1.", expect))


def m_init_failed(out, cap):
    m = Machine(out, "init-failed", "amdgpu loaded, RX 7900 XTX probe failed")
    g = rx7900xtx(cap)
    bdf = g.bdf
    consumer_host(m, g, bound=False, log_lines=[
        "[drm] amdgpu kernel modesetting enabled.",
        f"amdgpu {bdf}: amdgpu: Fetched VBIOS from VFCT",
        f"amdgpu {bdf}: amdgpu: SMU: I'm not done with your previous command: "
        "SMN_C2PMSG_66:0x0000000D SMN_C2PMSG_82:0x00000000",
        f"amdgpu {bdf}: amdgpu: Failed to enable requested dpm features!",
        f"amdgpu {bdf}: amdgpu: Fatal error during GPU init",
        f"amdgpu: probe of {bdf} failed with error -62",
    ])
    expect = ["exit 1", "root_cause driver.amdgpu.init_failed", "check driver.amdgpu pass",
              "check driver.gpu_init fail"]
    m.finish(expect, readme(
        "init-failed", "rx7900xtx-healthy where amdgpu is loaded (/proc/modules Live, "
        "/sys/module/amdgpu/initstate live, /dev/kfd exists with only the CPU KFD node) but "
        "the probe of 0000:03:00.0 failed: no `driver` link, no DRM card, no amdgpu "
        "attributes, and the kernel log ends in \"Fatal error during GPU init\".",
        [SRC_LACT.format("rx7900xtx") + ": only the generic PCI attributes (an unbound "
         "function shows no amdgpu files).", SRC_FM + " for \"Fatal error during GPU init\" and "
         "\"probe of … failed with error\"."],
        COMMON_ADDED + ["The SMU lines before the fatal one are the amdgpu 6.x message formats "
                        "of an SMU that does not answer (error -62 = ETIME); written by hand.",
                        "/dev/kfd exists because amdgpu creates it at module init, before and "
                        "independent of any GPU probe (kfd_chardev_init)."],
        "Fail: amdgpu is loaded but the GPU did not come up — root cause "
        "driver.amdgpu.init_failed with the kernel log lines as evidence. Exit 1.", expect))


# driver.kernel_support's warning on the Ubuntu 22.04.5 hosts that boot the 6.5 HWE kernel of
# 22.04.4 (checks/data/rocm_kernels.csv, ROCm 6.2.0).
KS_65_NOTE = (" driver.kernel_support also warns driver.kernel.unsupported: ROCm 6.2.0 lists "
              "Linux 5.15 GA and 6.8 HWE for Ubuntu 22.04.5, not 6.5.")


def m_kfd_missing(out, cap):
    m = Machine(out, "kfd-missing", "RX 6900 XT on a kernel built without CONFIG_HSA_AMD")
    g = rx6900xt(cap)
    release = "6.6.30-custom"
    host_base(m, os_id="debian12", release=release,
              proc_version=f"Linux version {release} (alice@ws) (gcc (Debian 12.2.0-14) 12.2.0, "
                           "GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC",
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{release} root=/dev/nvme0n1p2 ro quiet",
              mem_kb=32766384, cpu_model="AMD Ryzen 7 5700X 8-Core Processor",
              modules=[AMDGPU_MODULE_LINE])
    lib_modules(m, release, amdgpu_path=intree_amdgpu_path(release))
    amdgpu_module(m)
    place_gpu(m, g)
    log(m, healthy_log(g.bdf, "1002:73bf", 16368)[:4])
    expect = ["exit 1", "root_cause driver.kfd.missing", "root_cause driver.kernel.unsupported",
              "check driver.amdgpu pass", "check driver.kfd fail"]
    m.finish(expect, readme(
        "kfd-missing", "An RX 6900 XT (0000:0c:00.0) bound to amdgpu with its DRM card and "
        "render node, on a self-built kernel 6.6.30-custom without CONFIG_HSA_AMD: no "
        "/dev/kfd, no /sys/class/kfd.",
        [SRC_SYSFS_RS.format("rx6900xt") + ": the whole device dir verbatim (NUL-padded "
         "to 4096 bytes, as captured)."],
        COMMON_ADDED + ["`device` 0x73bf from the capture's uevent PCI_ID (the capture has no "
                        "`device` file). RAM and CPU from ROCm/ROCm#4452's rocminfo (same "
                        "GPU model).", "A kernel log of a normal amdgpu init without any "
                        "\"kfd kfd: amdgpu: added device\" line."],
        "Fail: amdgpu drives the GPU but there is no /dev/kfd — root cause driver.kfd.missing. "
        "driver.kernel_support also warns driver.kernel.unsupported: ROCm 6.2.0 lists no Debian "
        "release. Exit 1.", expect))


def m_bar_small(out, cap):
    m = Machine(out, "bar-small", "RX 6900 XT with a 256 MiB BAR")
    g = rx6900xt(cap)
    g.files["mem_info_vis_vram_total"] = "268435456\n"
    consumer_host(m, g, os_id="ubuntu2204", release="6.5.0-45-generic", mem_kb=32766384,
                  cpu="AMD Ryzen 7 5700X 8-Core Processor",
                  log_lines=healthy_log(g.bdf, "1002:73bf", 16368))
    expect = ["exit 0", "root_cause hardware.bar.small", "root_cause driver.kernel.unsupported",
              "check hardware.bar warn"]
    m.finish(expect, readme(
        "bar-small", "An RX 6900 XT (16 GiB) whose CPU-visible VRAM window is 256 MiB: Above 4G "
        "Decoding / Resizable BAR off in the firmware setup. Ubuntu 22.04 HWE kernel.",
        [SRC_SYSFS_RS.format("rx6900xt") + ": the device dir verbatim except "
         "`mem_info_vis_vram_total`."],
        COMMON_ADDED + ["`mem_info_vis_vram_total` replaced by 268435456 (256 MiB, the "
                        "classic non-resizable BAR size) by hand; `device` from the uevent.",
                        "KFD topology (gfx1030, 80 CUs) and /dev/kfd as for rx7900xtx-healthy."],
        "Warn: 256 MiB of 16368 MiB VRAM is CPU-visible — hardware.bar.small." + KS_65_NOTE +
        " Exit 0.", expect))


def m_not_loaded(out, cap):
    m = Machine(out, "amdgpu-not-loaded", "RX 6900 XT, no driver bound, amdgpu not loaded")
    g = rx6900xt(cap)
    consumer_host(m, g, os_id="ubuntu2204", release="6.5.0-45-generic", mem_kb=32766384,
                  cpu="AMD Ryzen 7 5700X 8-Core Processor", loaded=False,
                  log_lines=["Linux version 6.5.0-45-generic (buildd@lcy02-amd64-045)",
                             "pci 0000:0c:00.0: [1002:73bf] type 00 class 0x030000"])
    expect = ["exit 1", "root_cause driver.amdgpu.not_loaded",
              "root_cause driver.kernel.unsupported", "check hardware.gpus pass",
              "check driver.blacklist pass", "check driver.amdgpu fail", "check driver.kfd skip"]
    m.finish(expect, readme(
        "amdgpu-not-loaded", "An RX 6900 XT on the PCI bus with no driver bound; amdgpu is not "
        "in /proc/modules and /sys/module/amdgpu does not exist, although the module file is "
        "there (modules.dep lists it) and nothing blacklists it — e.g. a server image that "
        "never loads it.",
        [SRC_SYSFS_RS.format("rx6900xt") + ": only the generic PCI attributes (NUL-padded, "
         "as captured); amdgpu's own files are absent when it is not bound."],
        COMMON_ADDED + ["No /dev/kfd, no DRM nodes, no KFD topology (they exist only when "
                        "amdgpu is loaded)."],
        "Fail: root cause driver.amdgpu.not_loaded (fix: `sudo modprobe amdgpu`); the /dev/kfd "
        "and later checks are blocked by it." + KS_65_NOTE + " Exit 1.", expect))


def m_blacklisted_nomodeset(out, cap):
    m = Machine(out, "blacklisted-nomodeset", "nomodeset on the kernel command line")
    g = rx6900xt(cap)
    rel = "6.5.0-45-generic"
    consumer_host(m, g, os_id="ubuntu2204", release=rel, mem_kb=32766384,
                  cpu="AMD Ryzen 7 5700X 8-Core Processor", loaded=False,
                  cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=UUID=0b7a1f6e-3c55-4c1e-9d0a-"
                          "5f2a5b9e1c11 ro quiet splash nomodeset",
                  log_lines=["Booted with the nomodeset parameter. Only the system framebuffer "
                             "will be available",
                             "[drm] amdgpu kernel modesetting disabled."])
    expect = ["exit 1", "root_cause driver.amdgpu.blacklisted",
              "root_cause driver.kernel.unsupported", "check driver.blacklist fail",
              "check driver.amdgpu skip"]
    m.finish(expect, readme(
        "blacklisted-nomodeset", "amdgpu-not-loaded, but the reason is `nomodeset` on "
        "/proc/cmdline (left from an installer's \"safe graphics\" boot entry).",
        [SRC_SYSFS_RS.format("rx6900xt") + " (generic PCI attributes)."],
        COMMON_ADDED + ["`nomodeset` on the command line and the two kernel log lines Linux "
                        "6.x prints for it (drm_nomodeset.c, amdgpu_drv.c): written by hand."],
        "Fail: root cause driver.amdgpu.blacklisted naming the `nomodeset` token of "
        "/proc/cmdline; driver.amdgpu is blocked by driver.blacklist." + KS_65_NOTE +
        " Exit 1.", expect))


def m_blacklisted_modprobe(out, cap):
    m = Machine(out, "blacklisted-modprobe", "blacklist amdgpu in /etc/modprobe.d")
    g = rx7900xtx(cap)
    consumer_host(m, g, loaded=False, log_lines=[])
    m.write("/etc/modprobe.d/blacklist-amdgpu.conf",
            "# Added for GPU passthrough tests\nblacklist amdgpu\n")
    m.write("/etc/modprobe.d/alsa-base.conf", "options snd-hda-intel power_save=1\n")
    expect = ["exit 1", "root_cause driver.amdgpu.blacklisted", "check driver.blacklist fail"]
    m.finish(expect, readme(
        "blacklisted-modprobe", "An RX 7900 XTX, no driver bound, amdgpu not loaded, and "
        "/etc/modprobe.d/blacklist-amdgpu.conf line 2 says `blacklist amdgpu`.",
        [SRC_LACT.format("rx7900xtx") + " (generic PCI attributes only)."],
        COMMON_ADDED + ["The modprobe.d files (one unrelated) written by hand; an empty "
                        "recorded kernel log."],
        "Fail: root cause driver.amdgpu.blacklisted with evidence "
        "/etc/modprobe.d/blacklist-amdgpu.conf:2. Exit 1.", expect))


def m_dkms_not_built(out, cap):
    m = Machine(out, "dkms-not-built", "amdgpu-dkms built for 6.5, booted 6.8")
    g = rx7900xtx(cap)
    rel = "6.8.0-52-generic"
    consumer_host(m, g, os_id="ubuntu2204", release=rel, loaded=False, module_file=False,
                  log_lines=[])
    dkms(m, "6.10.5-2084815.22.04", ["6.5.0-45-generic"])
    m.write("/lib/modules/6.5.0-45-generic/updates/dkms/amdgpu.ko", b"")
    expect = ["exit 1", "root_cause driver.dkms.not_built_for_kernel", "check driver.amdgpu fail"]
    m.finish(expect, readme(
        "dkms-not-built", "Ubuntu 22.04 with amdgpu-dkms (ROCm 6.3-era 6.10.5) built for "
        "6.5.0-45-generic; an HWE upgrade booted 6.8.0-52-generic, for which DKMS built "
        "nothing (headers missing) and linux-modules-extra (the in-tree amdgpu) is not "
        "installed: /lib/modules/6.8.0-52-generic has no amdgpu.ko.",
        [SRC_LACT.format("rx7900xtx") + " (generic PCI attributes only)."],
        COMMON_ADDED + ["The DKMS tree /var/lib/dkms/amdgpu/6.10.5-2084815.22.04/"
                        "6.5.0-45-generic/x86_64/module/amdgpu.ko and the old kernel's "
                        "updates/dkms/amdgpu.ko (empty placeholders; the build id is "
                        "illustrative)."],
        "Fail: root cause driver.dkms.not_built_for_kernel (fix: install the headers and "
        "`sudo dkms autoinstall -k 6.8.0-52-generic`). Exit 1.", expect))


def m_secure_boot(out, cap):
    m = Machine(out, "secure-boot-blocked", "ROCm/ROCm#4452: Secure Boot blocks amdgpu-dkms")
    g = rx6900xt(cap)
    rel = "6.1.0-30-amd64"
    consumer_host(m, g, os_id="debian12", release=rel, mem_kb=32766384, loaded=False,
                  module_file=False, cpu="AMD Ryzen 7 5700X 8-Core Processor",
                  efi_secure_boot=True, log_lines=[
                      "Lockdown: modprobe: unsigned module loading is restricted; see man "
                      "kernel_lockdown.7"])
    lib_modules(m, rel, amdgpu_path="updates/dkms/amdgpu.ko")
    dkms(m, "6.10.5-2111494.22.04", [rel])
    rocm_install(m, "6.3.3", "6.3.60303", "1.14.60303", build="74")
    expect = ["exit 1", "root_cause driver.secure_boot.module_blocked", "check driver.amdgpu fail"]
    m.finish(expect, readme(
        "secure-boot-blocked", "The machine of ROCm/ROCm#4452 after its reboot: Debian 12, "
        "kernel 6.1.0-30-amd64, Ryzen 7 5700X, RX 6900 XT (gfx1030) at 0000:0c:00.0 "
        "(rocminfo BDFID 3072), ROCm 6.3.3 with amdgpu-dkms from the jammy repository, UEFI "
        "Secure Boot on. rocminfo said \"ROCk module is NOT loaded, possibly no GPU devices\" "
        "and clinfo found 0 devices; disabling Secure Boot fixed it.",
        [SRC_4452 + ": GPU model/BDF, kernel, CPU, RAM (rocminfo CPU pool 32766384 KB), ROCm "
         "version 6.3.3-74 (apt show rocm-libs), the not-loaded state.",
         SRC_SYSFS_RS.format("rx6900xt") + ": generic PCI attributes of an RX 6900 XT at the "
         "same BDF 0000:0c:00.0 (PROVENANCE: likely the same card model, not proven the same "
         "card)."],
        COMMON_ADDED + [
            "SecureBoot efivar value 1, the DKMS tree for 6.1.0-30-amd64 and modules.dep "
            "pointing amdgpu at updates/dkms/amdgpu.ko (what amdgpu-dkms installs); the DKMS "
            "build id is illustrative (6.10.5 is the ROCm 6.3-era amdgpu-dkms version).",
            "The kernel log line is the text Debian's lockdown prints when an unsigned module "
            "is refused (the issue did not include dmesg).",
            "/opt/rocm -> /opt/rocm-6.3.3 with .info/version `6.3.3-74`, "
            "`lib/libamdhip64.so.6.3.60303` and `lib/libhsa-runtime64.so.1.14.60303` (empty "
            "placeholders with their soname/dev links), `/etc/ld.so.conf.d/10-rocm-opencl.conf` "
            "(/opt/rocm/lib) and a recorded `hip-load` probe that loaded it (the issue's "
            "user space worked; the kernel module did not load)."],
        "Fail: Secure Boot is on and the unsigned DKMS amdgpu is not loaded — root cause "
        "driver.secure_boot.module_blocked (enrol the DKMS MOK key or disable Secure Boot). "
        "Exit 1.", expect))


def m_firmware_missing(out, cap):
    m = Machine(out, "firmware-missing", "MI100: arcturus_gpu_info.bin missing")
    bdf = "0000:23:00.0"
    rel = "5.15.0-116-generic"
    host_base(m, os_id="ubuntu2204", release=rel,
              proc_version=f"Linux version {rel} (buildd@lcy02-amd64-015) (gcc (Ubuntu "
                           "11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38)"
                           " #126-Ubuntu SMP Mon Jul 1 10:14:24 UTC 2024",
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/sda2 ro",
              mem_kb=131811212, cpu_model="AMD EPYC 7302 16-Core Processor",
              modules=[AMDGPU_MODULE_LINE])
    lib_modules(m, rel, amdgpu_path=intree_amdgpu_path(rel))
    amdgpu_module(m)
    bridge(m, "0000:20:03.1", "pci0000:20", vendor="0x1022")
    pci_dev(m, bdf, rootbus="pci0000:20", parents=("0000:20:03.1",), files={
        "vendor": "0x1002", "device": "0x738c", "subsystem_vendor": "0x1002",
        "subsystem_device": "0x0c34", "revision": "0x01", "class": "0x038000",
        "numa_node": "0", "current_link_speed": "16.0 GT/s PCIe", "current_link_width": "16",
        "max_link_speed": "16.0 GT/s PCIe", "max_link_width": "16"})
    kfd_base(m, 511)
    cpu_only_kfd(m, cores=32, mem_bytes=131811212 * 1024)
    log(m, ["[drm] amdgpu kernel modesetting enabled.",
            f"amdgpu {bdf}: Direct firmware load for amdgpu/arcturus_gpu_info.bin failed with "
            "error -2",
            f"amdgpu {bdf}: amdgpu: Failed to load gpu_info firmware \"amdgpu/"
            "arcturus_gpu_info.bin\"",
            f"amdgpu {bdf}: Fatal error during GPU init",
            f"amdgpu: probe of {bdf} failed with error -2"])
    expect = ["exit 1", "root_cause driver.firmware.missing", "check driver.firmware fail",
              "check driver.gpu_init skip"]
    m.finish(expect, readme(
        "firmware-missing", "An Instinct MI100 (Arcturus, 1002:738c) at 0000:23:00.0 on an EPYC "
        "server whose linux-firmware lacks amdgpu/arcturus_gpu_info.bin: amdgpu loads, the "
        "probe fails with -2 (ENOENT), the GPU is left without a driver.",
        [SRC_FM + ": the four amdgpu lines are the ones quoted from ROCm/ROCm#1357 (MI100, "
         "arcturus_gpu_info.bin) under `amdgpu-firmware-missing-fatal-init`."],
        COMMON_ADDED + [
            "The whole PCI function by hand (no sysfs capture of this machine): MI100 ids from "
            "libdrm amdgpu.ids; subsystem 1002:0c34 and class 0x038000 (display-other, the "
            "headless Instinct class before MI300) are assumptions.",
            "/dev/kfd (major 511: dynamic majors on large servers are allocated from the top) "
            "and a CPU-only KFD topology: amdgpu creates both at module init."],
        "Fail: one root cause, driver.firmware.missing for amdgpu/arcturus_gpu_info.bin on "
        "0000:23:00.0 (the \"Direct firmware load\" and \"Failed to load gpu_info firmware\" "
        "lines are two reports of the same missing file). The \"Fatal error during GPU init\" "
        "that follows is its consequence: driver.gpu_init is blocked by driver.firmware "
        "rather than reported as a second root cause. Exit 1.",
        expect))


def m_atomics(out, cap):
    m = Machine(out, "pcie-atomics-unsupported", "RX 5500 XT behind a switch without atomics")
    g = rx5500xt(cap)
    rel = "6.8.0-45-generic"
    consumer_host(m, g, release=rel, mem_kb=32768000, kfd_node_for_gpu=False,
                  cpu="Intel(R) Core(TM) i7-3770K CPU @ 3.50GHz", log_lines=[
                      "[drm] amdgpu kernel modesetting enabled.",
                      f"amdgpu {g.bdf}: amdgpu: PCIE atomic ops is not supported",
                      f"[drm] Initialized amdgpu 3.57.0 20150101 for {g.bdf} on minor 0",
                      "kfd kfd: amdgpu: skipped device 1002:7340, PCI rejects atomics"])
    expect = ["exit 1", "root_cause hardware.pcie.atomics_unsupported",
              "check hardware.pcie_atomics fail"]
    m.finish(expect, readme(
        "pcie-atomics-unsupported", "An RX 5500 XT (Navi14, 1002:7340) at 0000:04:00.0 on an "
        "Ivy Bridge desktop (i7-3770K, no PCIe AtomicOps routing to the root port). amdgpu "
        "drives the display, but KFD refuses the GPU (\"PCI rejects atomics\"): the KFD "
        "topology has only the CPU node.",
        [SRC_LACT.format("rx5500xt") + ": `card1/device/*` verbatim.",
         SRC_FM + ": \"kfd kfd: amdgpu: skipped device 1002:7340, PCI rejects atomics\" "
         "(pcie-atomics-rejected; xuhuisheng/rocm-build#18, ROCm/ROCm#1218 for the i7-3770K)."],
        COMMON_ADDED + [
            "`device`, subsystem ids, `class` from the snapshot's uevent; `max_link_*` 16 GT/s "
            "x16 (Navi14's link is PCIe 4.0 x8 electrically — the exact value does not matter "
            "here); VRAM 8 GiB assumed. The bridges 0000:00:1c.4 (Intel root port) and the "
            "1002:1478/1479 switch are hand-placed.",
            "\"amdgpu …: amdgpu: PCIE atomic ops is not supported\" is amdgpu_device.c's "
            "dev_info (seen verbatim in public dmesg logs); hand-placed here."],
        "Fail: the GPU needs PCIe atomics and the path does not provide them — one root "
        "cause, hardware.pcie.atomics_unsupported for 0000:04:00.0, with both kernel log "
        "lines as evidence (\"skipped device 1002:7340\" names the same GPU by PCI id). "
        "Exit 1.",
        expect))


def m_phoenix(out, cap):
    m = Machine(out, "phoenix-apu", "Ryzen 7040 laptop, Radeon 780M iGPU")
    src = os.path.join(cap, "LACT/tests/snapshots/amd/phoenix")
    files = read_capture_dir(os.path.join(src, "card1/device"))
    rel = "6.8.0-45-generic"
    # KFD CPU node mem bank: 62867955712 bytes -> MemTotal in kB.
    mem_kb = 62867955712 // 1024
    pv = (f"Linux version {rel} (buildd@lcy02-amd64-046) (x86_64-linux-gnu-gcc-13 (Ubuntu "
          "13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #45-Ubuntu SMP "
          "PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024")
    host_base(m, os_id="ubuntu2404", release=rel, proc_version=pv,
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/nvme0n1p2 ro quiet splash",
              mem_kb=mem_kb, cpu_model="AMD Ryzen 7 PRO 7840U w/ Radeon 780M Graphics",
              modules=[AMDGPU_MODULE_LINE])
    lib_modules(m, rel, amdgpu_path=intree_amdgpu_path(rel))
    amdgpu_module(m)
    bridge(m, "0000:00:08.1", "pci0000:00", vendor="0x1022")
    devdir = pci_dev(m, "0000:64:00.0", rootbus="pci0000:00", parents=("0000:00:08.1",),
                     files=files, driver="amdgpu")
    m.copy_tree(os.path.join(src, "card1/device"), devdir)
    drm_nodes(m, devdir, card=1, render=128)
    for fn in ("uevent", "dev", "boot_display"):
        with open(os.path.join(src, "card1", fn), "rb") as f:
            m.write(f"{devdir}/drm/card1/{fn}", f.read())
    m.link("/sys/class/kfd/kfd", KFD_DIR)
    m.copy_tree(os.path.join(src, "kfd"), KFD_DIR)
    m.node("/dev/kfd", 237, 0, "0660", "root", "render")
    log(m, healthy_log("0000:64:00.0", "1002:15bf", 4096, minor=1))
    expect = ["exit 1", "root_cause runtime.gfx.unsupported", "check hardware.gpus pass",
              "check driver.kfd pass", "check driver.kfd_topology pass",
              "check runtime.rocm pass", "check runtime.hip_load pass"]
    m.finish(expect, readme(
        "phoenix-apu", "A Lenovo laptop (subsystem 17aa:50da) with a Ryzen 7040 \"Phoenix\" "
        "APU: Radeon 780M (1002:15bf rev 0xdd, gfx1103) at 0000:64:00.0, 4 GiB VRAM carve-out, "
        "~58.5 GiB RAM, in-tree amdgpu on Ubuntu 24.04.",
        [SRC_LACT.format("phoenix") + ": `card1/device/*` verbatim as the PCI device dir, "
         "`card1/{uevent,dev,boot_display}` into drm/card1, and the real `kfd/` dir (dev "
         "237:0, topology with CPU node 0 and GPU node 1, gfx_target_version 110003, 27 "
         "caches) verbatim as /sys/devices/virtual/kfd/kfd."],
        COMMON_ADDED + [
            "MemTotal 61394488 kB = the KFD CPU node's mem bank (62867955712 bytes) / 1024: "
            "KFD reports system RAM there, so this is the capture's own evidence.",
            "renderD128 (the KFD node's drm_render_minor 128) and /dev/kfd 237:0 from the "
            "capture's kfd/dev."],
        "Healthy at the hardware and driver layers: 1 × Radeon 780M (gfx1103), APU (PCIe "
        "link and BAR checks do not apply: the carve-out is fully visible, 4096 of 4096 MiB), "
        "RAM 58.5 GiB above the 32 GiB recommendation, KFD node present and usable. The "
        "runtime layer then judges the target against the (invented, default) ROCm 6.2.0 "
        "install: gfx1103 is not on its support list, so runtime.gfx.unsupported is the root "
        "cause (with the HSA_OVERRIDE_GFX_VERSION=11.0.0 suggestion, marked risky). Exit 1.",
        expect))


def m_vm(out, cap):
    m = Machine(out, "vm-no-gpu", "Firecracker VM, virtio devices only")
    rel = "6.1.0-28-amd64"
    host_base(m, os_id="debian12", release=rel,
              proc_version=f"Linux version {rel} (debian-kernel@lists.debian.org) (gcc-12 "
                           "(Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 "
                           "SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)",
              cmdline="console=ttyS0 reboot=k panic=1 pci=realloc root=/dev/vda rw",
              mem_kb=24683652, cpu_model="AMD EPYC", hypervisor=True, user=None,
              groups=(), efi=False, cgroup="0::/\n")
    lib_modules(m, rel)
    debian_rocm(m)
    devices = [("0000:00:00.0", "0x8086", "0x0d57", "0x0000", "0x0000", "0x00", "0x060000", None),
               ("0000:00:01.0", "0x1af4", "0x1045", "0x1af4", "0x1045", "0x01", "0xffff00",
                "virtio-pci"),
               ("0000:00:02.0", "0x1af4", "0x1042", "0x1af4", "0x1042", "0x01", "0x018000",
                "virtio-pci"),
               ("0000:00:03.0", "0x1af4", "0x1041", "0x1af4", "0x1041", "0x01", "0x020000",
                "virtio-pci"),
               ("0000:00:04.0", "0x1af4", "0x1053", "0x1af4", "0x1053", "0x01", "0xffff00",
                "virtio-pci"),
               ("0000:00:05.0", "0x1af4", "0x1044", "0x1af4", "0x1044", "0x01", "0xffff00",
                "virtio-pci")]
    for bdf, v, d, sv, sd, rev, cls, drv in devices:
        pci_dev(m, bdf, rootbus="pci0000:00", driver=drv, files={
            "vendor": v, "device": d, "subsystem_vendor": sv, "subsystem_device": sd,
            "revision": rev, "class": cls, "numa_node": "-1"})
    expect = ["exit 1", "root_cause hardware.gpu.none_found", "check hardware.gpus fail",
              "check runtime.rocm pass"]
    m.finish(expect, readme(
        "vm-no-gpu", "A Firecracker microVM like the host these tests are built on: an Intel "
        "8086:0d57 host bridge and five virtio (1af4) functions — network, block, vsock, "
        "balloon, entropy — and no GPU passed through; the CPU flags say `hypervisor`.",
        [SRC_HOST_VM + ": vendor, device, subsystem, revision, class and driver of every PCI "
         "function."],
        ["/proc/cpuinfo with the `hypervisor` flag, a generic microVM /proc/cmdline (the "
         "host's own command line was not copied), /etc files, no machine.json user (= root), "
         "no EFI (microVMs boot without firmware), no kernel log recording.",
         "Debian 12's own ROCm 5.2.3 as installed on that host (`apt-get install "
         "libamdhip64-5 libhsa-runtime64-1`): `/usr/lib/x86_64-linux-gnu/libamdhip64.so."
         "5.2.21153` and `libhsa-runtime64.so.1.5.0` (empty placeholders with their soname/dev "
         "links, names as `ls` shows them there), their `/var/lib/dpkg/status` stanzas "
         "(abridged) and a recorded `hip-load` probe that loaded it (`rocm-doctor probe-load` "
         "loads it on that host)."],
        "Fail: no AMD GPU on the PCI bus — root cause hardware.gpu.none_found, whose message "
        "names what is there (only virtio devices: a VM without GPU passthrough), with the "
        "info-level hardware.vm.no_passthrough beside it. Exit 1.", expect))


def m_nvidia(out, cap):
    m = Machine(out, "nvidia-only", "NVIDIA H200 VM, no AMD GPU")
    rel = "6.8.0-45-generic"
    host_base(m, os_id="ubuntu2404", release=rel,
              proc_version=f"Linux version {rel} (buildd@lcy02-amd64-046) (x86_64-linux-gnu-gcc-"
                           "13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) "
                           "2.42) #45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024",
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/vda1 ro console=ttyS0",
              mem_kb=131961788, cpu_model="Intel(R) Xeon(R) Processor", hypervisor=True,
              modules=["nvidia 14299136 - - Live 0x0000000000000000 (O)"], efi=False)
    lib_modules(m, rel, amdgpu_path=intree_amdgpu_path(rel))
    devices = [("0000:00:00.0", "0x8086", "0x0d57", "0x0000", "0x0000", "0x00", "0x060000", None),
               ("0000:00:01.0", "0x1af4", "0x1042", "0x1af4", "0x1042", "0x01", "0x018000",
                "virtio-pci"),
               ("0000:00:02.0", "0x1af4", "0x1042", "0x1af4", "0x1042", "0x01", "0x018000",
                "virtio-pci"),
               ("0000:00:03.0", "0x1af4", "0x1041", "0x1af4", "0x1041", "0x01", "0x020000",
                "virtio-pci"),
               ("0000:00:04.0", "0x1af4", "0x1053", "0x1af4", "0x1053", "0x01", "0xffff00",
                "virtio-pci"),
               ("0000:00:05.0", "0x1af4", "0x1044", "0x1af4", "0x1044", "0x01", "0xffff00",
                "virtio-pci")]
    for bdf, v, d, sv, sd, rev, cls, drv in devices:
        pci_dev(m, bdf, rootbus="pci0000:00", driver=drv, files={
            "vendor": v, "device": d, "subsystem_vendor": sv, "subsystem_device": sd,
            "revision": rev, "class": cls, "numa_node": "-1"})
    devdir = pci_dev(m, "0000:00:06.0", rootbus="pci0000:00", driver="nvidia", files={
        "vendor": "0x10de", "device": "0x2335", "subsystem_vendor": "0x10de",
        "subsystem_device": "0x18bf", "revision": "0xa1", "class": "0x030200",
        "numa_node": "-1", "current_link_speed": "32.0 GT/s PCIe", "current_link_width": "16",
        "max_link_speed": "32.0 GT/s PCIe", "max_link_width": "16"})
    drm_nodes(m, devdir, card=0, render=128)
    m.node("/dev/nvidia0", 195, 0, "0666")
    m.node("/dev/nvidiactl", 195, 255, "0666")
    expect = ["exit 1", "root_cause hardware.gpu.none_found", "check hardware.gpus fail"]
    m.finish(expect, readme(
        "nvidia-only", "The project's lent GPU machine: a VM with an NVIDIA H200 (10de:2335, "
        "subsystem 10de:18bf, rev a1, class 0x030200 3D controller, 32 GT/s x16) bound to the "
        "nvidia driver, plus virtio devices. No AMD hardware.",
        [SRC_H200 + ": every PCI function's ids, class, link and driver; MemTotal, CPU model, "
         "the /proc/modules nvidia line."],
        COMMON_ADDED + ["OS/kernel (Ubuntu 24.04, 6.8.0-45-generic) instead of the VM's own "
                        "kernel; the nvidia-drm card0/renderD128 and /dev/nvidia* nodes."],
        "Fail: no AMD GPU — root cause hardware.gpu.none_found, naming the NVIDIA H200 at "
        "0000:00:06.0 (not supported by ROCm). Exit 1.", expect))


def mi210_host(m, n_gpus, *, cmdline, ras_ue=0, release="5.15.0-116-generic",
               dkms_version="6.7.0"):
    pv = (f"Linux version {release} (buildd@lcy02-amd64-015) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04)"
          " 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #126-Ubuntu SMP Mon Jul 1 10:14:24 UTC "
          "2024")
    mem_kb = 528000000
    host_base(m, os_id="ubuntu2204", release=release, proc_version=pv, cmdline=cmdline,
              mem_kb=mem_kb, cpu_model="AMD EPYC 7763 64-Core Processor",
              modules=[AMDGPU_DKMS_MODULE_LINE])
    lib_modules(m, release, amdgpu_path="updates/dkms/amdgpu.ko")
    dkms(m, dkms_version + "-1781449.22.04", [release])
    amdgpu_module(m, dkms_version)
    buses = [0x03, 0x23, 0x43, 0x63, 0x83, 0xa3, 0xc3, 0xe3][:n_gpus]
    kfd_base(m, 511)
    kfd_topology_header(m, generation=2)
    n_cpu = 2
    hive_ids = [6173453264018003003, 11946364817316442443]
    cpu_links = {0: [], 1: [link_props(1, 1, 0, 32)]}
    cpu_links[0].append(link_props(1, 0, 1, 32))
    gpu_nodes = []
    for i, bus in enumerate(buses):
        bdf = f"0000:{bus:02x}:00.0"
        root = f"0000:{bus - 3 & 0xe0:02x}:01.1"
        rootbus = f"pci0000:{bus - 3 & 0xe0:02x}"
        bridge(m, root, rootbus)
        ras = {}
        for blk in ("umc", "sdma", "gfx", "mmhub", "pcie_bif", "hdp", "xgmi_wafl"):
            ue = ras_ue if (blk == "umc" and i == 0) else 0
            ras[f"ras/{blk}_err_count"] = f"ue: {ue}\nce: 0\n"
        ras["ras/features"] = "feature mask: 0x0000597f\n"
        numa = 0 if bus < 0x80 else 1
        files = {"vendor": "0x1002", "device": "0x740f", "subsystem_vendor": "0x1002",
                 "subsystem_device": "0x0c34", "revision": "0x02", "class": "0x038000",
                 "numa_node": str(numa), "current_link_speed": "16.0 GT/s PCIe",
                 "current_link_width": "16", "max_link_speed": "16.0 GT/s PCIe",
                 "max_link_width": "16", "mem_info_vram_total": "68702699520",
                 "mem_info_vis_vram_total": "68702699520", "vbios_version": "113-D67301-063",
                 **ras}
        devdir = pci_dev(m, bdf, rootbus=rootbus, parents=(root,), files=files,
                         driver="amdgpu")
        drm_nodes(m, devdir, card=i + 1, render=128 + i)
        node = n_cpu + i
        hive = hive_ids[i // 4] if n_gpus > 1 else 0
        links = [link_props(2, node, numa, 20, 0, flags=1)]
        peers = [n_cpu + j for j in range(n_gpus) if j != i and j // 4 == i // 4]
        for p in peers:
            links.append(link_props(11, node, p, 15, 50000, flags=1, min_bw=50000))
        gpu_nodes.append((node, bdf, bus, hive, links))
        cpu_links[numa].append(link_props(2, numa, node, 20, 0, flags=1))
    for c in range(n_cpu):
        kfd_node(m, c, cpu_node_props(64, io_links=len(cpu_links[c]), clk=2450),
                 bank=bank_props(0, mem_kb * 1024 // 2, 64, 3200), links=cpu_links[c])
    for node, bdf, bus, hive, links in gpu_nodes:
        kp = gpu_node_props(simd=416, simd_per_cu=4, wave=64, gfx=90010, device_id=0x740f,
                            location_id=bus << 8, render_minor=128 + node - n_cpu, hive_id=hive,
                            io_links=len(links), array_count=8, cu_per_array=13,
                            unique_id=0x3c4b1a0e2d9f0000 + node, xgmi_sdma=3, fw=78,
                            sdma_fw=8, clk=1700)
        kfd_node(m, node, kp, name="aldebaran", gpu_id=20000 + node * 1111,
                 bank=bank_props(1, 68702699520, 4096, 1600), links=links)
    log(m, ["[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu version: 6.7.0"] +
        [f"kfd kfd: amdgpu: added device 1002:740f" for _ in buses])
    return mem_kb


MI210_ADDED = [
    "Everything, by hand: the capture the brief names for this machine "
    "(k8s-device-plugin testdata/topo-mi210-xgmi-pcie) is not in this checkout — PROVENANCE.md "
    "keeps some captures aside as an independent acceptance set — so the MI210s are built from "
    "the kernel ABI (kfd_topology.c node/io_link formats, amdgpu sysfs), libdrm amdgpu.ids "
    "(0x740f rev 0x02 = MI210) and the facts sysfs-layout.md records: gfx_target_version 90010, "
    "PCIe io_links type 2 weight 20 to the CPU, XGMI type 11 weight 15 max_bandwidth 50000 "
    "inside each 4-GPU hive, two distinct hive_ids, CPU-CPU type 1 weight 32.",
    "416 SIMDs = 104 CUs × 4; 64 GiB HBM2e (68702699520 bytes, large BAR as on Instinct); "
    "class 0x038000 and subsystem 1002:0c34 are assumptions; vbios string illustrative.",
    "amdgpu-dkms 6.7.0 (/sys/module/amdgpu/version, DKMS tree, updates/dkms/amdgpu.ko in "
    "modules.dep, the (OE) taint in /proc/modules), /dev/kfd 511:0.",
    "`ras/*_err_count` files (\"ue: N\\nce: N\\n\", amdgpu_ras.c) for the blocks an MI200 "
    "exposes.",
] + COMMON_ADDED


def m_mi210(out, cap):
    m = Machine(out, "mi210-xgmi-healthy", "8x MI210 in two XGMI hives")
    mi210_host(m, 8, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro "
               "iommu=pt amd_iommu=on")
    expect = ["exit 0", "check hardware.gpus pass", "check driver.iommu pass",
              "check driver.kfd_topology pass", "check hardware.ras pass"]
    m.finish(expect, readme(
        "mi210-xgmi-healthy", "A dual-EPYC 7763 server with 8 × Instinct MI210 (gfx90a) in two "
        "4-GPU XGMI hives, Ubuntu 22.04, amdgpu-dkms 6.7.0, iommu=pt, ~503 GiB RAM.",
        ["None captured (see below)."], MI210_ADDED,
        "Healthy: 8 × AMD Instinct MI210 (gfx90a), every GPU with a KFD node, RAS counters all "
        "zero, IOMMU in passthrough. Exit 0.", expect))


def m_iommu(out, cap):
    m = Machine(out, "iommu-not-passthrough", "4x MI210 without iommu=pt")
    mi210_host(m, 4, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro "
               "amd_iommu=on")
    expect = ["exit 0", "root_cause driver.iommu.not_passthrough", "check driver.iommu warn"]
    m.finish(expect, readme(
        "iommu-not-passthrough", "The MI210 server with 4 GPUs (one hive) booted without "
        "iommu=pt (amd_iommu=on only: translated mode).",
        ["None captured (see mi210-xgmi-healthy)."], MI210_ADDED,
        "Warn: several GPUs with the IOMMU translating — driver.iommu.not_passthrough (add "
        "iommu=pt). Exit 0.", expect))


def m_ras(out, cap):
    m = Machine(out, "ras-uncorrectable", "MI210 with 3 uncorrectable UMC errors")
    mi210_host(m, 1, ras_ue=3, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic "
               "root=/dev/sda2 ro iommu=pt")
    expect = ["exit 1", "root_cause hardware.ras.uncorrectable", "check hardware.ras fail"]
    m.finish(expect, readme(
        "ras-uncorrectable", "The MI210 server with one GPU whose `ras/umc_err_count` reads "
        "\"ue: 3\\nce: 0\\n\" (three uncorrectable HBM ECC errors).",
        ["None captured (see mi210-xgmi-healthy)."], MI210_ADDED + [
            "ue: 3 in umc_err_count of 0000:03:00.0, by hand."],
        "Fail: hardware.ras.uncorrectable naming block umc, count 3 and 0000:03:00.0. Exit 1.",
        expect))


def m_count_mismatch(out, cap):
    m = Machine(out, "gpu-count-mismatch", "8 MI210 expected, 4 present")
    mi210_host(m, 4, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro "
               "iommu=pt")
    expect = ["expect-gpus 8", "exit 1", "root_cause hardware.gpu.count_mismatch",
              "check hardware.gpu_count fail"]
    m.finish(expect, readme(
        "gpu-count-mismatch", "The MI210 server with only 4 of its 8 GPUs on the bus (e.g. a "
        "defective XGMI bridge hides a hive, ROCm/ROCm#2747); the replay test passes "
        "--expect-gpus 8.",
        ["None captured (see mi210-xgmi-healthy)."], MI210_ADDED,
        "Fail: hardware.gpu.count_mismatch (expected 8, found 4). Exit 1.", expect))


def m_mi300x(out, cap):
    m = Machine(out, "mi300x-healthy", "8x MI308X (MI300 series) in QPX mode")
    src = os.path.join(cap, "k8s-device-plugin/testdata/topology-parsing-mi308/topology")
    rel = "5.15.0-116-generic"
    pv = (f"Linux version {rel} (buildd@lcy02-amd64-015) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
          "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #126-Ubuntu SMP Mon Jul 1 10:14:24 UTC "
          "2024")
    # Sum of the two CPU nodes' mem banks (1081864880128 bytes each).
    mem_kb = 2 * 1081864880128 // 1024
    host_base(m, os_id="ubuntu2204", release=rel, proc_version=pv,
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/nvme0n1p2 ro iommu=pt "
                      "amd_iommu=on pci=realloc=off",
              mem_kb=mem_kb, cpu_model="AMD EPYC 9554 64-Core Processor",
              modules=[AMDGPU_DKMS_MODULE_LINE])
    lib_modules(m, rel, amdgpu_path="updates/dkms/amdgpu.ko")
    dkms(m, "6.10.5-2084815.22.04", [rel])
    amdgpu_module(m, "6.10.5")
    # ASPEED BMC VGA (ast) takes card0, as on most Instinct servers.
    bridge(m, "0000:00:07.1", "pci0000:00", vendor="0x1022")
    bmc = pci_dev(m, "0000:02:00.0", rootbus="pci0000:00", parents=("0000:00:07.1",),
                  driver="ast", files={"vendor": "0x1a03", "device": "0x2000",
                                       "subsystem_vendor": "0x1a03",
                                       "subsystem_device": "0x2000", "revision": "0x52",
                                       "class": "0x030000", "numa_node": "0"})
    drm_nodes(m, bmc, card=0)
    # The 8 GPUs: BDF from each physical GPU's first KFD node (domain, location_id).
    gpus = []
    nodes_dir = os.path.join(src, "nodes")
    for n in sorted(os.listdir(nodes_dir), key=int):
        with open(os.path.join(nodes_dir, n, "properties")) as f:
            p = dict(line.split() for line in f if line.strip())
        if p["simd_count"] != "0" and int(p["location_id"]) & 0x7 == 0:
            gpus.append((int(p["domain"]), int(p["location_id"]), int(p["drm_render_minor"]),
                         int(p["unique_id"])))
    xcp = 0
    for i, (domain, loc, minor, uid) in enumerate(gpus):
        bus = loc >> 8
        bdf = f"{domain:04x}:{bus:02x}:00.0"
        rootbus = f"pci{domain:04x}:{bus & 0xe0:02x}"
        root = f"{domain:04x}:{bus & 0xe0:02x}:01.1"
        parents = (root,)
        if bus & 0xe0 == bus:
            parents = ()  # the GPU sits on the root bus itself (0000:80:00.0)
        else:
            bridge(m, root, rootbus, speed="32.0 GT/s PCIe")
        numa = 0 if domain == 0 else 1
        files = {"vendor": "0x1002", "device": "0x74a2", "subsystem_vendor": "0x1002",
                 "subsystem_device": "0x74a2", "revision": "0x00", "class": "0x120000",
                 "numa_node": str(numa), "current_link_speed": "32.0 GT/s PCIe",
                 "current_link_width": "16", "max_link_speed": "32.0 GT/s PCIe",
                 "max_link_width": "16", "mem_info_vram_total": str(4 * 51539607552),
                 "mem_info_vis_vram_total": str(4 * 51539607552), "unique_id": f"{uid:016x}",
                 "current_compute_partition": "QPX", "available_compute_partition":
                 "SPX, DPX, QPX, CPX", "current_memory_partition": "NPS1"}
        for blk in ("umc", "sdma", "gfx", "mmhub", "pcie_bif", "hdp", "xgmi_wafl"):
            files[f"ras/{blk}_err_count"] = "ue: 0\nce: 0\n"
        devdir = pci_dev(m, bdf, rootbus=rootbus, parents=parents, files=files,
                         driver="amdgpu")
        drm_nodes(m, devdir, card=i + 1, render=minor)
        # Partitions 1..7 of each GPU are amdgpu_xcp platform devices with their own render
        # node (amdxcp: DRIVER_RENDER only), 8 render minors per GPU as the KFD minors show.
        for k in range(1, 8):
            xdir = f"/sys/devices/platform/amdgpu_xcp.{xcp}"
            xcp += 1
            r = minor + k
            d = f"{xdir}/drm/renderD{r}"
            m.write(d + "/dev", f"226:{r}\n")
            m.write(d + "/uevent", f"MAJOR=226\nMINOR={r}\nDEVNAME=dri/renderD{r}\n"
                    "DEVTYPE=drm_minor\n")
            m.device_link(d + "/device", xdir)
            m.link(f"/sys/class/drm/renderD{r}", d)
            m.node(f"/dev/dri/renderD{r}", 226, r, "0660", "root", "render")
    m.link("/sys/class/kfd/kfd", KFD_DIR)
    m.write(KFD_DIR + "/dev", "511:0\n")
    m.write(KFD_DIR + "/uevent", "MAJOR=511\nMINOR=0\nDEVNAME=kfd\n")
    m.copy_tree(src, KFD_DIR + "/topology", skip_dirs=("caches",))
    m.node("/dev/kfd", 511, 0, "0660", "root", "render")
    log(m, ["[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu version: 6.10.5"] +
        [f"kfd kfd: amdgpu: added device 1002:74a2" for _ in range(32)])
    expect = ["exit 0", "check hardware.gpus pass", "check driver.amdgpu pass",
              "check driver.kfd_topology pass", "check driver.iommu pass",
              "check runtime.rocm pass", "check runtime.hip_load pass"]
    m.finish(expect, readme(
        "mi300x-healthy", "An 8-GPU Instinct MI300-series node: 8 × MI308X (1002:74a2, gfx942, "
        "the export variant of MI300X with 80 CUs per partition) in QPX compute partitioning "
        "(4 KFD nodes per GPU, 32 GPU nodes + 2 CPU nodes), one XGMI hive, two PCI segments "
        "(0000 and 0001), ~2 TiB RAM, Ubuntu 22.04 with amdgpu-dkms 6.10.5, iommu=pt, user "
        "alice in render. The directory is named mi300x-healthy as the MI300-series healthy "
        "case; its GPUs are MI308X because that is the full real topology we have (the MI300X "
        "CPX capture lacks gpu_id/name/mem_banks).",
        [SRC_MI308 + ": the whole topology (generation_id, system_properties, every node's "
         "properties/name/gpu_id/io_links/p2p_links/mem_banks) verbatim under "
         "/sys/devices/virtual/kfd/kfd/topology; the per-node `caches/` dirs (5000+ files the "
         "doctor never reads) were left out to keep the machine small."],
        COMMON_ADDED + [
            "PCI: one function per physical GPU at the BDF of its first partition's KFD node "
            "(domain + location_id with the partition bits clear: 0000:0a:00.0, 0000:80:00.0, "
            "0000:a4:00.0, 0000:c8:00.0, 0001:0b:00.0, 0001:81:00.0, 0001:a5:00.0, "
            "0001:c9:00.0), class 0x120000 (processing accelerator: lspci shows MI300-series "
            "\"Aqua Vanjaram\" parts as \"Processing accelerators [1200]\", e.g. "
            "apache/cloudstack#11701 for MI325X — for MI308X itself an assumption), PCIe 5.0 "
            "x16, VRAM 192 GiB (4 × the 48 GiB mem bank of each partition), `unique_id` from "
            "KFD, RAS counters zero, partition files.",
            "DRM: the ASPEED BMC VGA (1a03:2000, ast) as card0 as on most servers; GPU i is "
            "card(i+1) with the render minor of its first KFD node (128, 136, …); partitions "
            "1–7 are amdgpu_xcp platform devices with their own renderD nodes (minors 129–135, "
            "…) whose `device` link is the platform device (inferred from the amdxcp driver).",
            "MemTotal = the two CPU nodes' mem banks (2 × 1081864880128 bytes); CPU model "
            "illustrative.",
            "/dev/kfd 511:0; kernel log lines of a normal boot."],
        "Healthy: 8 × AMD Instinct MI308X (gfx942); every GPU has its KFD nodes (partitions "
        "map back to the PCI function when the partition bits of location_id are masked), "
        "IOMMU passthrough, RAM far above 32 + 7 × 16 GiB. Exit 0.", expect))


def m_wsl(out, cap):
    m = Machine(out, "wsl2", "ROCm/ROCm#4403: RX 7900 XTX under WSL2")
    rel = "5.15.167.4-microsoft-standard-WSL2"
    host_base(m, os_id="ubuntu2204", release=rel,
              proc_version=f"Linux version {rel} (root@f9c826d3017f) (gcc (GCC) 11.2.0, GNU ld "
                           "(GNU Binutils) 2.37) #1 SMP Tue Nov 5 00:21:55 UTC 2024",
              cmdline="initrd=\\initrd.img WSL_ROOT_INIT=1 panic=-1 nr_cpus=32 "
                      "hv_utils.timesync_implicit=1 console=hvc0 debug pty.legacy_count=0",
              mem_kb=49332556, cpu_model="AMD Ryzen 9 7950X 16-Core Processor",
              hypervisor=True, groups=("alice", "sudo", "video", "render"), efi=False,
              cgroup="0::/\n")
    lib_modules(m, rel)
    pci_dev(m, "2b69:00:00.0", rootbus="pci2b69:00", driver="virtio-pci", files={
        "vendor": "0x1af4", "device": "0x105a", "subsystem_vendor": "0x1af4",
        "subsystem_device": "0x1100", "revision": "0x01", "class": "0x018000",
        "numa_node": "0"})
    pci_dev(m, "2b9e:00:00.0", rootbus="pci2b9e:00", files={
        "vendor": "0x1414", "device": "0x008e", "subsystem_vendor": "0x0000",
        "subsystem_device": "0x0000", "revision": "0x00", "class": "0x030200",
        "numa_node": "0"})
    m.node("/dev/dxg", 10, 125, "0666", "root", "root")
    m.write("/proc/sys/fs/binfmt_misc/WSLInterop",
            "enabled\ninterpreter /init\nflags: PF\noffset 0\nmagic 4d5a\n")
    rocm_install(m, "6.3.2", "6.3.60302", "1.14.60302")
    expect = ["exit 0", "check hardware.gpus skip", "check driver.kfd skip",
              "finding platform.wsl.no_kfd info"]
    m.finish(expect, readme(
        "wsl2", "The machine of ROCm/ROCm#4403: Windows with a Ryzen 9 7950X and an RX 7900 XTX, "
        "Ubuntu 22.04 under WSL2, ROCm 6.3.2. rocminfo printed \"WSL environment detected.\" "
        "and listed the gfx1100 agent; rocm-smi failed with \"cat: /sys/module/amdgpu/"
        "initstate: No such file or directory\" — there is no amdgpu and no /dev/kfd in WSL2.",
        [SRC_4403 + ": WSL itself, no /sys/module/amdgpu, RAM (rocminfo CPU pool 49332556 "
         "KB), CPU, ROCm 6.3.2.",
         "The PCI bus of a WSL2 guest as public `lspci` pastes show it (microsoft/WSL#10085): "
         "only Hyper-V vPCI functions with random domains — a virtio filesystem (1af4) and "
         "the \"Microsoft Corporation Basic Render Driver\" 3D controller 1414:008e (the "
         "GPU-PV adapter, no Linux driver bound)."],
        COMMON_ADDED[:1] + [
            "/proc/version (a WSL2 kernel string), the WSL kernel command line, "
            "/proc/sys/fs/binfmt_misc/WSLInterop, /dev/dxg (misc char device, 0666), "
            "/opt/rocm -> /opt/rocm-6.3.2 with `lib/libamdhip64.so.6.3.60302` and "
            "`lib/libhsa-runtime64.so.1.14.60302` (empty placeholders with their soname/dev "
            "links), `/etc/ld.so.conf.d/10-rocm-opencl.conf` and a recorded `hip-load` probe "
            "that loaded it (rocminfo ran in the issue). The vPCI domains 2b69/2b9e are from "
            "the WSL issue.",
            "No kernel log recording."],
        "Decision: WSL2 is a supported ROCm path where the GPU is not on a Linux PCI bus, so "
        "this is not a failure. driver.wsl reports platform.wsl.no_kfd at info level (use the "
        "WSL packages / HSA_ENABLE_DXG_DETECTION=1; Linux-native /dev/kfd checks do not "
        "apply); hardware.gpus must not report hardware.gpu.none_found here (the Basic Render "
        "Driver adapter is the paravirtual GPU) but skip, and driver.kfd skips. Info is not a "
        "root cause, so: exit 0, no root causes, and the report carries the "
        "platform.wsl.no_kfd finding.", expect))


def container_host(m, cap, *, devices_passed, user, groups, uid_map, node_gid, etc_members,
                   containerenv=None, dockerenv=True):
    g = rx7900xtx(cap)
    consumer_host(m, g, groups=groups, user=user, etc_members=etc_members,
                  cgroup="0::/\n", uid_map=uid_map,
                  kfd_group=node_gid, render_group=node_gid, log_lines=None)
    if dockerenv:
        m.write("/.dockerenv", b"")
    if containerenv is not None:
        m.write("/run/.containerenv", containerenv)
    if not devices_passed:
        for p in list(m.nodes):
            os.remove(m.host(p))
            del m.nodes[p]
        os.rmdir(m.host("/dev/dri"))
        os.rmdir(m.host("/dev"))  # git keeps no empty directory; absent and empty agree
    # In a container the card node is passed with --device=/dev/dri as well; it keeps the
    # host's gid too.
    for p in m.nodes:
        if p.startswith("/dev/dri/card"):
            m.nodes[p]["group"] = node_gid


CONTAINER_ADDED = [
    "The host's sysfs as a container sees it (sysfs is not namespaced): the rx7900xtx-healthy "
    "GPU, DRM and KFD dirs, /sys/module/amdgpu.",
    "The container's own /etc/group and /etc/passwd (Ubuntu 24.04 base image), "
    "/proc/self/cgroup `0::/` (cgroup v2 namespace), and no kernel log (a container cannot "
    "read /dev/kmsg).",
]


def m_container_not_passed(out, cap):
    m = Machine(out, "container-devices-not-passed", "docker run without --device")
    container_host(m, cap, devices_passed=False, user=("root", 0, 0), groups=("root",),
                   uid_map="         0          0 4294967295\n", node_gid="render",
                   etc_members={})
    m.meta["user"] = {"name": "root", "uid": 0, "gid": 0, "groups": ["root"]}
    expect = ["exit 1", "root_cause container.devices.not_passed", "check driver.kfd fail"]
    m.finish(expect, readme(
        "container-devices-not-passed", "`docker run rocm/pytorch` on the rx7900xtx-healthy "
        "host without `--device=/dev/kfd --device=/dev/dri`: /.dockerenv exists, the GPU is "
        "in /sys, amdgpu is loaded (its sysfs is visible), but neither /dev/kfd nor /dev/dri "
        "exists in the container. Runs as root.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + CONTAINER_ADDED + ["/.dockerenv (empty, as Docker creates it)."],
        "Fail: root cause container.devices.not_passed (add --device=/dev/kfd "
        "--device=/dev/dri), not driver.kfd.missing: the host has the GPU. Exit 1.", expect))


def m_container_gid(out, cap):
    m = Machine(out, "container-gid-mismatch", "container's render gid differs from the host's")
    container_host(m, cap, devices_passed=True, user=("alice", 1000, 1000),
                   groups=("alice", "video", "render"),
                   uid_map="         0          0 4294967295\n", node_gid="110",
                   etc_members={"video": ["alice"], "render": ["alice"]})
    expect = ["exit 1", "root_cause container.group.gid_mismatch", "check driver.kfd pass",
              "check driver.kfd_access fail", "check driver.render_access skip"]
    m.finish(expect, readme(
        "container-gid-mismatch", "Docker with `--device=/dev/kfd --device=/dev/dri` but "
        "without `--group-add`: the device nodes keep the host's render gid 110, which the "
        "container's /etc/group does not know (there render is 109). The container user alice "
        "is in video (44) and render (109) — neither is 110.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + CONTAINER_ADDED + ["/.dockerenv; device nodes 0660 root:110."],
        "Fail: container.group.gid_mismatch for /dev/kfd (driver.kfd_access) and for "
        "renderD128 (driver.render_access): the fix is --group-add 110 (the host's render "
        "gid). Exit 1.", expect))


def m_container_unmapped(out, cap):
    m = Machine(out, "container-group-unmapped", "rootless podman: render maps to nogroup")
    container_host(m, cap, devices_passed=True, user=("alice", 1000, 1000), groups=("alice",),
                   uid_map="         0          1       1000\n      1000       1000          1\n"
                           "      1001       1001      64536\n",
                   node_gid="nogroup", etc_members={}, dockerenv=False,
                   containerenv='engine="podman-4.9.3"\nname="rocm"\nimage="docker.io/rocm/'
                                'pytorch:latest"\nrootless=1\n')
    for p in m.nodes:
        m.nodes[p]["owner"] = "nobody"
    m.meta["env"]["container"] = "podman"
    expect = ["exit 1", "root_cause container.group.unmapped", "check driver.kfd_access fail",
              "check driver.render_access skip"]
    m.finish(expect, readme(
        "container-group-unmapped", "Rootless podman with --userns=keep-id and "
        "--device=/dev/kfd --device=/dev/dri, without --group-add keep-groups: the host's "
        "root and render ids are not mapped into the user namespace, so the nodes show as "
        "nobody:nogroup (65534) and no group of alice can match.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + CONTAINER_ADDED + [
            "/run/.containerenv with rootless=1 (podman's format), env container=podman, "
            "/proc/self/uid_map of keep-id (0 -> 1, 1000 -> 1000, …), nodes 0660 "
            "nobody:nogroup."],
        "Fail: container.group.unmapped for /dev/kfd and renderD128 (use --group-add "
        "keep-groups or a rootful container). Exit 1.", expect))


# --------------------------------------------------------------------------------------------
# The ROCm userspace (runtime layer)

ROCM_COMMON = ("rx7900xtx-healthy's host (the same LACT capture, the same hand-added /proc, /etc, "
               "KFD topology and device nodes), alice in video and render")


def m_rocm_not_installed(out, cap):
    m = Machine(out, "rocm-not-installed", "RX 7900 XTX desktop, amdgpu works, no ROCm installed")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    no_rocm(m)
    expect = ["exit 1", "root_cause runtime.rocm.not_installed", "check driver.kfd_access pass",
              "check runtime.rocm fail", "check runtime.hip_load skip",
              "finding runtime.rocm.not_installed fail"]
    m.finish(expect, readme(
        "rocm-not-installed", "rx7900xtx-healthy before ROCm was installed: Ubuntu 24.04's "
        "in-tree amdgpu drives the RX 7900 XTX and /dev/kfd is usable, but there is no "
        "/opt/rocm, no /opt/rocm-*, no ROCM_PATH and no libamdhip64 in any library directory "
        "(the first thing people forget when a guide only says \"install the driver\").",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [ROCM_COMMON + "; no ROCm userspace at all."],
        "Fail: the hardware and driver layers pass; runtime.rocm reports "
        "runtime.rocm.not_installed (the root cause) with Ubuntu 24.04's amdgpu-install "
        "commands, and runtime.hip_load is blocked by it. Exit 1.", expect))


def m_rocm_mixed(out, cap):
    m = Machine(out, "rocm-mixed-versions",
                "/opt/rocm -> 6.2.0 but LD_LIBRARY_PATH=/opt/rocm-5.7.1/lib")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m, "5.7.1", "5.7.50701", "1.11.50701", opt_link=False, ld_conf=False,
                 hip_load=None)
    rocm_install(m, probe_lib="/opt/rocm-5.7.1/lib/libamdhip64.so.5")
    m.meta["env"]["LD_LIBRARY_PATH"] = "/opt/rocm-5.7.1/lib"
    expect = ["exit 1", "root_cause runtime.rocm.mixed_versions", "check driver.kfd_access pass",
              "check runtime.rocm fail", "check runtime.hip_load skip",
              "finding runtime.rocm.mixed_versions fail"]
    m.finish(expect, readme(
        "rocm-mixed-versions", "rx7900xtx-healthy after an upgrade from ROCm 5.7.1 to 6.2.0: "
        "both releases are under /opt and /opt/rocm points at 6.2.0, but alice's ~/.bashrc "
        "still exports LD_LIBRARY_PATH=/opt/rocm-5.7.1/lib, so every program loads HIP 5.7 "
        "while hipcc, headers and libraries come from 6.2.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + ".",
            "/opt/rocm-6.2.0 as in every machine (see below) and /opt/rocm-5.7.1 with "
            "`.info/version` `5.7.1-66`, `lib/libamdhip64.so.5.7.50701` and "
            "`lib/libhsa-runtime64.so.1.11.50701` (empty placeholders with their soname/dev "
            "links; 50701 is how ROCm 5.7.1 encodes its release in library versions).",
            "machine.json env LD_LIBRARY_PATH=/opt/rocm-5.7.1/lib; the recorded `hip-load` "
            "probe loaded /opt/rocm-5.7.1/lib/libamdhip64.so.5 (what the loader picks).",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Fail: runtime.rocm reports runtime.rocm.mixed_versions — LD_LIBRARY_PATH points at "
        "ROCm 5.7.1 while /opt/rocm is ROCm 6.2.0 — as the root cause, with `export "
        "LD_LIBRARY_PATH=/opt/rocm/lib` as the fix; runtime.hip_load is blocked by it. "
        "Exit 1.", expect))


HIP_LOAD_ERROR = "libhsa-runtime64.so.1: cannot open shared object file: No such file or directory"


def m_hip_load_failed(out, cap):
    m = Machine(out, "hip-load-failed", "libamdhip64 present, libhsa-runtime64 missing")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m, hsa=None, hip_load=HIP_LOAD_ERROR)
    expect = ["exit 1", "root_cause runtime.hip.load_failed", "check runtime.rocm pass",
              "check runtime.hip_load fail", "finding runtime.hip.load_failed fail"]
    m.finish(expect, readme(
        "hip-load-failed", "rx7900xtx-healthy with a broken ROCm 6.2.0: the HSA runtime "
        "(hsa-rocr) was removed with `dpkg --force-depends` while hip-runtime-amd stayed, so "
        "/opt/rocm-6.2.0/lib has libamdhip64.so.6 but no libhsa-runtime64.so.1, and every HIP "
        "program fails to start.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + ".",
            "/opt/rocm -> /opt/rocm-6.2.0 with `.info/version` `6.2.0-66` and "
            "`lib/libamdhip64.so.6.2.60200` (an empty placeholder with its soname/dev links) "
            "but no libhsa-runtime64, and `/etc/ld.so.conf.d/10-rocm-opencl.conf` "
            "(/opt/rocm/lib).",
            "A recorded `hip-load` probe whose dlopen() failed with glibc's message for a "
            "missing dependency, verbatim: `" + HIP_LOAD_ERROR + "`."],
        "Fail: runtime.rocm passes (ROCm 6.2.0 at /opt/rocm-6.2.0); runtime.hip_load reports "
        "runtime.hip.load_failed with the loader's message as evidence — the root cause. "
        "Exit 1.", expect))


# --------------------------------------------------------------------------------------------
# Runtime and libraries layers, second set (issue 3): environment, gfx906, HIP probe outcomes,
# the support matrix's kernel and driver rows, rocm-smi-lib.

HIP_620_VERSION = 60241133  # HIP 6.2.41133, ROCm 6.2.0's (hipRuntimeGetVersion encoding)
RSMI_INIT_ERROR = ("An error occurred during initialization, during monitor discovery or when "
                   "when initializing internal data structures")  # rsmi_status_string(8), verbatim
SRC_SMI_88 = ("ROCm/rocm_smi_lib issue #88 (https://github.com/ROCm/rocm_smi_lib/issues/88): "
              "the stderr of an rsmi_init that timed out on its /dev/shm mutex, verbatim")
SRC_6138 = ("ROCm/ROCm issue #6138 (https://github.com/ROCm/ROCm/issues/6138, comment #2) — "
            "captures/issues/ROCm-ROCm-6138_RadeonVII_gfx906_TheRock_PARTIAL/"
            "rocminfo.gpu-agent-only.txt (GitHub user content, no licence; cited by URL)")
SRC_DELAUNAY = ("Delaunay/regression `lspci-k.txt` — https://github.com/Delaunay/regression @ "
                "aa6f3bd8beaaded5b54160454671fd821eca4228 (no licence; cited): Vega 20 behind "
                "AMD 1002:14a0/14a1 bridges")


def smi_library(m, release="6.2.0", version="7.3.60200"):
    """rocm-smi-lib of an AMD ROCm install: lib/librocm_smi64.so.<version> (empty placeholder)
    with its soname and dev links, as ROCm 6.2.0's rocm-smi-lib package installs them."""
    lib = f"/opt/rocm-{release}/lib"
    major = version.split(".")[0]
    m.write(f"{lib}/librocm_smi64.so.{version}", b"")
    m.link(f"{lib}/librocm_smi64.so.{major}", f"{lib}/librocm_smi64.so.{version}")
    m.link(f"{lib}/librocm_smi64.so", f"{lib}/librocm_smi64.so.{major}")
    return f"{lib}/librocm_smi64.so.{major}"


def smi_probe(m, lib, *, init=(0, "RSMI_STATUS_SUCCESS",
                               "The function has been executed successfully."),
              devices=(), library_version="7.3.0", driver_version=None, stderr="",
              wall_seconds=0.21):
    """The recorded `rocm-doctor probe-smi LIB` (probe "rocm-smi", docs/probes.md)."""
    code, name, message = init
    report = {"probe": "rocm-smi", "format": 1, "attempts": [{"library": lib, "error": None}],
              "library": lib, "missing_symbols": [], "library_version": library_version,
              "library_build": None, "driver_version": driver_version,
              "init": {"code": code, "name": name, "message": message},
              "device_count": len(devices) if code == 0 else None, "count_error": None,
              "devices": list(devices)}
    m.probe("rocm-smi", ["/usr/bin/rocm-doctor", "probe-smi", lib],
            stdout=json.dumps(report, separators=(",", ":")) + "\n", stderr=stderr,
            wall_seconds=wall_seconds)


def smi_device(index, bdf, device_id, name, **fields):
    dom, bus, rest = bdf.split(":")
    dev, fn = rest.split(".")
    bdfid = (int(dom, 16) << 32) | (int(bus, 16) << 8) | (int(dev, 16) << 3) | int(fn)
    d = {"index": index, "device_id": device_id, "name": name, "bdfid": bdfid, "pci_bdf": bdf,
         "vbios_version": None, "power_cap_uw": None, "vram_total_bytes": None, "firmware": {},
         "ecc_umc": None, "errors": {}}
    d.update(fields)
    return d


def hip_probe(m, devices, *, device_count=None, state="exited", error="", stdout=None):
    """The recorded `rocm-doctor-hip --probe` (probe "hip-probe", docs/hip-helper.md)."""
    if stdout is None:
        stdout = json.dumps({"helper": "rocm-doctor-hip", "version": 1, "backend": "hip",
                             "targets": ["gfx90a", "gfx1030"], "runtime_version": HIP_620_VERSION,
                             "driver_version": HIP_620_VERSION,
                             "device_count": len(devices) if device_count is None
                             else device_count, "error": None, "devices": list(devices)},
                            separators=(",", ":")) + "\n"
    m.probe("hip-probe", ["/usr/libexec/rocm-doctor/rocm-doctor-hip", "--probe"], state=state,
            stdout=stdout, error=error, wall_seconds=3.1 if state == "exited" else 0.0)


def mi210_hip_device(index, bus):
    return {"index": index, "name": "AMD Instinct MI210", "arch": "gfx90a:sramecc+:xnack-",
            "compute_units": 104, "total_memory_bytes": 68702699520, "clock_khz": 1700000,
            "memory_clock_khz": 1600000, "memory_bus_width_bits": 4096,
            "pci_bdf": f"0000:{bus:02x}:00.0", "large_bar": True, "error": None,
            "smoke": {"ok": True, "kernel_ms": 0.05 + index / 1000, "error": None,
                      "mismatch": None, "checked_elements": 4096}}


def elf_section(data, wanted):
    """(header offset, file offset, size) of ELF64 little-endian section `wanted`."""
    import struct
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    str_off, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        hdr = shoff + i * shentsize
        name_off, = struct.unpack_from("<I", data, hdr)
        name = data[str_off + name_off:data.index(b"\0", str_off + name_off)].decode()
        if name == wanted:
            off, size = struct.unpack_from("<QQ", data, hdr + 0x18)
            return hdr, off, size
    raise KeyError(wanted)


def compressed_fatbin_library(fixture):
    """The hipcc-built fixture with its .hip_fatbin replaced by the same offload bundle compressed
    as clang-offload-bundler --compress writes it (CCOB version 2, zlib): "CCOB", uint16 version,
    uint16 method (0 = zlib), uint32 total size, uint32 uncompressed size, uint64 truncated MD5
    (low 8 bytes, little endian), then the zlib stream."""
    import hashlib
    import struct
    import zlib
    with open(fixture, "rb") as f:
        data = bytearray(f.read())
    hdr, off, size = elf_section(data, ".hip_fatbin")
    section = bytes(data[off:off + size])
    magic = b"__CLANG_OFFLOAD_BUNDLE__"
    assert section.startswith(magic)
    count, = struct.unpack_from("<Q", section, len(magic))
    pos, end = len(magic) + 8, 0
    for _ in range(count):
        e_off, e_size, t_size = struct.unpack_from("<QQQ", section, pos)
        end = max(end, e_off + e_size)
        pos += 24 + t_size
    bundle = section[:end]
    packed = zlib.compress(bundle, 9)
    digest = hashlib.md5(bundle).digest()
    ccob = (b"CCOB" + struct.pack("<HHII", 2, 0, 24 + len(packed), len(bundle)) + digest[:8] +
            packed)
    # In place of the uncompressed bundle (bundles sit at 4096-aligned offsets), the rest zeroed;
    # the section header's size shrinks to the compressed bundle.
    assert len(ccob) <= size
    data[off:off + size] = ccob + bytes(size - len(ccob))
    struct.pack_into("<Q", data, hdr + 0x20, len(ccob))
    return bytes(data), bundle, len(ccob)


def m_code_object_compressed(out, cap):
    m = Machine(out, "code-object-compressed",
                "rocFFT whose device code is in a compressed offload bundle")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m)
    fixture = os.path.join(REPO, "tests/fixtures/libraries/libfx_gfx90a_gfx1030.so")
    lib, bundle, packed = compressed_fatbin_library(fixture)
    path = "/opt/rocm-6.2.0/lib/librocfft.so.0.1.60200"
    m.write(path, lib)
    m.link("/opt/rocm-6.2.0/lib/librocfft.so.0", path)
    m.link("/opt/rocm-6.2.0/lib/librocfft.so", "/opt/rocm-6.2.0/lib/librocfft.so.0")
    expect = ["exit 2", "check runtime.rocm pass", "check libraries.inventory pass",
              "check libraries.code_objects unknown",
              "finding libraries.code_object.unknown unknown"]
    m.finish(expect, readme(
        "code-object-compressed", "rx7900xtx-healthy with a rocFFT in /opt/rocm-6.2.0/lib whose "
        "`.hip_fatbin` holds one compressed offload bundle (`CCOB`), as ROCm 6.2 and later "
        "build their libraries (`--offload-compress`): the targets are listed only inside the "
        "compressed data, so the doctor cannot tell whether there is code for gfx1100.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + "; the default ROCm 6.2.0 install (below).",
            "`lib/librocfft.so.0.1.60200` (with `.so.0` and `.so` links): "
            "`tests/fixtures/libraries/libfx_gfx90a_gfx1030.so` (hipcc-built, see "
            "code-object-missing-gfx) whose uncompressed bundle (" + str(len(bundle)) +
            " bytes: host, gfx1030, gfx90a:xnack-) was compressed by this script into a CCOB "
            "version 2 bundle (zlib, " + str(packed) + " bytes: the header clang-offload-bundler "
            "19 writes, with the truncated MD5 of the data), written in place of the "
            "uncompressed bundle with the `.hip_fatbin` section size shrunk to it. Debian's "
            "clang 15 cannot compress bundles itself.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Unknown: libraries.code_objects reports libraries.code_object.unknown for rocFFT "
        "(compressed offload bundles: targets unknown) — not a pass and not a failure. "
        "Exit 2.", expect))


def m_library_dir_unreadable(out, cap):
    m = Machine(out, "library-dir-unreadable", "/opt/rocm-6.3.1/lib readable only by root")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m)
    m.write("/opt/rocm-6.3.1/.info/version", "6.3.1-48\n")
    m.mkdir("/opt/rocm-6.3.1/lib")
    m.meta["errors"] = {"list": {"/opt/rocm-6.3.1/lib": {"status": "permission-denied",
                                                        "error": "Permission denied"}}}
    expect = ["exit 2", "check runtime.rocm pass", "check libraries.inventory unknown",
              "finding libraries.inventory.unreadable unknown"]
    m.finish(expect, readme(
        "library-dir-unreadable", "rx7900xtx-healthy (ROCm 6.2.0 in use through /opt/rocm) "
        "with a second release, ROCm 6.3.1, unpacked by root under a umask of 077: "
        "/opt/rocm-6.3.1/lib is drwx------ root:root, so alice cannot list it and which "
        "libraries it holds is not known.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + "; the default ROCm 6.2.0 install (below).",
            "/opt/rocm-6.3.1/.info/version `6.3.1-48` and an empty `lib/`, with "
            "machine.json `errors.list` making the listing of /opt/rocm-6.3.1/lib fail with "
            "EACCES (docs/probes.md) as it does for alice on the host.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Unknown: libraries.inventory reports libraries.inventory.unreadable for "
        "/opt/rocm-6.3.1/lib (permission denied); the ROCm 6.2.0 in use is fine. Exit 2.",
        expect))


def m_hip_platform_invalid(out, cap):
    m = Machine(out, "hip-platform-invalid", "HIP_PLATFORM=clang")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    m.meta["env"]["HIP_PLATFORM"] = "clang"
    expect = ["exit 0", "root_cause runtime.env.hip_platform_invalid",
              "check runtime.hip_platform warn", "finding runtime.env.hip_platform_invalid warn"]
    m.finish(expect, readme(
        "hip-platform-invalid", "rx7900xtx-healthy where a build script exports "
        "HIP_PLATFORM=clang, confusing it with HIP_COMPILER=clang — hipcc stops with "
        "\"error: unknown HIP_PLATFORM = 'clang'\" (ROCm/legacy-rocm-build#1399, "
        "https://github.com/ROCm/legacy-rocm-build/issues/1399).",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [ROCM_COMMON + "; machine.json env HIP_PLATFORM=clang."],
        "Warn: runtime.hip_platform reports runtime.env.hip_platform_invalid (neither amd nor "
        "nvidia), the fix `export HIP_PLATFORM=amd`. Exit 0.", expect))


def m_env_settings(out, cap):
    m = Machine(out, "env-debug-settings", "HSA_ENABLE_SDMA=0 and AMD_SERIALIZE_KERNEL=3 set")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    m.meta["env"].update({"HSA_ENABLE_SDMA": "0", "AMD_SERIALIZE_KERNEL": "3"})
    expect = ["exit 0", "check runtime.env_info pass", "finding runtime.env.setting info"]
    m.finish(expect, readme(
        "env-debug-settings", "rx7900xtx-healthy whose /etc/environment still carries two "
        "workarounds from a debugging session: HSA_ENABLE_SDMA=0 (copies by blit kernels "
        "instead of the SDMA engines, the common advice for SDMA hangs on RDNA3) and "
        "AMD_SERIALIZE_KERNEL=3 (wait for every kernel before and after launch).",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [ROCM_COMMON + "; the two variables in machine.json env."],
        "Pass with two informational runtime.env.setting findings naming each variable and "
        "what it changes (it slows the GPU down; unset it when not debugging). Exit 0.",
        expect))


# --------------------------------------------------------------------------------------------
# Storage and the ROCm tool inventory (issue 9)

NVME_DEV = "/sys/devices/pci0000:00/0000:00:01.2/0000:02:00.0/nvme/nvme0/nvme0n1"
SATA_DEV = "/sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda"


def block_disk(m, devdir, majmin, rotational, partitions=()):
    """A whole disk in sysfs (Documentation/ABI/stable/sysfs-block) with its partitions, and the
    /sys/dev/block/MAJ:MIN and /sys/class/block links the kernel makes."""
    name = os.path.basename(devdir)
    m.write(f"{devdir}/queue/rotational", f"{rotational}\n")
    m.write(f"{devdir}/dev", f"{majmin}\n")
    m.link(f"/sys/dev/block/{majmin}", devdir)
    m.link(f"/sys/class/block/{name}", devdir)
    for part, part_majmin in partitions:
        m.write(f"{devdir}/{part}/partition", f"{part[len(name):].lstrip('p')}\n")
        m.write(f"{devdir}/{part}/dev", f"{part_majmin}\n")
        m.link(f"/sys/dev/block/{part_majmin}", f"{devdir}/{part}")
        m.link(f"/sys/class/block/{part}", f"{devdir}/{part}")


def m_storage_nfs_home(out, cap):
    m = Machine(out, "storage-nfs-home-full", "RX 7900 XTX workstation, /home on NFS nearly full, "
                "the Hugging Face cache on a hard disk")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    m.write("/proc/self/mountinfo",
            "22 1 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw\n"
            "1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro\n"
            "30 1 0:52 / /home rw,relatime shared:40 - nfs4 filer.lab:/export/home "
            "rw,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,sec=sys\n"
            "31 1 8:1 / /data rw,relatime shared:41 - xfs /dev/sda1 rw,attr2,inode64\n")
    block_disk(m, NVME_DEV, "259:0", 0, [("nvme0n1p2", "259:2")])
    block_disk(m, SATA_DEV, "8:0", 1, [("sda1", "8:1")])
    m.meta["env"].update({"HOME": "/home/alice", "HF_HOME": "/data/hf"})
    tib, gib = 1 << 40, 1 << 30
    m.meta["filesystems"] = {
        "/": {"size_bytes": 1 * tib, "free_bytes": 700 * gib, "avail_bytes": 650 * gib},
        "/home": {"size_bytes": 20 * tib, "free_bytes": 12 * gib, "avail_bytes": 12 * gib},
        "/data": {"size_bytes": 8 * tib, "free_bytes": 5 * tib, "avail_bytes": 5 * tib},
    }
    expect = ["exit 0", "root_cause hardware.storage.network",
              "root_cause hardware.storage.nearly_full", "root_cause hardware.storage.rotational",
              "check hardware.storage warn", "finding hardware.storage.network warn",
              "finding hardware.storage.nearly_full warn", "finding hardware.storage.rotational warn"]
    m.finish(expect, readme(
        "storage-nfs-home-full", "rx7900xtx-healthy as a lab workstation: alice's home "
        "directory is an NFS 4.2 mount of filer.lab:/export/home with 12 GiB of 20 TiB left, "
        "and HF_HOME points at /data/hf on a SATA hard disk (xfs on /dev/sda1).",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            "`/proc/self/mountinfo` in the kernel's format (Documentation/filesystems/proc.rst): "
            "`/` ext4 on an NVMe partition, `/home` nfs4 with the options mount.nfs4 shows by "
            "default, `/data` xfs on /dev/sda1. Invented to produce the conditions.",
            "The block devices in sysfs as the kernel lays them out: nvme0n1 (queue/rotational 0) "
            "under its PCI NVMe controller with partition nvme0n1p2, sda (rotational 1) under "
            "its SATA port with sda1, the /sys/dev/block/MAJ:MIN and /sys/class/block links.",
            "machine.json `env` HOME and HF_HOME, and `filesystems` (docs/probes.md) with the "
            "statvfs figures of the three mount points.",
        ],
        "Three warnings of hardware.storage, nothing failing: the home directory is on a "
        "network filesystem (nfs4) and nearly full (12 GiB available, under 10% and under 50 "
        "GiB), and $HF_HOME is on a rotational disk (sda). Exit 0.", expect))


def m_tools_opt_rocm(out, cap):
    m = Machine(out, "tools-opt-rocm6", "RX 7900 XTX desktop with ROCm 6.2.0's tools in "
                "/opt/rocm-6.2.0/bin and rccl-tests built in /usr/local/bin")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m)
    m.meta["env"]["PATH"] += ":/opt/rocm/bin"
    root = "/opt/rocm-6.2.0"
    # What ROCm 6.2.0's packages install: executables in bin/, the Python front ends of
    # rocm-smi and amd-smi in libexec/ with links from bin/, amdclang++ from rocm-llvm.
    tools = {f"{root}/bin/rocminfo": None, f"{root}/bin/rocm_agent_enumerator": None,
             f"{root}/bin/rocprofv3": None, f"{root}/bin/hipcc": None,
             f"{root}/libexec/rocm_smi/rocm_smi.py": f"{root}/bin/rocm-smi",
             f"{root}/libexec/amdsmi_cli/amdsmi_cli.py": f"{root}/bin/amd-smi",
             f"{root}/lib/llvm/bin/amdclang++": f"{root}/bin/amdclang++",
             "/usr/local/bin/all_reduce_perf": None}
    for path, link in tools.items():
        m.write(path, b"")
        os.chmod(m.host(path), 0o755)
        if link:
            m.link(link, path)
    expect = ["exit 0", "check runtime.tools pass", "finding runtime.tool.present info",
              "finding runtime.tool.missing info", "finding runtime.tool.not_built info"]
    m.finish(expect, readme(
        "tools-opt-rocm6", "rx7900xtx-healthy with AMD's ROCm 6.2.0 packages (rocminfo, "
        "rocm-smi-lib, amd-smi-lib, rocprofiler-sdk, hipcc, rocm-llvm) in /opt/rocm-6.2.0, "
        "/opt/rocm/bin on PATH, and rccl-tests' all_reduce_perf built and copied to "
        "/usr/local/bin.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            DEFAULT_ROCM_NOTE,
            "Empty executables (mode 0755) where ROCm 6.2.0's packages put the tools: "
            "bin/rocminfo, bin/rocm_agent_enumerator, bin/rocprofv3, bin/hipcc; bin/rocm-smi -> "
            "../libexec/rocm_smi/rocm_smi.py, bin/amd-smi -> ../libexec/amdsmi_cli/amdsmi_cli.py, "
            "bin/amdclang++ -> ../lib/llvm/bin/amdclang++; /usr/local/bin/all_reduce_perf; "
            "machine.json PATH extended with /opt/rocm/bin. Replay runs none of them.",
        ],
        "runtime.tools passes with informational findings: seven tools from ROCm 6.2.0 "
        "(/opt/rocm-6.2.0, .info/version), all_reduce_perf of unknown origin (no install or "
        "package owns it), and rocprof, rocm-bandwidth-test (missing, with the packages to "
        "install) and TransferBench (not built, with its repository). Exit 0.", expect))


def radeon_vii(cap):
    """A Radeon VII (Vega 20, gfx906, 1002:66af rev c1) at 0000:2f:00.0 behind Vega 20's own
    upstream/downstream switch ports (1002:14a0/14a1), from its rocminfo agent (ROCm/ROCm#6138):
    60 CUs x 4 SIMDs, wave64, 1801 MHz, 16 GiB (16760832 KB pool), BDFID 12032 = 0x2f00, PP
    (MEC) firmware 481, SDMA 145."""
    vram = 16760832 * 1024
    files = {"vendor": "0x1002", "device": "0x66af", "subsystem_vendor": "0x1002",
             "subsystem_device": "0x081e", "revision": "0xc1", "class": "0x030000",
             "numa_node": "-1", "current_link_speed": "8.0 GT/s PCIe",
             "current_link_width": "16", "max_link_speed": "8.0 GT/s PCIe",
             "max_link_width": "16", "mem_info_vram_total": str(vram),
             "mem_info_vis_vram_total": str(vram),
             "uevent": "DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:66AF\n"
                       "PCI_SUBSYS_ID=1002:081E\nPCI_SLOT_NAME=0000:2f:00.0\n"}
    kp = gpu_node_props(simd=240, simd_per_cu=4, wave=64, gfx=90006, device_id=0x66af,
                        location_id=12032, render_minor=128, array_count=4, cu_per_array=15,
                        fw=481, sdma_fw=145, capability=746037888, clk=1801)
    bridges = [("0000:00:03.1", (), "0x1022", None),
               ("0000:2d:00.0", ("0000:00:03.1",), "0x1002", "0x14a0"),
               ("0000:2e:00.0", ("0000:00:03.1", "0000:2d:00.0"), "0x1002", "0x14a1")]
    return Gpu("0000:2f:00.0", "pci0000:00", ("0000:00:03.1", "0000:2d:00.0", "0000:2e:00.0"),
               bridges, files, kp, vram, "gfx906", kfd_name="vega20", gpu_id=26287)


def m_radeon_vii(out, cap):
    m = Machine(out, "radeon-vii-deprecated", "Radeon VII (gfx906) on ROCm 6.2.0")
    g = radeon_vii(cap)
    rel = "5.15.0-116-generic"
    consumer_host(m, g, os_id="ubuntu2204", release=rel, mem_kb=65768412,
                  cpu="AMD Ryzen 9 5950X 16-Core Processor",
                  log_lines=healthy_log(g.bdf, "1002:66af", 16368))
    rocm_install(m)
    lib = smi_library(m)
    smi_probe(m, lib, devices=[smi_device(0, g.bdf, 0x66af, "Vega 20 [Radeon VII]",
                                          vram_total_bytes=g.vram, firmware={"mec": 481})])
    expect = ["exit 0", "check hardware.gpus pass", "check driver.kernel_support pass",
              "check runtime.driver_compat pass", "check runtime.gfx_support pass",
              "finding runtime.gfx.deprecated info", "check libraries.rocm_smi pass"]
    m.finish(expect, readme(
        "radeon-vii-deprecated", "A desktop with a Radeon VII (Vega 20, gfx906) at "
        "0000:2f:00.0, Ubuntu 22.04.5 with its GA kernel 5.15 and the in-tree amdgpu, ROCm "
        "6.2.0 — a release that still supports gfx906 but lists it as deprecated.",
        [SRC_6138 + ": the GPU agent (gfx906, Chip ID 0x66af, 60 CUs, 4 SIMDs per CU, wave64, "
         "1801 MHz, BDFID 12032, 16760832 KB of VRAM, uCode 481/145).",
         SRC_DELAUNAY + "."],
        COMMON_ADDED + [
            "The PCI function and KFD node from those values: vendor/device 1002:66af, revision "
            "0xc1 (libdrm amdgpu.ids: AMD Radeon VII), subsystem 1002:081e and the PCIe 3.0 "
            "x16 link are assumptions; large BAR on (VRAM fully CPU-visible) assumed; "
            "gfx_target_version 90006, location_id 12032, KFD node name `vega20`.",
            "ROCm 6.2.0 as in every machine (below), plus rocm-smi-lib's "
            "`lib/librocm_smi64.so.7.3.60200` (placeholder, with `.so.7`/`.so` links) and a "
            "recorded `rocm-smi` probe whose rsmi_init succeeded and that reports the one GPU "
            "(device id, address, VRAM, MEC firmware 481 as rocminfo shows it); the other "
            "values are null (not recorded).",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Pass: the kernel is one ROCm 6.2.0 lists for Ubuntu 22.04.5, the in-tree driver is "
        "within its kernels, rocm-smi-lib sees the GPU KFD has, and runtime.gfx_support passes "
        "with the informational runtime.gfx.deprecated (\"support will be removed in a future "
        "release\"). Exit 0.", expect))


def m_hip_device_error(out, cap):
    m = Machine(out, "hip-device-error", "4x MI210, HIP cannot query GPU 2")
    mi210_host(m, 4, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro "
               "iommu=pt")
    buses = [0x03, 0x23, 0x43, 0x63]
    devices = [mi210_hip_device(i, b) for i, b in enumerate(buses)]
    bad = {"code": 101, "name": "hipErrorInvalidDevice", "message": "invalid device ordinal"}
    devices[2] = {"index": 2, "name": None, "arch": None, "compute_units": None,
                  "total_memory_bytes": None, "clock_khz": None, "memory_clock_khz": None,
                  "memory_bus_width_bits": None, "pci_bdf": None, "large_bar": None,
                  "error": dict(bad, call="GetDeviceProperties"),
                  "smoke": {"ok": False, "kernel_ms": None, "error": dict(bad, call="SetDevice"),
                            "mismatch": None, "checked_elements": 0}}
    hip_probe(m, devices)
    expect = ["exit 1", "root_cause runtime.hip.device_error", "root_cause runtime.hip.smoke_failed",
              "check runtime.hip_devices fail", "finding runtime.hip.device_error fail"]
    m.finish(expect, readme(
        "hip-device-error", "The MI210 server of mi210-xgmi-healthy with 4 GPUs (one hive, "
        "iommu=pt): HIP counts 4 devices, but for device 2 hipGetDeviceProperties (and then "
        "hipSetDevice) return hipErrorInvalidDevice.",
        ["None captured (see mi210-xgmi-healthy)."],
        MI210_ADDED + [
            "A recorded `hip-probe` (docs/hip-helper.md, JSON format 1, HIP 6.2.41133), made by "
            "hand: devices 0, 1 and 3 as on the healthy machine; device 2's properties null "
            "with the GetDeviceProperties error and its smoke test failing at SetDevice. Which "
            "runtime state gives this error for a counted device on real hardware was not "
            "captured: the machine tests how the doctor judges the helper's device error.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Fail: runtime.hip_devices reports runtime.hip.device_error for device 2 (and "
        "runtime.hip.smoke_failed for its smoke test); both are root causes, every lower link "
        "holds. Exit 1.", expect))


def m_hip_load_probe_failed(out, cap):
    m = Machine(out, "hip-load-probe-failed", "no process could be started (task limit)")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m, hip_load=None)
    m.probe("hip-load", ["/usr/bin/rocm-doctor", "probe-load",
                         "/opt/rocm-6.2.0/lib/libamdhip64.so.6"], state="spawn-failed",
            error="/usr/bin/rocm-doctor: Resource temporarily unavailable", wall_seconds=0.0)
    hip_probe(m, [], state="spawn-failed", stdout="",
              error="/usr/libexec/rocm-doctor/rocm-doctor-hip: Resource temporarily unavailable")
    expect = ["exit 2", "check runtime.rocm pass", "check runtime.hip_load unknown",
              "finding runtime.hip_load.probe_failed unknown", "check runtime.hip_devices error"]
    m.finish(expect, readme(
        "hip-load-probe-failed", "rx7900xtx-healthy captured while alice's session had "
        "exhausted its task limit (systemd's TasksMax for the user slice; a runaway build had "
        "forked thousands of processes): posix_spawn of every probe failed with EAGAIN, so "
        "whether libamdhip64 loads could not be tested.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + "; ROCm 6.2.0 as in every machine (below) but without a loaded "
            "`hip-load` recording.",
            "Recorded `hip-load` and `hip-probe` probes in state `spawn-failed` with the "
            "command runner's error text (`<argv[0]>: <strerror(EAGAIN)>`), by hand.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Unknown: runtime.hip_load reports runtime.hip_load.probe_failed (the load probe could "
        "not be run, with the spawn error); runtime.hip_devices, blocked by it, still shows "
        "its own spawn failure (runtime.hip.probe_failed) as a symptom. Nothing failed, so the "
        "verdict is unknown. Exit 2.", expect))


UBUNTU_2404_2 = ('PRETTY_NAME="Ubuntu 24.04.2 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\n'
                 'VERSION="24.04.2 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\n'
                 'ID_LIKE=debian\nUBUNTU_CODENAME=noble\n')


def m_kernel_unsupported(out, cap):
    m = Machine(out, "kernel-unsupported", "Ubuntu 24.04.2 HWE kernel 6.11 with ROCm 6.2.0")
    g = rx7900xtx(cap)
    rel = "6.11.0-19-generic"
    consumer_host(m, g, release=rel, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    m.write("/etc/os-release", UBUNTU_2404_2)
    expect = ["exit 0", "root_cause driver.kernel.unsupported", "check driver.kernel_support warn",
              "finding driver.kernel.unsupported warn", "check runtime.driver_compat pass"]
    m.finish(expect, readme(
        "kernel-unsupported", "rx7900xtx-healthy after the Ubuntu 24.04.2 point release moved "
        "the HWE kernel to 6.11: the machine now boots 6.11.0-19-generic, while its ROCm 6.2.0 "
        "lists only Linux 6.8 (GA) for Ubuntu 24.04 (checks/data/rocm_kernels.csv; ROCm 6.3.3 "
        "is the first to list 6.11 HWE).",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [ROCM_COMMON + "; /etc/os-release of Ubuntu 24.04.2 and uname, "
                        "/proc/version and /lib/modules for 6.11.0-19-generic."],
        "Warn: driver.kernel_support reports driver.kernel.unsupported — Linux 6.11 is not a "
        "kernel ROCm 6.2.0 lists for ubuntu 24.04.2, which lists 6.8 GA — with the matrix row "
        "as evidence; runtime.driver_compat passes (the in-tree driver is newer than the "
        "listed kernels, not older). Exit 0.", expect))


def m_driver_skew(out, cap):
    m = Machine(out, "driver-version-skew", "ROCm 6.3.3 user space on amdgpu-dkms 6.3.6 (ROCm 6.0)")
    mi210_host(m, 1, dkms_version="6.3.6",
               cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro iommu=pt")
    m.kernel_log["lines"] = [line.replace("amdgpu version: 6.7.0", "amdgpu version: 6.3.6")
                             for line in m.kernel_log["lines"]]
    rocm_install(m, "6.3.3", "6.3.60303", "1.14.60303")
    expect = ["exit 0", "root_cause runtime.driver.version_skew",
              "check runtime.driver_compat warn", "finding runtime.driver.version_skew warn",
              "check driver.kernel_support pass"]
    m.finish(expect, readme(
        "driver-version-skew", "A one-GPU MI210 node whose user space was upgraded to ROCm "
        "6.3.3 while the kernel driver stayed pinned at amdgpu-dkms 6.3.6 — the driver that "
        "shipped with ROCm 6.0.0. ROCm 6.3.3 supports the 6.4.x to 6.1.x driver series only.",
        ["None captured (see mi210-xgmi-healthy)."],
        MI210_ADDED + [
            "As mi210-xgmi-healthy with one GPU, but /sys/module/amdgpu/version, the DKMS tree "
            "and the kernel log's \"amdgpu version:\" say 6.3.6 (amdgpu-dkms 1:6.3.6.60000, "
            "checks/data/rocm_kernels.csv's amdgpu_driver row for ROCm 6.0.0).",
            "/opt/rocm -> /opt/rocm-6.3.3 with `.info/version` `6.3.3-66`, "
            "`lib/libamdhip64.so.6.3.60303` and `lib/libhsa-runtime64.so.1.14.60303` (empty "
            "placeholders with their soname/dev links), the ld.so.conf.d entry and a recorded "
            "`hip-load` probe that loaded it."],
        "Warn: runtime.driver_compat reports runtime.driver.version_skew — the 6.0.x driver is "
        "older than every series ROCm 6.3.3 supports — with /sys/module/amdgpu/version and the "
        "matrix rows as evidence; the kernel (Ubuntu 22.04.5, 5.15 GA) is listed. Exit 0.",
        expect))


def m_rocm_smi_init_failed(out, cap):
    m = Machine(out, "rocm-smi-init-failed", "rsmi_init times out on a stale /dev/shm mutex")
    mi210_host(m, 4, cmdline="BOOT_IMAGE=/boot/vmlinuz-5.15.0-116-generic root=/dev/sda2 ro "
               "iommu=pt")
    rocm_install(m)
    lib = smi_library(m)
    smi_probe(m, lib, init=(8, "RSMI_STATUS_INIT_ERROR", RSMI_INIT_ERROR), driver_version="6.7.0",
              stderr="pthread_mutex_timedlock() returned 131\nFailed to initialize RSMI device "
                     "mutex after 5 seconds. Previous execution may not have shutdown cleanly. "
                     "To fix problem, stop all rocm_smi programs, and then delete the rocm_smi* "
                     "shared memory files in /dev/shm.: Success\n", wall_seconds=5.03)
    expect = ["exit 0", "root_cause libraries.rocm_smi.init_failed",
              "check libraries.rocm_smi warn", "finding libraries.rocm_smi.init_failed warn"]
    m.finish(expect, readme(
        "rocm-smi-init-failed", "The MI210 server of mi210-xgmi-healthy with 4 GPUs, after a "
        "monitoring agent using rocm-smi-lib was killed while it held the library's "
        "cross-process mutex: every rsmi_init now waits 5 seconds for /dev/shm/rocm_smi_* and "
        "fails with RSMI_STATUS_INIT_ERROR, so rocm-smi and the device plugin see nothing.",
        ["None captured (see mi210-xgmi-healthy).", SRC_SMI_88 + "."],
        MI210_ADDED + [
            "ROCm 6.2.0 as in every machine (below), plus rocm-smi-lib's "
            "`lib/librocm_smi64.so.7.3.60200` (placeholder, with `.so.7`/`.so` links).",
            "A recorded `rocm-smi` probe (docs/probes.md): the library loaded, rsmi_init "
            "returned 8 with rsmi_status_string's text (as Debian's rocm-smi-lib 5.2.3 prints "
            "it on the build host), rsmi_version_str_get gave the DKMS 6.7.0, and stderr is "
            "the message quoted in rocm_smi_lib#88.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Warn: libraries.rocm_smi reports libraries.rocm_smi.init_failed naming "
        "RSMI_STATUS_INIT_ERROR and the stale /dev/shm mutex as the cause; it is the root "
        "cause (every lower link holds). Exit 0.", expect))


def m_rocm_smi_count_mismatch(out, cap):
    m = Machine(out, "rocm-smi-count-mismatch",
                "rocm-smi-lib lists the RX 5500 XT that KFD refused")
    g = rx5500xt(cap)
    consumer_host(m, g, release="6.8.0-45-generic", mem_kb=32768000, kfd_node_for_gpu=False,
                  cpu="Intel(R) Core(TM) i7-3770K CPU @ 3.50GHz", log_lines=[
                      "[drm] amdgpu kernel modesetting enabled.",
                      f"amdgpu {g.bdf}: amdgpu: PCIE atomic ops is not supported",
                      f"[drm] Initialized amdgpu 3.57.0 20150101 for {g.bdf} on minor 0",
                      "kfd kfd: amdgpu: skipped device 1002:7340, PCI rejects atomics"])
    rocm_install(m)
    lib = smi_library(m)
    smi_probe(m, lib, devices=[smi_device(0, g.bdf, 0x7340,
                                          "Navi 14 [Radeon RX 5500/5500M / Pro 5500M]",
                                          vram_total_bytes=8573157376)])
    expect = ["exit 1", "root_cause hardware.pcie.atomics_unsupported",
              "check hardware.pcie_atomics fail", "check libraries.rocm_smi warn",
              "finding libraries.rocm_smi.device_count_mismatch warn"]
    m.finish(expect, readme(
        "rocm-smi-count-mismatch", "pcie-atomics-unsupported (an RX 5500 XT on an Ivy Bridge "
        "desktop whose root port does not route PCIe atomics, so KFD skipped the GPU) with "
        "rocm-smi-lib installed: rocm-smi lists the GPU — amdgpu drives it — while KFD, and so "
        "every HIP program, has no GPU node.",
        [SRC_LACT.format("rx5500xt") + ": `card1/device/*` verbatim (as in "
         "pcie-atomics-unsupported).",
         SRC_FM + ": \"kfd kfd: amdgpu: skipped device 1002:7340, PCI rejects atomics\"."],
        COMMON_ADDED + [
            "Everything pcie-atomics-unsupported adds.",
            "ROCm 6.2.0 as in every machine (below), plus rocm-smi-lib's "
            "`lib/librocm_smi64.so.7.3.60200` (placeholder, with `.so.7`/`.so` links) and a "
            "recorded `rocm-smi` probe whose rsmi_init succeeded and that reports one device, "
            "0000:04:00.0 (1002:7340, pci.ids name, 8 GiB VRAM); other values null.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Fail: the root cause stays hardware.pcie.atomics_unsupported; libraries.rocm_smi, a "
        "symptom check blocked by it, warns libraries.rocm_smi.device_count_mismatch (1 device "
        "in rocm-smi-lib, 0 GPU nodes in KFD, 0000:04:00.0 not in KFD) and is listed as its "
        "symptom. Exit 1.", expect))


# --------------------------------------------------------------------------------------------
# Benchmarks (issue 6): one MI300X in SPX mode with recorded `rocm-doctor-hip --probe` and
# `--bench --level quick` runs; the replay test runs these with `check --level standard`.

SRC_MI300_CPX = ("k8s-device-plugin `testdata/topo-mi300-cpx/topology/nodes/2/properties` — "
                 "https://github.com/ROCm/k8s-device-plugin @ "
                 "ed7646843003e8f0b6a0630346f01bb4d1ecff2e, licence Apache-2.0")
MI300X_BDF = "0000:0c:00.0"
BENCH_LEVEL_NOTE = ("The replay test passes `--level standard` (EXPECT `level standard`), so the "
                    "benchmark checks run on the recorded `hip-bench` probe.")


def mi300x_spx_props(cap):
    """The first GPU node of the real MI300X CPX capture (one XCC: 38 CUs), scaled to SPX: one
    KFD node for the whole GPU with the 8 XCCs' SIMDs and arrays summed (kfd_topology.c adds up
    the partition's XCCs), at the bus of 0000:0c:00.0."""
    path = os.path.join(cap, "k8s-device-plugin/testdata/topo-mi300-cpx/topology/nodes/2/properties")
    with open(path) as f:
        p = dict(line.split() for line in f if line.strip())
    return gpu_node_props(simd=int(p["simd_count"]) * 8, simd_per_cu=int(p["simd_per_cu"]),
                          wave=int(p["wave_front_size"]), gfx=int(p["gfx_target_version"]),
                          device_id=int(p["device_id"]), location_id=0x0c00, render_minor=128,
                          array_count=int(p["array_count"]) * 8,
                          cu_per_array=int(p["cu_per_simd_array"]), unique_id=0x2b6f1e0c9a3d5501,
                          fw=int(p["fw_version"]), sdma_fw=int(p["sdma_fw_version"]),
                          capability=int(p["capability"]),
                          clk=int(p["max_engine_clk_fcompute"]), num_xcc=8)


def mi300x_host(m, cap, *, link_width="16"):
    """A server with one AMD Instinct MI300X (1002:74a1, gfx942) in SPX mode at 0000:0c:00.0,
    PCIe 5.0 x16 (or `link_width` lanes trained), Ubuntu 22.04 with amdgpu-dkms 6.10.5."""
    rel = "5.15.0-116-generic"
    pv = (f"Linux version {rel} (buildd@lcy02-amd64-015) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
          "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #126-Ubuntu SMP Mon Jul 1 10:14:24 UTC "
          "2024")
    mem_kb = 1584000000
    host_base(m, os_id="ubuntu2204", release=rel, proc_version=pv,
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/nvme0n1p2 ro iommu=pt",
              mem_kb=mem_kb, cpu_model="AMD EPYC 9554 64-Core Processor",
              modules=[AMDGPU_DKMS_MODULE_LINE])
    lib_modules(m, rel, amdgpu_path="updates/dkms/amdgpu.ko")
    dkms(m, "6.10.5-2084815.22.04", [rel])
    amdgpu_module(m, "6.10.5")
    bridge(m, "0000:00:01.1", "pci0000:00", speed="32.0 GT/s PCIe")
    files = {"vendor": "0x1002", "device": "0x74a1", "subsystem_vendor": "0x1002",
             "subsystem_device": "0x74a1", "revision": "0x00", "class": "0x120000",
             "numa_node": "0", "current_link_speed": "32.0 GT/s PCIe",
             "current_link_width": link_width, "max_link_speed": "32.0 GT/s PCIe",
             "max_link_width": "16", "mem_info_vram_total": "206141652992",
             "mem_info_vis_vram_total": "206141652992", "current_compute_partition": "SPX",
             "available_compute_partition": "SPX, DPX, QPX, CPX",
             "current_memory_partition": "NPS1"}
    for blk in ("umc", "sdma", "gfx", "mmhub", "pcie_bif", "hdp", "xgmi_wafl"):
        files[f"ras/{blk}_err_count"] = "ue: 0\nce: 0\n"
    devdir = pci_dev(m, MI300X_BDF, rootbus="pci0000:00", parents=("0000:00:01.1",),
                     files=files, driver="amdgpu")
    drm_nodes(m, devdir, card=0, render=128)
    kfd_base(m, 511)
    kfd_topology_header(m)
    kfd_node(m, 0, cpu_node_props(64, io_links=1, clk=3100),
             bank=bank_props(0, mem_kb * 1024, 64, 4800),
             links=[link_props(2, 0, 1, 20, 0, flags=3)])
    kfd_node(m, 1, mi300x_spx_props(cap), name="ip discovery", gpu_id=48913,
             bank=bank_props(1, 206141652992, 8192, 1300),
             links=[link_props(2, 1, 0, 20, 0, flags=1)])
    log(m, ["[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu version: 6.10.5",
            f"amdgpu {MI300X_BDF}: amdgpu: VRAM: 196592M 0x0000008000000000 - "
            "0x0000008BFEFFFFFF (196592M used)",
            "kfd kfd: amdgpu: added device 1002:74a1"])


MI300X_ADDED = [
    "Everything but the GPU node's properties, by hand (the MI300X captures we have are "
    "sysfs-less KFD topologies): one MI300X (1002:74a1 rev 0x00 = AMD Instinct MI300X in "
    "libdrm amdgpu.ids and checks/data/amd_gpus.csv) at 0000:0c:00.0 behind root port "
    "0000:00:01.1, class 0x120000, PCIe 5.0 x16, 192 GiB HBM3 (206141652992 bytes, large BAR), "
    "SPX/NPS1 partition files, RAS counters zero.",
    "The KFD GPU node: the CPX capture's first GPU node (one XCC of 38 CUs: simd_count 152, "
    "array_count 4) scaled to SPX (× 8 XCCs: simd_count 1216 = 304 CUs × 4, array_count 32, "
    "num_xcc 8); device_id, gfx_target_version 90402, fw and sdma_fw versions, capability and "
    "max_engine_clk_fcompute 2100 taken from it; location_id 0x0c00 to match the PCI address.",
    "amdgpu-dkms 6.10.5 (/sys/module/amdgpu/version, DKMS tree, updates/dkms/amdgpu.ko), "
    "/dev/kfd 511:0, iommu=pt, ~1.5 TiB RAM, a short kernel log of a normal boot.",
    "`/etc/os-release`, `/etc/group`, `/etc/passwd`, `/proc/*`, `/lib/modules/<release>/*`, the "
    "efivars `SecureBoot-…` variable (off) and `.rocm-doctor/machine.json`, as for the other "
    "machines; user `alice` (uid 1000) is invented.",
]


def mi300x_probe_json():
    """`rocm-doctor-hip --probe` on that GPU (helper JSON format 1, docs/hip-helper.md)."""
    return json.dumps({
        "helper": "rocm-doctor-hip", "version": 1, "backend": "hip", "targets": ["gfx942"],
        "runtime_version": 60241134, "driver_version": 60241134, "device_count": 1,
        "error": None, "devices": [{
            "index": 0, "name": "AMD Instinct MI300X", "arch": "gfx942:sramecc+:xnack-",
            "compute_units": 304, "total_memory_bytes": 206141652992, "clock_khz": 2100000,
            "memory_clock_khz": 1300000, "memory_bus_width_bits": 8192, "pci_bdf": MI300X_BDF,
            "large_bar": True, "error": None,
            "smoke": {"ok": True, "kernel_ms": 0.0421, "error": None, "mismatch": None,
                      "checked_elements": 4096}}]}, separators=(",", ":")) + "\n"


def bench_result(name, unit, best=None, median=None, worst=None, *, status="ok", reason=None,
                 samples=20, iterations=5, nbytes=None, elements=None, element_bytes=None,
                 clock=2100, verified=True, params=None):
    ok = status == "ok"
    spread = None
    if ok and median:
        spread = round(abs(best - worst) / median, 6)
    return {"name": name, "status": status, "reason": reason, "unit": unit,
            "best": best if ok else None, "median": median if ok else None,
            "worst": worst if ok else None, "spread": spread if ok else (0.0 if ok else None),
            "samples": samples if ok else 0, "iterations": iterations if ok else 0,
            "bytes": nbytes, "elements": elements, "element_bytes": element_bytes,
            "clock_mhz_seen": clock if ok else None, "verified": verified if ok else None,
            "params": params or {}}


def mi300x_bench_results(memory_scale=1.0, memtest_errors=0):
    """Hand-made `--bench --level quick` figures of a healthy MI300X: STREAM ~79-82% of the 5.3
    TB/s HBM3 peak (BabelStream reaches 81%, Ambati et al. 2025), pinned copies at ~86% of
    PCIe 5.0 x16, FP32 FMA at 61% of the packed-FP32 datasheet peak, ~10 us launches.
    `memory_scale` scales every memory.* figure; `memtest_errors` puts bad words in
    memtest.moving_inversions."""
    n = 1 << 28  # floats per array: 1 GiB each
    stream = {"threads_per_block": 256, "float4_per_thread_in_flight": 1, "access_bytes": 16,
              "load_hint": "streaming", "store_hint": "streaming", "array_bytes": 1 << 30}
    mem = []
    for name, arrays, best, median, worst in (("copy", 2, 4.23e12, 4.20e12, 4.16e12),
                                             ("scale", 2, 4.24e12, 4.21e12, 4.17e12),
                                             ("add", 3, 4.35e12, 4.32e12, 4.27e12),
                                             ("triad", 3, 4.36e12, 4.33e12, 4.28e12),
                                             ("dot", 2, 4.08e12, 4.04e12, 3.99e12)):
        k = memory_scale
        mem.append(bench_result(f"memory.{name}", "B/s", best * k, median * k, worst * k,
                                nbytes=arrays * 4 * n, elements=n, element_bytes=4,
                                params=dict(stream, arrays=arrays)))
    host = {"numa_node": 0, "numa_bound": True, "api": "hipMemcpyAsync"}
    no_peers = "no peers: 1 GPU"
    bad = []
    if memtest_errors:
        bad = [f"0x7f3a{0x00001000 + 8 * i:08x}" for i in range(min(memtest_errors, 4))]
    memtest = []
    for name, iterations in (("address", 3), ("moving_inversions", 24), ("random", 6)):
        errors = memtest_errors if name == "moving_inversions" else 0
        memtest.append(bench_result(
            f"memtest.{name}", "errors", errors, errors, errors, samples=1,
            iterations=iterations, nbytes=4 << 30,
            params={"requested_bytes": 4 << 30, "fraction_of_free": 0.02, "mismatches": errors,
                    "first_bad_addresses": bad if errors else []}))
    return mem + [
        bench_result("host.h2d_pinned", "B/s", 54.6e9, 54.2e9, 53.5e9, samples=10, iterations=3,
                     nbytes=256 << 20, clock=None, params=dict(host, pinned=True, direction="h2d")),
        bench_result("host.d2h_pinned", "B/s", 54.1e9, 53.7e9, 53.0e9, samples=10, iterations=3,
                     nbytes=256 << 20, clock=None, params=dict(host, pinned=True, direction="d2h")),
        bench_result("host.bidir_pinned", "B/s", 97.0e9, 95.8e9, 93.9e9, samples=10,
                     iterations=3, nbytes=512 << 20, clock=None,
                     params=dict(host, pinned=True, direction="bidir")),
        bench_result("host.h2d_pageable", "B/s", 21.9e9, 20.6e9, 19.2e9, samples=10,
                     iterations=3, nbytes=64 << 20, clock=None,
                     params=dict(host, pinned=False, direction="h2d")),
        bench_result("host.d2h_pageable", "B/s", 18.8e9, 18.0e9, 16.9e9, samples=10,
                     iterations=3, nbytes=64 << 20, clock=None,
                     params=dict(host, pinned=False, direction="d2h")),
        bench_result("peer.copy", "B/s", status="skipped", reason=no_peers),
        bench_result("peer.kernel_copy", "B/s", status="skipped", reason=no_peers),
        bench_result("launch.enqueue", "s", 5.4e-6, 5.9e-6, 6.8e-6, iterations=200,
                     verified=None),
        bench_result("launch.roundtrip", "s", 9.6e-6, 10.1e-6, 11.5e-6, iterations=200,
                     verified=None),
        bench_result("launch.throughput", "launch/s", 196000, 182000, 171000, iterations=1000,
                     verified=None),
        bench_result("compute.fp32_fma", "FLOP/s", 100.9e12, 99.8e12, 97.6e12, samples=10,
                     iterations=2, clock=1980, params={"instruction_path": "v_pk_fma_f32"}),
        bench_result("compute.fp16_fma", "FLOP/s", 199.0e12, 197.1e12, 193.0e12, samples=10,
                     iterations=2, clock=1975, params={"instruction_path": "v_pk_fma_f16"}),
        bench_result("compute.bf16_fma", "FLOP/s", 101.2e12, 100.1e12, 98.3e12, samples=10,
                     iterations=2, clock=1977, params={"instruction_path": "v_fma_f32 (bf16 "
                                                                           "emulated)"}),
    ] + memtest + [
        bench_result("stress.mixed", "FLOP/s", status="skipped",
                     reason="stress runs 0 s at level quick (give --stress-seconds S or --level "
                            "standard)"),
    ]


def bench_json(results, wall=9.7):
    return json.dumps({
        "format": 1, "kind": "bench", "backend": "hip", "runtime_version": 60241134,
        "driver_version": 60241134, "level": "quick", "interrupted": False, "error": None,
        "device": {"index": 0, "name": "AMD Instinct MI300X", "arch": "gfx942:sramecc+:xnack-",
                   "pci_bus_id": MI300X_BDF, "compute_units": 304, "clock_mhz": 2100,
                   "memory_clock_mhz": 1300, "memory_bus_width_bits": 8192,
                   "total_bytes": 206141652992, "free_bytes": 205373358080, "numa_node": 0},
        "benchmarks": results, "wall_seconds": wall}, separators=(",", ":")) + "\n"


HELPER = "/usr/libexec/rocm-doctor/rocm-doctor-hip"
BENCH_ARGV = [HELPER, "--bench", "--level", "quick", "--device", "0"]


def bench_machine(out, cap, name, description, *, results=None, bench_probe=None,
                  link_width="16"):
    m = Machine(out, name, description)
    mi300x_host(m, cap, link_width=link_width)
    m.probe("hip-probe", [HELPER, "--probe"], stdout=mi300x_probe_json(), wall_seconds=1.42)
    if bench_probe is not None:
        m.probe("hip-bench", BENCH_ARGV, **bench_probe)
    else:
        m.probe("hip-bench", BENCH_ARGV, stdout=bench_json(results), stderr="",
                wall_seconds=10.3)
    return m


def bench_readme(name, what, added, conclusion, expect):
    return readme(name, what, [SRC_MI300_CPX + ": the GPU node's properties (see below)."],
                  MI300X_ADDED + added + [BENCH_LEVEL_NOTE], conclusion, expect)


HEALTHY_BENCH_NOTE = (
    "`.rocm-doctor/probes/hip-probe.json` and `hip-bench.json`: recorded runs of "
    "`rocm-doctor-hip --probe` and `--bench --level quick --device 0`, **hand-made** in the "
    "helper's formats (docs/hip-helper.md, docs/probes.md) — no MI300X was available to us. "
    "The figures are plausible for a healthy MI300X: STREAM 4.04–4.33 TB/s (76–82% of the 5.3 "
    "TB/s datasheet peak; BabelStream reaches 81% on MI300X, Ambati et al. 2025), pinned copies "
    "54.2 / 53.7 / 95.8 GB/s on PCIe 5.0 x16, ~10 µs launch round trips, FP32 FMA 99.8 TFLOP/s "
    "(61% of the packed-FP32 datasheet figure), no memory-test errors; peer copies skipped "
    "(one GPU) and no stress at the quick level, as the helper reports them.")


def m_bench_healthy(out, cap):
    expect = ["level standard", "exit 0", "check bench.run pass", "check bench.memory pass",
              "check bench.host_link pass", "check bench.compute pass", "check bench.launch pass",
              "check bench.memtest pass", "check bench.peer skip", "check bench.stress skip"]
    m = bench_machine(out, cap, "mi300x-bench-healthy",
                      "1x MI300X (SPX), healthy benchmark run recorded",
                      results=mi300x_bench_results())
    m.finish(expect, bench_readme(
        "mi300x-bench-healthy", "A server with one AMD Instinct MI300X (gfx942, SPX/NPS1) at "
        "0000:0c:00.0 on PCIe 5.0 x16, Ubuntu 22.04 with amdgpu-dkms 6.10.5, whose quick "
        "benchmark run delivered what an MI300X must.",
        [HEALTHY_BENCH_NOTE],
        "Healthy: every layer passes and every benchmark is at or above its floor for an "
        "MI300X (memory ≥ 65% of 5.3 TB/s, pinned host copies ≥ 65% of 63 GB/s, FP32 ≥ 40% of "
        "163.4 TFLOP/s, launches under their ceilings, zero memory-test errors). Exit 0.",
        expect))


def m_bench_memory_low(out, cap):
    expect = ["level standard", "exit 1", "root_cause bench.memory_bandwidth.low",
              "check bench.run pass", "check bench.memory fail", "check bench.compute pass",
              "finding bench.memory_bandwidth.low fail"]
    m = bench_machine(out, cap, "bench-memory-low",
                      "1x MI300X whose HBM delivers half its bandwidth",
                      results=mi300x_bench_results(memory_scale=0.5))
    m.finish(expect, bench_readme(
        "bench-memory-low", "mi300x-bench-healthy's server, where the MI300X streams its memory "
        "at half the healthy rate: 2.0–2.2 TB/s, about 40% of its 5.3 TB/s peak (a memory clock "
        "stuck at a low DPM state, or HBM stacks retired after ECC errors).",
        [HEALTHY_BENCH_NOTE.replace(
            "plausible for a healthy MI300X: STREAM 4.04–4.33 TB/s (76–82% of the 5.3 TB/s "
            "datasheet peak; BabelStream reaches 81% on MI300X, Ambati et al. 2025)",
            "those of mi300x-bench-healthy with every memory.* figure halved: STREAM 2.02–2.17 "
            "TB/s (38–41% of the 5.3 TB/s datasheet peak, where a healthy MI300X reaches about "
            "80%)")],
        "Fail: bench.memory reports bench.memory_bandwidth.low, the root cause: all five STREAM "
        "kernels below their floors (65% of 5.3 TB/s, 50% for dot), each with its measured "
        "value, floor and % of peak, with the threshold rows and the datasheet figure as "
        "evidence; every other layer and benchmark passes. Exit 1.", expect))


def m_bench_memtest_errors(out, cap):
    expect = ["level standard", "exit 1", "root_cause bench.memtest.errors",
              "check bench.memtest fail", "check bench.memory pass",
              "finding bench.memtest.errors fail"]
    m = bench_machine(out, cap, "bench-memtest-errors",
                      "1x MI300X whose memory test finds bad words",
                      results=mi300x_bench_results(memtest_errors=37))
    m.finish(expect, bench_readme(
        "bench-memtest-errors", "mi300x-bench-healthy's server, where the moving-inversions "
        "memory test found 37 mismatching words in its 4 GiB slice (the first four addresses "
        "reported); bandwidth and everything else are healthy.",
        [HEALTHY_BENCH_NOTE.replace("no memory-test errors", "37 errors in "
                                    "memtest.moving_inversions")],
        "Fail: bench.memtest reports bench.memtest.errors with the count and the first bad "
        "addresses. Exit 1.", expect))


def m_bench_timeout(out, cap):
    expect = ["level standard", "exit 1", "root_cause bench.kernel.timeout",
              "check runtime.hip_devices pass", "check bench.run fail",
              "check bench.memory skip", "finding bench.kernel.timeout fail"]
    m = bench_machine(out, cap, "bench-timeout",
                      "1x MI300X whose benchmark run hung until its deadline",
                      bench_probe={"state": "timed-out", "signal": 9,
                                   "stderr": "bench: memory.copy 1/5\nbench: memory.scale 1/5\n",
                                   "error": "timed out after 60000 ms", "wall_seconds": 60.0})
    m.finish(expect, bench_readme(
        "bench-timeout", "mi300x-bench-healthy's server, where `rocm-doctor-hip --bench` never "
        "finished: its last progress line is memory.scale, and the command runner killed it at "
        "the quick level's 60 s deadline (a GPU that hangs under load).",
        ["`.rocm-doctor/probes/hip-probe.json`: a healthy probe, hand-made as in "
         "mi300x-bench-healthy. `.rocm-doctor/probes/hip-bench.json`: the run in state "
         "`timed-out` (signal 9, the command runner's error text \"timed out after 60000 ms\", "
         "two progress lines on stderr, no stdout), as RecordingSystemView writes a probe the "
         "runner killed (docs/probes.md). Hand-made."],
        "Fail: runtime.hip_devices passes (the probe's tiny kernel ran), bench.run reports "
        "bench.kernel.timeout with the helper's last stderr lines as evidence, and the benchmark "
        "families are skipped, blocked by it. Exit 1.", expect))


MACHINES = [m_rx7900xtx_healthy, m_memory_low, m_link_degraded, m_kfd_permission,
            m_render_permission, m_init_failed, m_kfd_missing, m_bar_small, m_not_loaded,
            m_blacklisted_nomodeset, m_blacklisted_modprobe, m_dkms_not_built, m_secure_boot,
            m_firmware_missing, m_atomics, m_phoenix, m_vm, m_nvidia, m_mi210, m_iommu, m_ras,
            m_count_mismatch, m_mi300x, m_wsl, m_container_not_passed, m_container_gid,
            m_container_unmapped, m_rocm_not_installed, m_rocm_mixed, m_hip_load_failed,
            m_code_object_compressed, m_library_dir_unreadable, m_hip_platform_invalid,
            m_env_settings, m_radeon_vii, m_hip_device_error, m_hip_load_probe_failed,
            m_kernel_unsupported, m_driver_skew, m_rocm_smi_init_failed,
            m_rocm_smi_count_mismatch, m_bench_healthy, m_bench_memory_low,
            m_bench_memtest_errors, m_bench_timeout, m_storage_nfs_home, m_tools_opt_rocm]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--captures", default=DEFAULT_CAPTURES)
    ap.add_argument("--out", default=os.path.join(REPO, "tests", "machines"))
    ap.add_argument("only", nargs="*", help="machine function names to build (default: all)")
    args = ap.parse_args()
    if not os.path.isdir(args.captures):
        sys.exit(f"captures not found: {args.captures}")
    os.makedirs(args.out, exist_ok=True)
    for fn in MACHINES:
        if args.only and fn.__name__ not in args.only:
            continue
        fn(args.out, args.captures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
