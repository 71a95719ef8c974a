# SPDX-License-Identifier: MIT
"""The rx7900xtx-healthy host and its one-setting variants, as data records: each names what it
changes (GPU attribute overrides, consumer_host arguments, environment, a recorded HIP probe),
its expected EXPECT lines and its story; build() turns a record into the machine."""
from .runtime import *  # noqa: F401,F403

AS_HEALTHY = [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."]  # noqa: F405

# Record fields: name, description (machine.json), gpu (rx7900xtx() attribute overrides), host
# (consumer_host() arguments), env (added to machine.json env), hip_probe (hip_probe()
# arguments), expect, what / sources / added (after COMMON_ADDED) / conclusion (the README).
RECORDS = [
    dict(
        name="rx7900xtx-healthy",
        description="RX 7900 XTX desktop, Ubuntu 24.04, in-tree amdgpu",
        expect=["exit 0", "check hardware.gpus pass", "check driver.amdgpu pass",
                "check driver.kfd pass", "check driver.kfd_access pass",
                "check driver.render_access pass", "check runtime.rocm pass",
                "check runtime.hip_load pass"],
        what="A desktop with one Radeon RX 7900 XTX (Navi31, gfx1100) at "
             "0000:03:00.0 behind the card's own PCIe switch, Ubuntu 24.04, kernel 6.8.0-45-generic "
             "with the in-tree amdgpu, user alice in groups video and render.",
        sources=[SRC_LACT.format("rx7900xtx") + ": `card0/device/*` copied verbatim into the PCI "  # noqa: F405
                 "device dir (incl. NUL-padded files, `hwmon/`, `gpu_od/`, binary `pp_table`)."],
        added=[
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
        conclusion="Healthy: one AMD Radeon RX 7900 XTX (gfx1100); amdgpu bound, /dev/kfd and "
                   "renderD128 usable by alice. Exit 0, no root cause."),
    dict(
        name="memory-low",
        description="RX 7900 XTX desktop with 16 GB of RAM",
        host=dict(mem_kb=16318480),
        expect=["exit 0", "root_cause hardware.memory.low", "check hardware.memory warn"],
        what="The rx7900xtx-healthy machine with 16 GB of system RAM (MemTotal "
             "16318480 kB) — less than the GPU's 24 GiB of VRAM.",
        added=["Everything rx7900xtx-healthy adds; MemTotal lowered to 16318480 kB "
               "(a 16 GB desktop) by hand to produce the condition."],
        conclusion="A warning, not a failure: system RAM (15.6 GiB) is below the 32 GiB "
                   "recommended for one GPU. Exit 0 with the warn-level root cause "
                   "hardware.memory.low."),
    dict(
        name="pcie-link-degraded",
        description="RX 7900 XTX trained at x4 in an x16 slot",
        gpu=dict(current_link_width="4\n"),
        expect=["exit 0", "root_cause hardware.pcie.link_degraded",
                "check hardware.pcie_link warn"],
        what="rx7900xtx-healthy with the GPU's link trained at x4 (e.g. a "
             "riser or a chipset slot wired x4): current_link_width 4, max_link_width 16, speed "
             "16.0 GT/s both.",
        added=["Everything rx7900xtx-healthy adds; `current_link_width` changed from "
               "the captured 16 to 4 by hand."],
        conclusion="Warn: the link runs at 16.0 GT/s x4 instead of x16. The width (not the "
                   "speed, which idle GPUs lower) is below the maximum. Exit 0, warn root cause "
                   "hardware.pcie.link_degraded."),
    dict(
        name="kfd-permission-denied",
        description="alice is not in the render group",
        host=dict(groups=("alice", "sudo")),
        # HIP cannot open /dev/kfd, so it reports no device.
        hip_probe=dict(devices=[], hip_error=HIP_NO_DEVICE, wall_seconds=0.12),  # noqa: F405
        expect=["exit 1", "root_cause driver.kfd.permission_denied", "check driver.kfd pass",
                "check driver.kfd_access fail", "check driver.render_access skip"],
        what="rx7900xtx-healthy, but alice is only in groups alice and "
             "sudo (not in /etc/group's render or video lines). /dev/kfd and /dev/dri/renderD128 "
             "are crw-rw---- root:render.",
        added=["Everything rx7900xtx-healthy adds; alice's groups reduced to alice, "
               "sudo (the most common ROCm setup mistake)."],
        conclusion="Fail: alice cannot open /dev/kfd read-write (0660 root:render, not in "
                   "render) — root cause driver.kfd.permission_denied; the render node has the "
                   "same mode and group, and driver.render_access runs after driver.kfd_access, "
                   "so it is blocked rather than reported as a second root cause (one `usermod "
                   "-aG render,video alice` fixes both). Exit 1."),
    dict(
        name="render-node-permission-denied",
        description="kfd group video, render node group render",
        host=dict(groups=("alice", "sudo", "video"), kfd_group="video"),
        expect=["exit 1", "root_cause driver.render_node.permission_denied",
                "check driver.kfd_access pass", "check driver.render_access fail"],
        what="rx7900xtx-healthy on a host whose udev rules give "
             "/dev/kfd to group video (older ROCm rules) while /dev/dri/renderD128 belongs to "
             "render; alice followed the old advice and is only in video.",
        added=["Everything rx7900xtx-healthy adds; /dev/kfd group video; alice in "
               "alice, sudo, video."],
        conclusion="Fail: /dev/kfd opens, but renderD128 (0660 root:render) does not, so ROCr "
                   "silently drops the GPU. Root cause driver.render_node.permission_denied. "
                   "Exit 1."),
    dict(
        name="hip-platform-invalid",
        description="HIP_PLATFORM=clang",
        env={"HIP_PLATFORM": "clang"},
        expect=["exit 0", "root_cause runtime.env.hip_platform_invalid",
                "check runtime.hip_platform warn",
                "finding runtime.env.hip_platform_invalid warn"],
        what="rx7900xtx-healthy where a build script exports "
             "HIP_PLATFORM=clang, confusing it with HIP_COMPILER=clang — hipcc stops with "
             "\"error: unknown HIP_PLATFORM = 'clang'\" (ROCm/legacy-rocm-build#1399, "
             "https://github.com/ROCm/legacy-rocm-build/issues/1399).",
        added=[ROCM_COMMON + "; machine.json env HIP_PLATFORM=clang."],  # noqa: F405
        conclusion="Warn: runtime.hip_platform reports runtime.env.hip_platform_invalid "
                   "(neither amd nor nvidia), the fix `export HIP_PLATFORM=amd`. Exit 0."),
    dict(
        name="env-debug-settings",
        description="HSA_ENABLE_SDMA=0 and AMD_SERIALIZE_KERNEL=3 set",
        env={"HSA_ENABLE_SDMA": "0", "AMD_SERIALIZE_KERNEL": "3"},
        expect=["exit 0", "check runtime.env_info pass", "finding runtime.env.setting info"],
        what="rx7900xtx-healthy whose /etc/environment still carries two "
             "workarounds from a debugging session: HSA_ENABLE_SDMA=0 (copies by blit kernels "
             "instead of the SDMA engines, the common advice for SDMA hangs on RDNA3) and "
             "AMD_SERIALIZE_KERNEL=3 (wait for every kernel before and after launch).",
        added=[ROCM_COMMON + "; the two variables in machine.json env."],  # noqa: F405
        conclusion="Pass with two informational runtime.env.setting findings naming each "
                   "variable and what it changes (it slows the GPU down; unset it when not "
                   "debugging). Exit 0."),
]


def build(rec, out, cap):
    """Writes the machine of one record: the RX 7900 XTX consumer host with a normal boot log and
    the default ROCm 6.2.0 install, changed as the record says."""
    m = Machine(out, rec["name"], rec["description"])  # noqa: F405
    g = rx7900xtx(cap, **rec.get("gpu", {}))  # noqa: F405
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560),  # noqa: F405
                  **rec.get("host", {}))
    m.meta["env"].update(rec.get("env", {}))
    if "hip_probe" in rec:
        hip_probe(m, **rec["hip_probe"])  # noqa: F405
    m.finish(rec["expect"], readme(  # noqa: F405
        rec["name"], rec["what"], rec.get("sources", AS_HEALTHY),
        COMMON_ADDED + rec["added"], rec["conclusion"], rec["expect"]))  # noqa: F405


def builder(rec):
    def build_one(out, cap):
        build(rec, out, cap)
    build_one.__name__ = "build_" + rec["name"].replace("-", "_")
    return build_one


BUILDERS = {rec["name"]: builder(rec) for rec in RECORDS}
