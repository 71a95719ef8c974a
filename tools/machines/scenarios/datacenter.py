# SPDX-License-Identifier: MIT
"""Data-centre machines (issue 18): 8 x MI300X in CPX mode, from the real KFD topology of
ROCm/k8s-device-plugin testdata/topo-mi300-cpx. The records mi300x-cpx-* derive the healthy node
and its faults from this one."""
import struct

from .bench import *  # noqa: F401,F403

SRC_MI300_CPX_TOPO = ("k8s-device-plugin `testdata/topo-mi300-cpx/topology/` — "
                      "https://github.com/ROCm/k8s-device-plugin @ "
                      "ed7646843003e8f0b6a0630346f01bb4d1ecff2e, licence Apache-2.0")
CPX_TOPO = "k8s-device-plugin/testdata/topo-mi300-cpx/topology"
# The hive_id every GPU node of the capture carries; the sysfs xgmi_hive_id is the same number
# (kfd_topology.c: node_props.hive_id = kfd->hive_id = adev->gmc.xgmi.hive_id).
CPX_HIVE_ID = 15188982192727901047


def cpx_gpus(cap):
    """[(bdf, [(node index, render minor)])] of the capture, one entry per physical GPU (the
    partitions of one GPU share location_id's bus/device, partition id in the function bits)."""
    nodes_dir = os.path.join(cap, CPX_TOPO, "nodes")
    gpus = {}
    for n in sorted(os.listdir(nodes_dir), key=int):
        with open(os.path.join(nodes_dir, n, "properties")) as f:
            p = dict(line.split() for line in f if line.strip())
        if p["simd_count"] == "0":
            continue
        loc = int(p["location_id"])
        bdf = f"{int(p['domain']):04x}:{loc >> 8:02x}:{(loc >> 3) & 0x1f:02x}.0"
        gpus.setdefault(bdf, []).append((int(n), int(p["drm_render_minor"])))
    return sorted(gpus.items())


def gpu_metrics_v16(throttle=0, socket_thm=0, hbm_thm=0, counter=0, activity=0):
    """A gpu_metrics v1.6 table (struct gpu_metrics_v1_6, kgd_pp_interface.h: 384 bytes) as
    smu_cmn_init_soft_gpu_metrics leaves it (0xFF) with the fields the doctor reads written:
    average_gfx_activity @12, accumulation_counter @104, prochot/ppt/socket_thm/vr_thm/hbm_thm
    residencies @108..124, throttle_status @128 (offsets by offsetof over the kernel struct)."""
    t = bytearray(b"\xff" * 384)
    struct.pack_into("<HBB", t, 0, 384, 1, 6)
    struct.pack_into("<H", t, 12, activity)
    struct.pack_into("<6I", t, 104, counter, 0, 0, socket_thm, 0, hbm_thm)
    struct.pack_into("<I", t, 128, throttle)
    return bytes(t)


def cpx_gpu_dir(bdf):
    """The /sys/devices dir of one of the capture's GPUs (root port <bus & 0xe0>:01.1)."""
    bus = int(bdf[5:7], 16)
    return f"/sys/devices/pci0000:{bus & 0xe0:02x}/0000:{bus & 0xe0:02x}:01.1/{bdf}"


