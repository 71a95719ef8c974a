// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

// The `error` of a PCI fact the kernel does not provide - the attribute does not exist (amdgpu not
// bound, an APU without the file) or holds no value ("Unknown" link speed, width 0 of an SR-IOV
// VF) - starts with this. Any other error means the value exists but could not be read or parsed.
inline constexpr std::string_view kNotReported = "not reported by the kernel";
inline bool NotReported(const std::string& error) {
  return error.compare(0, kNotReported.size(), kNotReported) == 0;
}

// RAS error counters of one block (device/ras/<block>_err_count: "ue: N\nce: N\n").
struct RasCounter {
  std::string block;  // "umc", "gfx", ...
  Fact<std::uint64_t> uncorrectable;
  Fact<std::uint64_t> correctable;
  Fact<std::uint64_t> deferred;  // "de: N" (UMC on newer kernels); kNotReported when absent
  std::string source;
};

// PCIe Advanced Error Reporting counters of one function, one file per class
// (Documentation/ABI/testing/sysfs-bus-pci-devices-aer_stats, drivers/pci/pcie/aer.c):
// aer_dev_correctable, aer_dev_nonfatal, aer_dev_fatal, each "<name> <count>" lines and a
// TOTAL_ERR_COR / TOTAL_ERR_NONFATAL / TOTAL_ERR_FATAL line. The counts start at 0 at boot.
// Correctable "Rollover" (REPLAY_NUM rollover) and "Timeout" (replay timer) are the link's
// replays. Unknown with kNotReported when the file does not exist (no AER capability, or the
// platform handles AER in firmware).
struct AerCounts {
  Fact<std::uint64_t> total;                      // the TOTAL_ERR_* line
  std::vector<std::pair<std::string, std::uint64_t>> by_name;  // non-zero counts, file order
  std::uint64_t Count(std::string_view name) const {
    for (const auto& [n, v] : by_name) {
      if (n == name) return v;
    }
    return 0;
  }
};
struct AerCounters {
  AerCounts correctable;
  AerCounts nonfatal;
  AerCounts fatal;
};

// One PCI function, from /sys/bus/pci/devices/<BDF>/ (sysfs-bus-pci ABI).
struct PciDevice {
  std::string bdf;          // "0000:03:00.0" (the directory name)
  std::string sysfs_path;   // "/sys/bus/pci/devices/0000:03:00.0"
  Fact<std::uint16_t> vendor_id;
  Fact<std::uint16_t> device_id;
  Fact<std::uint16_t> subsystem_vendor_id;
  Fact<std::uint16_t> subsystem_device_id;
  Fact<std::uint8_t> revision;
  Fact<std::uint32_t> class_code;  // 24-bit: 0x030000 VGA, 0x038000 display, 0x1200xx accel
  Fact<int> numa_node;             // -1 = no NUMA information
  Fact<std::string> driver;        // basename of the `driver` link; known-empty = no driver bound
  Fact<double> current_link_speed_gts;  // "16.0 GT/s PCIe" -> 16.0
  Fact<int> current_link_width;
  Fact<double> max_link_speed_gts;
  Fact<int> max_link_width;
  // amdgpu attributes (only when amdgpu is bound)
  Fact<std::uint64_t> vram_total_bytes;      // mem_info_vram_total
  Fact<std::uint64_t> vis_vram_total_bytes;  // mem_info_vis_vram_total
  // mem_info_gtt_total: the GTT domain (system RAM the GPU maps; ttm.pages_limit bounds it).
  // On an APU, kernels >= 6.10 place KFD "VRAM" allocations there (drm/amdkfd 89773b85599a).
  Fact<std::uint64_t> gtt_total_bytes;
  // Runtime power management (Documentation/ABI/testing/sysfs-devices-power), read for AMD
  // GPUs: power/control "auto" lets the kernel suspend the idle device (amdgpu: BACO/BOCO, the
  // amdgpu.runpm parameter), "on" keeps it up; power/runtime_status "active", "suspended",
  // "suspending", "resuming", "unsupported" or "error": a runtime resume or suspend that failed
  // (rpm_callback() stores the error in dev->power.runtime_error) leaves the device in "error"
  // and the PM core refuses further runtime PM until power/control is written again.
  Fact<std::string> runtime_status;
  Fact<std::string> power_control;
  std::vector<RasCounter> ras;               // empty when device/ras/ does not exist
  std::string ras_error;                     // device/ras/ exists but could not be listed
  AerCounters aer;                           // read for AMD GPUs (pci_aer.cpp)
  std::vector<std::string> drm_cards;        // "card0" (from device/drm/)
  std::vector<std::string> render_nodes;     // "renderD128"

  bool IsAmd() const { return vendor_id.known() && *vendor_id == 0x1002; }
  // Display (0x03xxxx) or processing accelerator (0x12xxxx) class.
  bool IsGpuClass() const {
    return class_code.known() && ((*class_code >> 16) == 0x03 || (*class_code >> 16) == 0x12);
  }
  bool IsAmdGpu() const { return IsAmd() && IsGpuClass(); }
};

struct PciInventory {
  std::vector<PciDevice> devices;  // every function on the bus, sorted by BDF
  std::string source;              // the directory listed
  std::string error;               // non-empty when the bus could not be listed at all
  bool truncated = false;          // more functions than the collector reads (hostile tree)

  std::vector<const PciDevice*> AmdGpus() const;  // IsAmdGpu(), in BDF order
};

}  // namespace rocm_doctor
