// SPDX-License-Identifier: MIT
#pragma once
// runtime.hip_devices when HIP enumerates no GPU: what explains it, from the facts below HIP
// (issue 16, rules 8 and 9). A GPU that failed after initialisation (a failed runtime resume,
// a failed reset) is named with the kernel's lines; when no fact explains it, the finding says
// so (runtime.hip.no_devices_unexplained), lists what was checked and what to capture next,
// instead of presenting the symptom as the cause.
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/hip_probe.h"

namespace rocm_doctor::hip_text {

Finding NoDevices(const CheckContext& ctx, const HipProbeFacts& probe);

}  // namespace rocm_doctor::hip_text