def m_mi300x_cpx(out, cap):
    m = Machine(out, "mi300x-cpx", "8x MI300X in CPX mode, the real KFD topology: 63 partitions")  # noqa: F405
    rel = "5.15.0-116-generic"
    pv = (f"Linux version {rel} (buildd@lcy02-amd64-015) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) "
          "11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #126-Ubuntu SMP Mon Jul 1 10:14:24 UTC "
          "2024")
    mem_kb = 2 * 1081864880128 // 1024
    host_base(m, os_id="ubuntu2204", release=rel, proc_version=pv,  # noqa: F405
              cmdline=f"BOOT_IMAGE=/boot/vmlinuz-{rel} root=/dev/nvme0n1p2 ro iommu=pt",
              mem_kb=mem_kb, cpu_model="AMD EPYC 9554 64-Core Processor",
              modules=[AMDGPU_DKMS_MODULE_LINE])  # noqa: F405
    lib_modules(m, rel, amdgpu_path="updates/dkms/amdgpu.ko")  # noqa: F405
    dkms(m, "6.10.5-2084815.22.04", [rel])  # noqa: F405
    amdgpu_module(m, "6.10.5")  # noqa: F405
    errors = {}
    xcp = 0
    for i, (bdf, nodes) in enumerate(cpx_gpus(cap)):
        bus = int(bdf[5:7], 16)
        root = f"0000:{bus & 0xe0:02x}:01.1"
        rootbus = f"pci0000:{bus & 0xe0:02x}"
        bridge(m, root, rootbus, speed="32.0 GT/s PCIe")  # noqa: F405
        files = {"vendor": "0x1002", "device": "0x74a1", "subsystem_vendor": "0x1002",
                 "subsystem_device": "0x74a1", "revision": "0x00", "class": "0x120000",
                 "numa_node": "0" if bus < 0x80 else "1", "current_link_speed": "32.0 GT/s PCIe",
                 "current_link_width": "16", "max_link_speed": "32.0 GT/s PCIe",
                 "max_link_width": "16", "mem_info_vram_total": "206141652992",
                 "mem_info_vis_vram_total": "206141652992",
                 "current_compute_partition": "CPX",
                 "available_compute_partition": "SPX, DPX, QPX, CPX",
                 "current_memory_partition": "NPS1", "available_memory_partition": "NPS1, NPS4",
                 "xgmi_device_id": str(0x0100000000000000 + i), "xgmi_physical_id": str(i),
                 "xgmi_error": "", "gpu_metrics": gpu_metrics_v16(counter=48000000)}
        for blk in ("umc", "sdma", "gfx", "mmhub", "pcie_bif", "hdp", "xgmi_wafl"):
            files[f"ras/{blk}_err_count"] = "ue: 0\nce: 0\n"
        devdir = pci_dev(m, bdf, rootbus=rootbus, parents=(root,), files=files,  # noqa: F405
                         driver="amdgpu")
        # The hive kobject lives under the first GPU; the others link to it (amdgpu_xgmi.c).
        if i == 0:
            hive_dir = devdir + "/xgmi_hive_info"
            m.write(hive_dir + "/xgmi_hive_id", f"{CPX_HIVE_ID}\n")
        else:
            m.link(devdir + "/xgmi_hive_info", hive_dir)
        m.link(f"{hive_dir}/node{i + 1}", devdir)
        # MI300 (DF 4.x) answers EINVAL to xgmi_error (ROCm/rocm-systems#11468).
        errors[f"/sys/bus/pci/devices/{bdf}/xgmi_error"] = {"status": "error",
                                                           "error": "Invalid argument"}
        drm_nodes(m, devdir, card=i + 1, render=nodes[0][1])  # noqa: F405
        for _, minor in nodes[1:]:
            xdir = f"/sys/devices/platform/amdgpu_xcp.{xcp}"
            xcp += 1
            d = f"{xdir}/drm/renderD{minor}"
            m.write(d + "/dev", f"226:{minor}\n")
            m.write(d + "/uevent", f"MAJOR=226\nMINOR={minor}\nDEVNAME=dri/renderD{minor}\n"
                    "DEVTYPE=drm_minor\n")
            m.device_link(d + "/device", xdir)
            m.link(f"/sys/class/drm/renderD{minor}", d)
            m.node(f"/dev/dri/renderD{minor}", 226, minor, "0660", "root", "render")
    m.meta["errors"] = {"read": errors}
    m.link("/sys/class/kfd/kfd", KFD_DIR)  # noqa: F405
    m.write(KFD_DIR + "/dev", "511:0\n")  # noqa: F405
    m.write(KFD_DIR + "/uevent", "MAJOR=511\nMINOR=0\nDEVNAME=kfd\n")  # noqa: F405
    m.copy_tree(os.path.join(cap, CPX_TOPO), KFD_DIR + "/topology")  # noqa: F405
    m.node("/dev/kfd", 511, 0, "0660", "root", "render")
    log(m, ["[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu version: 6.10.5"] +  # noqa: F405
        ["kfd kfd: amdgpu: added device 1002:74a1" for _ in range(63)])
    expect = ["exit 1", "root_cause hardware.partition.logical_count_mismatch",
              "check hardware.partition fail",
              "finding hardware.partition.logical_count_mismatch fail",
              "check hardware.xgmi_links pass", "check hardware.xgmi_errors pass",
              "check hardware.throttle pass"]
    m.finish(expect, readme(  # noqa: F405
        "mi300x-cpx", "8 × AMD Instinct MI300X (1002:74a1, gfx942) in CPX compute partitioning "
        "and NPS1, one XGMI hive, as the real KFD topology of ROCm/k8s-device-plugin's "
        "`topo-mi300-cpx` shows it: 2 CPU nodes and 63 GPU nodes, 8 for each of the first seven "
        "GPUs and 7 for the last (0000:e5:00.0, partitions e500..e506; e507 is absent). The "
        "plugin's own test says so (\"the capture has only 7 KFD nodes for the last ASIC\"). "
        "Every node of the hive has an XGMI io_link (type 11) to each of the other 62 "
        "(weight 13 to its sibling partitions, 41 to the other GPUs').",
        [SRC_MI300_CPX_TOPO + ": the whole topology (generation_id 80, system_properties, every "
         "node's properties and io_links) verbatim under /sys/devices/virtual/kfd/kfd/topology."],
        COMMON_ADDED + [  # noqa: F405
            "PCI: one function per physical GPU at the BDF of its partitions' location_id with the "
            "partition bits clear (0000:05:00.0, 27, 47, 65, 85, a7, c7, e5), class 0x120000, "
            "behind a root port <bus & 0xe0>:01.1, PCIe 5.0 x16, 192 GiB, RAS counters zero.",
            "The partition attributes of amdgpu_gfx.c/amdgpu_gmc.c: current_compute_partition "
            "CPX, available_compute_partition \"SPX, DPX, QPX, CPX\" (the kernel's list for 8 "
            "XCDs), current_memory_partition NPS1, available_memory_partition \"NPS1, NPS4\".",
            "The XGMI attributes of amdgpu_xgmi.c: xgmi_device_id, xgmi_physical_id 0..7, the "
            "hive kobject xgmi_hive_info/xgmi_hive_id under the first GPU (the capture's KFD "
            "hive_id 15188982192727901047) with node1..node8 links, an xgmi_hive_info link on "
            "the others, and xgmi_error answering EINVAL (machine.json \"errors\"), as it does on "
            "MI300 (ROCm/rocm-systems#11468: \"cat: /sys/class/drm/card1/device/xgmi_error: "
            "Invalid argument\").",
            "gpu_metrics: a v1.6 table (384 bytes, kgd_pp_interface.h) per GPU, 0xFF where the "
            "doctor does not read, throttle_status 0, activity 0 %, accumulation_counter "
            "48000000 and every residency 0: invented quiet values (no MI300X table was "
            "captured).",
            "Render nodes: the first partition's on the PCI device, the others on amdgpu_xcp.N "
            "platform devices, at the capture's drm_render_minor (128..190).",
            "amdgpu-dkms 6.10.5, /dev/kfd 511:0, iommu=pt, ~2 TiB RAM, Ubuntu 22.04.",
        ],
        "Fail: hardware.partition.logical_count_mismatch on 0000:e5:00.0 (CPX makes 8 logical "
        "GPUs of an MI300X: 304 CUs in the GPU table / 38 per partition; the topology shows 7). "
        "The XGMI links of the 63 nodes are complete, XGMI errors are read from the WAFL RAS "
        "counters since xgmi_error is EINVAL, and nothing throttles. Exit 1.", expect))


