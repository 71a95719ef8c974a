# SPDX-License-Identifier: MIT
"""APU, VM, NVIDIA, MI210/MI300X datacenter and WSL2 machines."""
from .driver import *  # noqa: F401,F403


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
    # No GPU, so the HIP runtime finds no device.
    hip_probe(m, [], hip_error=HIP_NO_DEVICE, wall_seconds=0.09)
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


def mi210_gpu_props(node, bus, hive, io_links, n_cpu=2):
    """The KFD node properties of the MI210 (aldebaran) at PCI bus `bus`, KFD node `node`, as
    mi210_host writes them (records that edit its topology reuse them)."""
    return gpu_node_props(simd=416, simd_per_cu=4, wave=64, gfx=90010, device_id=0x740f,
                          location_id=bus << 8, render_minor=128 + node - n_cpu, hive_id=hive,
                          io_links=io_links, array_count=8, cu_per_array=13,
                          unique_id=0x3c4b1a0e2d9f0000 + node, xgmi_sdma=3, fw=78,
                          sdma_fw=8, clk=1700)


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
        kp = mi210_gpu_props(node, bus, hive, len(links), n_cpu)
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
    # The HIP probe saw all eight (added by the HIP probe helper's owner).
    hip_probe(m, [mi210_hip_device(i, 0x03 + 0x20 * i, kernel_ms=round(0.0512 + 0.0011 * i, 4))
                  for i in range(8)], wall_seconds=2.41)
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
    m = Machine(out, "mi300x-healthy", "8x MI308X (MI300 series) in CPX mode")
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
                 "current_compute_partition": "CPX", "available_compute_partition":
                 "SPX, DPX, CPX", "current_memory_partition": "NPS1"}
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
        "the export variant of MI300X; 20 CUs and one XCC per partition: simd_count 80, num_xcc "
        "1) in CPX compute partitioning (one partition per XCC; amdgpu_gfx.c lists \"SPX, DPX, "
        "CPX\" for 4 XCDs, QPX needs 8) "
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
