// SPDX-License-Identifier: MIT
#pragma once
// Kernel log lines of failures that happen after amdgpu brought the GPU up: a failed resume
// (system or runtime PM), an SMU that stopped answering, the MES scheduler timing out, a GPU
// reset that did not recover. Ring timeouts and "GPU reset begin!" are classified by
// kernel_log_parse.cpp (kRingTimeout). The texts are the driver's own (quoted per matcher).
#include <optional>
#include <string_view>

#include "rocm_doctor/facts/kernel_facts.h"

namespace rocm_doctor::parse {

std::optional<KernelLogEvent> ClassifyPostInitLine(std::string_view line);

}  // namespace rocm_doctor::parse
