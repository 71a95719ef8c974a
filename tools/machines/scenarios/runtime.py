# SPDX-License-Identifier: MIT
"""Container and ROCm userspace (runtime layer) machines."""
from .platform import *  # noqa: F401,F403


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
