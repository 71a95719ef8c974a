// SPDX-License-Identifier: MIT
#pragma once
// Pure parser of amdgpu's gpu_metrics binary table (no I/O).
#include <string_view>

#include "rocm_doctor/facts/gpu_metrics.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::gpu_metrics {

// Parses the bytes read from <dev>/gpu_metrics. Only layouts this build knows are read: the
// header's structure_size must equal the bytes read and the size of its revision's struct; a
// revision not in the table (format 2/3 of APUs, a 1.x newer than 1.6) is an error, never a
// guess at offsets.
Result<GpuMetrics> Parse(std::string_view bytes);

}  // namespace rocm_doctor::gpu_metrics