# --------------------------------------------------------------------------------------------
# The records' edits (tools/machines/records/mi300x_cpx_*.py)

KFD_TOPO_REL = "sys/devices/virtual/kfd/kfd/topology"


def _props(path):
    with open(path) as f:
        return [line.split() for line in f if line.strip()]


def _text(pairs):
    return "".join(f"{k} {v}\n" for k, v in pairs)


def _set(pairs, key, value):
    return [[k, str(value) if k == key else v] for k, v in pairs]


def _links(node_dir):
    d = os.path.join(node_dir, "io_links")
    return {int(i): _props(os.path.join(d, i, "properties")) for i in os.listdir(d)}


def cpx_missing_partition_files(repo):
    """FILES that complete the capture with the partition it lacks: node 65 = partition 7 of
    0000:e5:00.0 (location_id 0xe507, render minor 191), linked as its sibling node 64 is (its
    io_links copied with node_from 65, plus 65->64 like 64->63), and a link to node 65 on every
    node that links to node 64 (a copy of that link with node_to 65); io_links_count follows."""
    nodes = os.path.join(repo, "tests/data/captures", CPX_TOPO, "nodes")
    files = {}
    n64 = _props(os.path.join(nodes, "64", "properties"))
    l64 = _links(os.path.join(nodes, "64"))
    new = {}
    for i in sorted(l64):
        new[len(new)] = _set(l64[i], "node_from", 65)
    to63 = next(p for p in l64.values() if dict(p)["node_to"] == "63")
    new[len(new)] = _set(_set(to63, "node_from", 65), "node_to", 64)
    p65 = _set(_set(_set(n64, "location_id", 0xe507), "drm_render_minor", 191),
               "io_links_count", len(new))
    files[f"{KFD_TOPO_REL}/nodes/65/properties"] = _text(p65)
    for i, p in new.items():
        files[f"{KFD_TOPO_REL}/nodes/65/io_links/{i}/properties"] = _text(p)
    for n in sorted(os.listdir(nodes), key=int):
        if n == "64":
            link = _set(_set(to63, "node_to", 65), "node_from", 64)
        else:
            links = _links(os.path.join(nodes, n))
            to64 = [p for p in links.values() if dict(p)["node_to"] == "64"]
            if not to64:
                continue
            link = _set(to64[0], "node_to", 65)
        count = len(os.listdir(os.path.join(nodes, n, "io_links")))
        files[f"{KFD_TOPO_REL}/nodes/{n}/io_links/{count}/properties"] = _text(link)
        props = _props(os.path.join(nodes, n, "properties"))
        files[f"{KFD_TOPO_REL}/nodes/{n}/properties"] = _text(
            _set(props, "io_links_count", count + 1))
    xdir = "sys/devices/platform/amdgpu_xcp.55"
    files[f"{xdir}/drm/renderD191/dev"] = "226:191\n"
    files[f"{xdir}/drm/renderD191/uevent"] = ("MAJOR=226\nMINOR=191\nDEVNAME=dri/renderD191\n"
                                              "DEVTYPE=drm_minor\n")
    files["dev/dri/renderD191"] = ""
    return files


