// SPDX-License-Identifier: MIT
#pragma once
// The STREAM kernels (copy, scale, add, triad, two-stage dot) and their fill/check kernels, for
// the memory.* benchmarks and stress.mixed. Arrays are float, accessed as float4 (16 bytes);
// `elements` must be a multiple of kStreamElementQuantum.
#include <cstddef>

#include "hip/bench/bench_plan.h"
#include "hip/bench/gpu_bench_api.h"

namespace rocm_doctor::hip_helper {

enum class StreamOp { kCopy, kScale, kAdd, kTriad };

// copy: out = x; scale: out = s*x; add: out = x + y; triad: out = x + s*y (fused). One launch.
gpuError_t LaunchStreamOp(StreamOp op, const StreamConfig& config, const float* x, const float* y,
                          float* out, std::size_t elements, gpuStream_t stream);

// Stage one (per-block partial sums of x[i]*y[i], float products summed in double) into
// `partials` (blocks doubles), stage two (one block) into `*result`. Two launches.
gpuError_t LaunchStreamDot(const StreamConfig& config, int blocks, const float* x, const float* y,
                           double* partials, double* result, std::size_t elements,
                           gpuStream_t stream);

// The values of stream_values.h: a0, s*a0, a0 + s*a0, triad(a0).
enum class StreamFill { kA0, kScaled, kAdded, kTriad };

gpuError_t FillStreamArray(float* data, std::size_t elements, StreamFill fill, gpuStream_t stream);

// counters[0] += elements that differ (bit for bit) from `expected`; counters[1] = min bad index
// (start it at ~0).
gpuError_t CountStreamMismatches(const float* data, std::size_t elements, StreamFill expected,
                                 unsigned long long* counters, gpuStream_t stream);

}  // namespace rocm_doctor::hip_helper
