// SPDX-License-Identifier: MIT
#pragma once
// The per-device smoke test: allocate, launch, time, copy back, verify.
#include "hip/probe_report.h"

namespace rocm_doctor::hip_helper {

// Runs on the current device (gpuSetDevice first). Reports the first failing call with the
// runtime's name and message for its error; frees what it allocated on every path.
SmokeResult RunSmokeTest();

}  // namespace rocm_doctor::hip_helper
