# SPDX-License-Identifier: MIT
"""The captured GPUs (Gpu records built from tests/data/captures) and the consumer host they sit in."""
from .hosts import *  # noqa: F401,F403


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
