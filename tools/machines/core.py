# SPDX-License-Identifier: MIT
"""The machine being written (Machine), the ROCm userspace pieces and the README layout."""
import argparse
import json
import os
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The real captures the machines start from, vendored with their licences and provenance.
DEFAULT_CAPTURES = os.path.join(REPO, "tests", "data", "captures")

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
# A citation written into the READMEs of the committed machines (nothing is read from there).
SRC_FM = ("docs/research/failure-modes.md (verbatim kernel log lines quoted there from the "
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


# --------------------------------------------------------------------------------------------
# Recorded HIP probe (docs/hip-helper.md)

HIP_620_VERSION = 60241133  # HIP 6.2.41133, ROCm 6.2.0's (hipRuntimeGetVersion encoding)
HIP_NO_DEVICE = {"code": 100, "name": "hipErrorNoDevice",
                 "message": "no ROCm-capable device is detected", "call": "hipGetDeviceCount"}


def hip_probe(m, devices, *, device_count=None, state="exited", error="", stdout=None,
              hip_error=None, wall_seconds=None):
    """The recorded `rocm-doctor-hip --probe` (probe "hip-probe", docs/hip-helper.md)."""
    if stdout is None:
        stdout = json.dumps({"helper": "rocm-doctor-hip", "version": 1, "backend": "hip",
                             "targets": ["gfx90a", "gfx1030"], "runtime_version": HIP_620_VERSION,
                             "driver_version": HIP_620_VERSION,
                             "device_count": len(devices) if device_count is None
                             else device_count, "error": hip_error, "devices": list(devices)},
                            separators=(",", ":")) + "\n"
    m.probe("hip-probe", ["/usr/libexec/rocm-doctor/rocm-doctor-hip", "--probe"], state=state,
            stdout=stdout, error=error,
            wall_seconds=wall_seconds if wall_seconds is not None
            else 3.1 if state == "exited" else 0.0)


def mi210_hip_device(index, bus, kernel_ms=None):
    return {"index": index, "name": "AMD Instinct MI210", "arch": "gfx90a:sramecc+:xnack-",
            "compute_units": 104, "total_memory_bytes": 68702699520, "clock_khz": 1700000,
            "memory_clock_khz": 1600000, "memory_bus_width_bits": 4096,
            "pci_bdf": f"0000:{bus:02x}:00.0", "large_bar": True, "error": None,
            "smoke": {"ok": True,
                      "kernel_ms": 0.05 + index / 1000 if kernel_ms is None else kernel_ms, "error": None,
                      "mismatch": None, "checked_elements": 4096}}


class Machine:
    """One machine directory being written."""

    def __init__(self, out, name, description):
        self.name = name
        self.root = os.path.join(out, name)
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
        if self.nodes:
            self.meta["nodes"] = self.nodes
        self.write("/.rocm-doctor/machine.json", json.dumps(self.meta, indent=2) + "\n")
        if self.kernel_log is not None:
            self.write("/.rocm-doctor/probes/kernel-log.json",
                       json.dumps(self.kernel_log, indent=2) + "\n")
        self.write("/EXPECT", "\n".join(expect) + "\n")
        self.write("/README.md", readme)


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
