// SPDX-License-Identifier: MIT
#pragma once
// The AMD GPU functions on the PCI bus (vendor 0x1002, class display 0x03xxxx or processing
// accelerator 0x12xxxx), for the collectors that read a few amdgpu attributes per GPU (XGMI,
// partition modes, gpu_metrics) without the whole PCI inventory.
#include <string>
#include <vector>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

struct AmdGpuFunctions {
  std::vector<std::string> bdfs;  // sorted
  std::string error;              // /sys/bus/pci/devices could not be listed
};

// At most kMaxGpuFunctions are returned (a hostile tree may list millions of functions).
inline constexpr std::size_t kMaxGpuFunctions = 256;
AmdGpuFunctions ListAmdGpuFunctions(const SystemView& view);

}  // namespace rocm_doctor
