# SPDX-License-Identifier: MIT
"""Host pieces: /etc, /proc, modules, the PCI directory layout, DRM nodes, the KFD topology."""
from .core import *  # noqa: F401,F403


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
