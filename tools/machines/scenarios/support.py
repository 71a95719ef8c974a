# SPDX-License-Identifier: MIT
"""Storage, tool inventory, gfx906 and the support matrix machines."""
from .libraries import *  # noqa: F401,F403


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
