# SPDX-License-Identifier: MIT
"""Issue 18's RAS machines: mi300x-healthy's real MI308X hive (the k8s-device-plugin topology,
see its README) with the RAS files amdgpu writes, in the kernel's formats
(docs/research/amdgpu-ras.md):

- device/ras/gpu_vram_bad_pages (amdgpu_ras.c, "RAS VRAM Bad Pages sysfs Interface"): one line per
  retired page, "0x%08x : 0x%08x : %1s", gpu pfn, page size 0x1000, flag R/P/F; empty when none;
- /sys/module/amdgpu/parameters/bad_page_threshold (amdgpu_drv.c, int, 0444): -1, the default;
- /proc/uptime (proc(5)): seconds since boot and idle seconds.

The page frame numbers and counts are invented; the formats are the kernel's."""
from .datacenter import MI308_BDFS, mi308_dir

RAS_ADDED = (
    "Added by `ras_files` (tools/machines/scenarios/ras.py): on every GPU `ras/gpu_vram_bad_pages` "
    "(empty unless stated) in amdgpu_ras.c's format `0x%08x : 0x%08x : %1s`, "
    "`/sys/module/amdgpu/parameters/bad_page_threshold` = -1 (the driver's default: one page per "
    "100 MiB of VRAM, 1966 pages for the 192 GiB of these GPUs), and `/proc/uptime`. The base's "
    "RAS counters (`ue: 0`, `ce: 0` on every block) are kept unless stated.")


def bad_page_lines(count, state="R", first_pfn=0x1a2b0):
    """`count` lines of gpu_vram_bad_pages, consecutive pfns from `first_pfn`, 4 KiB pages."""
    return "".join(f"0x{first_pfn + i:08x} : 0x00001000 : {state}\n" for i in range(count))


def ras_files(pages=None, uptime="345600.12 2710000.55\n", threshold="-1\n"):
    """FILES for a record: {bdf: gpu_vram_bad_pages text} for the GPUs that have pages, empty for
    the others; the threshold parameter and /proc/uptime (4 days unless given)."""
    pages = pages or {}
    files = {mi308_dir(bdf) + "/ras/gpu_vram_bad_pages": pages.get(bdf, "")
             for bdf in MI308_BDFS}
    files["sys/module/amdgpu/parameters/bad_page_threshold"] = threshold
    files["proc/uptime"] = uptime
    return files


# drivers/pci/pcie/aer.c prints each aer_dev_* file as "%s %llu\n" for every error bit it names,
# then the TOTAL_ERR_* line (Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats); the
# names of a 6.x kernel, in its order.
AER_CORRECTABLE = ["RxErr", "BadTLP", "BadDLLP", "Rollover", "Timeout", "NonFatalErr",
                   "CorrIntErr", "HeaderOF"]
AER_UNCORRECTABLE = ["Undefined", "DLP", "SDES", "TLP", "FCP", "CmpltTO", "CmpltAbrt", "UnxCmplt",
                     "RxOF", "MalfTLP", "ECRC", "UnsupReq", "ACSViol", "UncorrIntErr",
                     "BlockedTLP", "AtomicOpBlocked", "TLPBlockedErr", "PoisonTLPBlocked"]
AER_ADDED = (
    "Added by `aer_files` (tools/machines/scenarios/ras.py): on every GPU `aer_dev_correctable`, "
    "`aer_dev_nonfatal` and `aer_dev_fatal` in the format drivers/pci/pcie/aer.c prints (one "
    "`<name> <count>` line per error bit of a 6.x kernel, then `TOTAL_ERR_COR` / "
    "`TOTAL_ERR_NONFATAL` / `TOTAL_ERR_FATAL`), all zero unless stated.")


def _aer_text(names, total_name, counts):
    lines = [f"{n} {counts.get(n, 0)}\n" for n in names]
    return "".join(lines) + f"{total_name} {sum(counts.values())}\n"


def aer_files(counts=None):
    """FILES: the three AER files of every GPU; counts = {bdf: {"correctable"|"nonfatal"|"fatal":
    {name: count}}}."""
    counts = counts or {}
    files = {}
    for bdf in MI308_BDFS:
        c = counts.get(bdf, {})
        d = mi308_dir(bdf)
        files[d + "/aer_dev_correctable"] = _aer_text(AER_CORRECTABLE, "TOTAL_ERR_COR",
                                                      c.get("correctable", {}))
        files[d + "/aer_dev_nonfatal"] = _aer_text(AER_UNCORRECTABLE, "TOTAL_ERR_NONFATAL",
                                                   c.get("nonfatal", {}))
        files[d + "/aer_dev_fatal"] = _aer_text(AER_UNCORRECTABLE, "TOTAL_ERR_FATAL",
                                                c.get("fatal", {}))
    return files
