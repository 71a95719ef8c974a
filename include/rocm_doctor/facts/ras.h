// SPDX-License-Identifier: MIT
#pragma once
// RAS facts beyond the per-block error counters (those are PciDevice::ras, facts/pci.h): the VRAM
// pages amdgpu retired and their state, the retirement threshold, and when the system booted.
// Sources (docs/research/amdgpu-ras.md, with the kernel text and its URLs):
//   - device/ras/gpu_vram_bad_pages (amdgpu_ras.c, "RAS VRAM Bad Pages sysfs Interface"): one
//     line per page, "gpu pfn : gpu page size : flags", pfn and size in hex, flags R (reserved:
//     retired, no longer used), P (pending: marked bad, reserved in the next page_reserve
//     window), F (the driver could not reserve it). The list is amdgpu's EEPROM table: it
//     survives reboots, unlike the <block>_err_count counters, which count from driver load.
//   - /sys/module/amdgpu/parameters/bad_page_threshold (amdgpu_drv.c): -1/-2 the driver's
//     formula, 0 retirement disabled, N > 0 that many pages (capped at the EEPROM's record
//     count). Upstream's formula (amdgpu_ras_validate_threshold): one page per 100 MiB of VRAM
//     (RAS_BAD_PAGE_COVER), capped at the EEPROM's record count, which sysfs does not show.
//   - /proc/uptime: the boot time the counters count from.
// CPER error records (their time included) are exposed by newer kernels only in debugfs
// (amdgpu_ring_cper, root-only and binary): not read; RasFacts::cper says so.
#include <cstdint>
#include <string>
#include <vector>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/fact_store.h"

namespace rocm_doctor {

struct RetiredPage {
  std::uint64_t pfn = 0;         // the GPU page frame number
  std::uint64_t size_bytes = 0;  // the GPU page size
  char state = 'R';              // 'R' reserved, 'P' pending, 'F' could not be reserved
};

// One GPU with a device/ras/ directory.
struct GpuRasPages {
  std::string bdf;
  // The retired pages; unknown with why when the file could not be read or parsed, not present
  // (error kNotReported) when the driver exposes no list (retirement not supported).
  Fact<std::vector<RetiredPage>> pages;
  std::vector<std::string> malformed_lines;  // lines that are not "pfn : size : flag" (first few)
  Fact<std::uint64_t> vram_total_bytes;      // mem_info_vram_total, for the threshold formula
  std::size_t Count(char state) const;
};

struct RasFacts {
  std::vector<GpuRasPages> gpus;  // in BDF order
  Fact<std::int64_t> bad_page_threshold_param;
  Fact<double> uptime_seconds;  // /proc/uptime, first field
  std::string cper;             // why no CPER record was read (see above)
};

// The effective threshold for `gpu` (pages), or nullopt with `why` (retirement disabled, the
// parameter unknown, the VRAM size unknown).
std::optional<std::uint64_t> RetirementThreshold(const RasFacts& facts, const GpuRasPages& gpu,
                                                 std::string& why);

template <>
RasFacts CollectFacts<RasFacts>(const SystemView& view);

}  // namespace rocm_doctor
