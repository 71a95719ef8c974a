// SPDX-License-Identifier: MIT
#pragma once
// amdgpu's runtime power management parameter, /sys/module/amdgpu/parameters/runpm.
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::kernel_parts {

// The value as the kernel prints it: an int ("-1", "0", "1", "2"); anything else is unknown with
// the text quoted. Not reported (kNotReported-style "not found") when amdgpu is not loaded.
Fact<std::string> ParseRunpm(Fact<std::string> raw);
void CollectRunpm(const SystemView& view, KernelFacts& facts);

}  // namespace rocm_doctor::kernel_parts
