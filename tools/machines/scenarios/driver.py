# SPDX-License-Identifier: MIT
"""Hardware and driver layer machines on consumer GPUs."""
from ..gpus import *  # noqa: F401,F403


# --------------------------------------------------------------------------------------------
# The machines

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