CPX_MISSING_PARTITION_LINKS = {
    "sys/devices/platform/amdgpu_xcp.55/drm/renderD191/device": "../../../amdgpu_xcp.55",
    "sys/class/drm/renderD191": "../../devices/platform/amdgpu_xcp.55/drm/renderD191",
}
CPX_MISSING_PARTITION_MACHINE = {"description": "8x MI300X in CPX mode: 64 partitions",
                                 "nodes": {"/dev/dri/renderD191": {
                                     "type": "char", "major": 226, "minor": 191, "mode": "0660",
                                     "owner": "root", "group": "render"}}}


def cpx_drop_link_files(repo, a, b):
    """FILES and REMOVE that take the XGMI link between KFD nodes a and b (both directions) out
    of the healthy CPX node: the io_links/<i> directory removed, io_links_count one less (the
    healthy machine's count is the capture's + 1, the link to node 65)."""
    nodes = os.path.join(repo, "tests/data/captures", CPX_TOPO, "nodes")
    files, remove = {}, []
    for x, y in ((a, b), (b, a)):
        links = _links(os.path.join(nodes, str(x)))
        idx = next(i for i, p in links.items() if dict(p)["node_to"] == str(y))
        remove.append(f"{KFD_TOPO_REL}/nodes/{x}/io_links/{idx}")
        props = _props(os.path.join(nodes, str(x), "properties"))
        files[f"{KFD_TOPO_REL}/nodes/{x}/properties"] = _text(
            _set(props, "io_links_count", len(links)))
    return files, remove


