// SPDX-License-Identifier: MIT
#pragma once
// ProbeReport -> the one-line JSON object `rocm-doctor-hip --probe` prints (docs/hip-helper.md).
#include <string>
#include <string_view>

#include "hip/probe_report.h"

namespace rocm_doctor::hip_helper {

inline constexpr std::string_view kHelperName = "rocm-doctor-hip";

std::string ProbeReportJson(const ProbeReport& report);

}  // namespace rocm_doctor::hip_helper
