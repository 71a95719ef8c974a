// SPDX-License-Identifier: MIT
#pragma once
// Compute and memory partition modes of each AMD GPU (MI300 series), from the amdgpu sysfs
// attributes of drivers/gpu/drm/amd/amdgpu/amdgpu_gfx.c and amdgpu_gmc.c:
//   <dev>/current_compute_partition    "SPX" | "DPX" | "TPX" | "QPX" | "CPX"
//   <dev>/available_compute_partition  "SPX, DPX, QPX, CPX" (xcp_desc of avail_xcp_modes, ", "
//                                      separated) or "Not supported"
//   <dev>/current_memory_partition     "NPS1" | "NPS2" | "NPS4" | "NPS8"
//   <dev>/available_memory_partition   "NPS1, NPS4"
// A partitioned GPU stays one PCI function and shows one KFD node (one logical GPU) per compute
// partition: 8 x MI300X in CPX is 8 physical and 64 logical GPUs.
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

struct GpuPartition {
  std::string bdf;
  Fact<std::string> compute_current;               // "CPX"; not reported without the file
  Fact<std::vector<std::string>> compute_available;  // {"SPX", "DPX", "QPX", "CPX"}
  Fact<std::string> memory_current;                // "NPS1"
  Fact<std::vector<std::string>> memory_available;   // {"NPS1", "NPS4"}
};

struct PartitionFacts {
  std::vector<GpuPartition> devices;  // every AMD GPU function, in BDF order
  std::string error;                  // the PCI bus could not be listed
};

template <>
PartitionFacts CollectFacts<PartitionFacts>(const SystemView& view);

}  // namespace rocm_doctor