# --------------------------------------------------------------------------------------------
# Records over mi300x-healthy (8 x MI308X, the real 32-node topology of topology-parsing-mi308)

MI308_BDFS = ["0000:0a:00.0", "0000:80:00.0", "0000:a4:00.0", "0000:c8:00.0", "0001:0b:00.0",
              "0001:81:00.0", "0001:a5:00.0", "0001:c9:00.0"]
MI308_HIVE_ID = 2095653680343411291  # the capture's KFD hive_id


def mi308_dir(bdf):
    """The device dir of one of mi300x-healthy's GPUs, relative to the machine root (as
    platform.py m_mi300x lays them: root port <bus & 0xe0>:01.1, or on the root bus itself)."""
    domain, bus = bdf[:4], int(bdf[5:7], 16)
    rootbus = f"pci{domain}:{bus & 0xe0:02x}"
    if bus & 0xe0 == bus:
        return f"sys/devices/{rootbus}/{bdf}"
    return f"sys/devices/{rootbus}/{domain}:{bus & 0xe0:02x}:01.1/{bdf}"


def mi308_hive_edits():
    """FILES, LINKS and MACHINE that give mi300x-healthy's GPUs what an MI300-series hive shows in
    sysfs besides the KFD topology and the partition mode: the available memory partitions, the
    XGMI attributes of amdgpu_xgmi.c (the hive kobject under the first GPU, links on the
    others) and xgmi_error answering EINVAL (ROCm/rocm-systems#11468)."""
    files, links, errors = {}, {}, {}
    hive = mi308_dir(MI308_BDFS[0]) + "/xgmi_hive_info"
    files[hive + "/xgmi_hive_id"] = f"{MI308_HIVE_ID}\n"
    for i, bdf in enumerate(MI308_BDFS):
        d = mi308_dir(bdf)
        files[d + "/available_memory_partition"] = "NPS1, NPS4\n"
        files[d + "/xgmi_device_id"] = f"{0x0200000000000000 + i}\n"
        files[d + "/xgmi_physical_id"] = f"{i}\n"
        files[d + "/xgmi_error"] = ""
        if i:
            links[d + "/xgmi_hive_info"] = os.path.relpath("/" + hive, "/" + d)
        links[f"{hive}/node{i + 1}"] = os.path.relpath("/" + d, "/" + hive)
        errors[f"/sys/bus/pci/devices/{bdf}/xgmi_error"] = {"status": "error",
                                                           "error": "Invalid argument"}
    return files, links, {"errors": {"read": errors}}


MI308_HIVE_ADDED = (
    "Added to mi300x-healthy (CPX: 4 KFD nodes of one XCC per GPU) by `mi308_hive_edits` "
    "(tools/machines/scenarios/datacenter.py): available_memory_partition \"NPS1, NPS4\"; the "
    "XGMI attributes of "
    "amdgpu_xgmi.c (xgmi_device_id, xgmi_physical_id 0..7, xgmi_hive_info/xgmi_hive_id "
    f"{MI308_HIVE_ID} = the capture's KFD hive_id, under the first GPU with node1..node8 links "
    "and a link on the others) and xgmi_error answering EINVAL (machine.json \"errors\"), as on "
    "every MI300 (ROCm/rocm-systems#11468: \"cat: /sys/class/drm/card1/device/xgmi_error: "
    "Invalid argument\").")


def merged(*dicts):
    out = {}
    for d in dicts:
        out.update(d)
    return out
