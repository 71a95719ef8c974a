// SPDX-License-Identifier: MIT
#pragma once
// The smoke kernel's launcher; the kernel itself is in smoke_kernel.cu.
#include <cstdint>

#include "hip/gpu_runtime.h"

namespace rocm_doctor::hip_helper {

// Writes SmokeValue(i) to out[i] for i < count, asynchronously on `stream`. Returns the launch
// error (a missing code object for this GPU shows here as hipErrorNoBinaryForGpu or
// hipErrorInvalidDeviceFunction); faults during execution show at the next synchronisation.
gpuError_t LaunchSmokeKernel(std::uint32_t* out, std::uint32_t count, gpuStream_t stream);

}  // namespace rocm_doctor::hip_helper
