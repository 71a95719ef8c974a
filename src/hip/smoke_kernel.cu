// SPDX-License-Identifier: MIT
// The one kernel source: compiled as HIP by clang/hipcc and as CUDA by nvcc (LANGUAGE set in
// src/hip/CMakeLists.txt).
#include "hip/smoke_kernel.h"
#include "hip/smoke_pattern.h"

namespace rocm_doctor::hip_helper {
namespace {

__global__ void SmokeKernel(std::uint32_t* out, std::uint32_t count) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) out[i] = SmokeValue(i);
}

}  // namespace

gpuError_t LaunchSmokeKernel(std::uint32_t* out, std::uint32_t count, gpuStream_t stream) {
  const std::uint32_t blocks = (count + kSmokeBlockSize - 1) / kSmokeBlockSize;
  SmokeKernel<<<blocks, kSmokeBlockSize, 0, stream>>>(out, count);
  return gpuGetLastError();
}

}  // namespace rocm_doctor::hip_helper
