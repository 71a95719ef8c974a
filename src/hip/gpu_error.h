// SPDX-License-Identifier: MIT
#pragma once
// A failed runtime call as report data, with the runtime's own name and text for the code.
#include <string>

#include "hip/gpu_runtime.h"
#include "hip/probe_report.h"

namespace rocm_doctor::hip_helper {

// `call` without its prefix: "GetDeviceCount" becomes "hipGetDeviceCount" / "cudaGetDeviceCount".
inline GpuError MakeGpuError(gpuError_t error, const char* call) {
  const char* name = gpuGetErrorName(error);
  const char* message = gpuGetErrorString(error);
  GpuError out;
  out.code = static_cast<std::int64_t>(error);
  out.name = name != nullptr ? name : "";
  out.message = message != nullptr ? message : "";
  out.call = std::string(kGpuApiPrefix) + call;
  return out;
}

}  // namespace rocm_doctor::hip_helper
