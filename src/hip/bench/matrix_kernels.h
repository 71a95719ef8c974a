// SPDX-License-Identifier: MIT
#pragma once
// Device kernels of matrix.*: the input pattern written on the device, and the full-output
// compare that counts elements differing bit for bit between two runs and NaN/Inf elements.
#include <cstdint>

#include "hip/bench/gpu_bench_api.h"
#include "hip/bench/matrix_types.h"

namespace rocm_doctor::hip_helper {

// Writes `count` inputs of `type` (matrix_types.h pattern, seed `seed`) to `out`.
gpuError_t LaunchMatrixFill(MatrixType type, Fp8Flavor flavor, std::uint64_t seed, void* out,
                            std::uint64_t count, gpuStream_t stream);

// counters[0] += elements where a and b differ bit for bit; counters[1] += NaN/Inf elements of
// `a` (never for int32). `counters` (2 x u64) must be zeroed first.
gpuError_t LaunchMatrixCompare(MatrixOut out, const void* a, const void* b, std::uint64_t count,
                               unsigned long long* counters, gpuStream_t stream);

}  // namespace rocm_doctor::hip_helper
