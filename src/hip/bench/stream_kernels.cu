// SPDX-License-Identifier: MIT
// STREAM kernels (stream_kernels.h). One source for HIP and CUDA.
#include "hip/bench/stream_kernels.h"
#include "hip/bench/stream_values.h"
#include "hip/bench/vector_access.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr int kMaxThreads = 1024;

// Each thread loads kUnroll float4s of each input (blockDim apart, so a warp's accesses stay
// coalesced) before it computes and stores any: kUnroll * 16 bytes in flight per input. Launched
// with exactly elements / (4 * blockDim * kUnroll) blocks, so there is no bounds check or tail.
template <StreamOp kOp, int kUnroll, bool kLoadHint, bool kStoreHint>
__global__ void __launch_bounds__(kMaxThreads)
    StreamKernel(const float4* __restrict__ x, const float4* __restrict__ y,
                 float4* __restrict__ out, float scalar) {
  const std::size_t stride = blockDim.x;
  const std::size_t base = static_cast<std::size_t>(blockIdx.x) * stride * kUnroll + threadIdx.x;
  float4 a[kUnroll];
  float4 b[kUnroll];
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) a[u] = LoadFloat4<kLoadHint>(x + base + u * stride);
  if constexpr (kOp == StreamOp::kAdd || kOp == StreamOp::kTriad) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) b[u] = LoadFloat4<kLoadHint>(y + base + u * stride);
  }
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    float4 r = a[u];
    if constexpr (kOp == StreamOp::kScale) {
      r = make_float4(scalar * a[u].x, scalar * a[u].y, scalar * a[u].z, scalar * a[u].w);
    } else if constexpr (kOp == StreamOp::kAdd) {
      r = make_float4(a[u].x + b[u].x, a[u].y + b[u].y, a[u].z + b[u].z, a[u].w + b[u].w);
    } else if constexpr (kOp == StreamOp::kTriad) {
      r = make_float4(fmaf(scalar, b[u].x, a[u].x), fmaf(scalar, b[u].y, a[u].y),
                      fmaf(scalar, b[u].z, a[u].z), fmaf(scalar, b[u].w, a[u].w));
    }
    StoreFloat4<kStoreHint>(out + base + u * stride, r);
  }
}

// Block-wide sum of one double per thread (blockDim a power of two); thread 0 gets the total.
__device__ double BlockSum(double value) {
  __shared__ double shared[kMaxThreads];
  shared[threadIdx.x] = value;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) shared[threadIdx.x] += shared[threadIdx.x + half];
    __syncthreads();
  }
  return shared[0];
}

// Stage one: a persistent grid walks chunks of blockDim * kUnroll float4s.
template <int kUnroll, bool kStreaming>
__global__ void __launch_bounds__(kMaxThreads)
    DotStage1Kernel(const float4* __restrict__ x, const float4* __restrict__ y, std::size_t chunks,
                    double* __restrict__ partials) {
  const std::size_t stride = blockDim.x;
  double sum = 0.0;
  for (std::size_t chunk = blockIdx.x; chunk < chunks; chunk += gridDim.x) {
    const std::size_t base = chunk * stride * kUnroll + threadIdx.x;
    float4 a[kUnroll];
    float4 b[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) a[u] = LoadFloat4<kStreaming>(x + base + u * stride);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) b[u] = LoadFloat4<kStreaming>(y + base + u * stride);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const float four = a[u].x * b[u].x + a[u].y * b[u].y + a[u].z * b[u].z + a[u].w * b[u].w;
      sum += static_cast<double>(four);
    }
  }
  const double total = BlockSum(sum);
  if (threadIdx.x == 0) partials[blockIdx.x] = total;
}

// Stage two: one block adds the partials.
__global__ void __launch_bounds__(kMaxThreads)
    DotStage2Kernel(const double* __restrict__ partials, int count, double* __restrict__ result) {
  double sum = 0.0;
  for (int i = static_cast<int>(threadIdx.x); i < count; i += static_cast<int>(blockDim.x)) {
    sum += partials[i];
  }
  const double total = BlockSum(sum);
  if (threadIdx.x == 0) *result = total;
}

__device__ float StreamFillValue(StreamFill fill, std::size_t i) {
  const float a0 = StreamA0(i);
  switch (fill) {
    case StreamFill::kA0:
      return a0;
    case StreamFill::kScaled:
      return StreamScaled(a0);
    case StreamFill::kAdded:
      return StreamAdded(a0);
    case StreamFill::kTriad:
      return StreamTriad(a0);
  }
  return a0;
}

__global__ void FillKernel(float* data, std::size_t elements, StreamFill fill) {
  const std::size_t step = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < elements; i += step) {
    data[i] = StreamFillValue(fill, i);
  }
}

__global__ void CheckKernel(const float* data, std::size_t elements, StreamFill expected,
                            unsigned long long* counters) {
  const std::size_t step = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long bad = 0;
  unsigned long long first = ~0ULL;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < elements; i += step) {
    // != is also true for NaN: the 0xFF poison of an element nobody wrote.
    if (data[i] != StreamFillValue(expected, i)) {
      ++bad;
      if (first == ~0ULL) first = i;
    }
  }
  if (bad != 0) {
    atomicAdd(&counters[0], bad);
    atomicMin(&counters[1], first);
  }
}

constexpr unsigned kFillThreads = 256;
constexpr unsigned kFillBlocks = 4096;

template <StreamOp kOp, bool kLoadHint, bool kStoreHint>
void LaunchWithUnroll(const StreamConfig& config, const float* x, const float* y, float* out,
                      std::size_t elements, gpuStream_t stream) {
  const auto threads = static_cast<unsigned>(config.threads);
  const auto x4 = reinterpret_cast<const float4*>(x);
  const auto y4 = reinterpret_cast<const float4*>(y);
  const auto out4 = reinterpret_cast<float4*>(out);
  const auto blocks = [&](unsigned unroll) {
    return static_cast<unsigned>(elements / 4 / (threads * unroll));
  };
  switch (config.unroll) {
    case 1:
      StreamKernel<kOp, 1, kLoadHint, kStoreHint>
          <<<blocks(1), threads, 0, stream>>>(x4, y4, out4, kStreamScalar);
      break;
    case 2:
      StreamKernel<kOp, 2, kLoadHint, kStoreHint>
          <<<blocks(2), threads, 0, stream>>>(x4, y4, out4, kStreamScalar);
      break;
    case 8:
      StreamKernel<kOp, 8, kLoadHint, kStoreHint>
          <<<blocks(8), threads, 0, stream>>>(x4, y4, out4, kStreamScalar);
      break;
    default:
      StreamKernel<kOp, 4, kLoadHint, kStoreHint>
          <<<blocks(4), threads, 0, stream>>>(x4, y4, out4, kStreamScalar);
      break;
  }
}

template <StreamOp kOp>
gpuError_t LaunchWithHints(const StreamConfig& config, const float* x, const float* y, float* out,
                           std::size_t elements, gpuStream_t stream) {
  if (config.streaming_loads && config.streaming_stores) {
    LaunchWithUnroll<kOp, true, true>(config, x, y, out, elements, stream);
  } else if (config.streaming_loads) {
    LaunchWithUnroll<kOp, true, false>(config, x, y, out, elements, stream);
  } else if (config.streaming_stores) {
    LaunchWithUnroll<kOp, false, true>(config, x, y, out, elements, stream);
  } else {
    LaunchWithUnroll<kOp, false, false>(config, x, y, out, elements, stream);
  }
  return gpuGetLastError();
}

template <bool kStreaming>
void LaunchDotStage1(const StreamConfig& config, int blocks, const float4* x, const float4* y,
                     std::size_t vectors, double* partials, gpuStream_t stream) {
  const auto threads = static_cast<unsigned>(config.dot_threads);
  const auto grid = static_cast<unsigned>(blocks);
  const std::size_t chunks = vectors / (threads * static_cast<unsigned>(config.dot_unroll));
  switch (config.dot_unroll) {
    case 1:
      DotStage1Kernel<1, kStreaming><<<grid, threads, 0, stream>>>(x, y, chunks, partials);
      break;
    case 4:
      DotStage1Kernel<4, kStreaming><<<grid, threads, 0, stream>>>(x, y, chunks, partials);
      break;
    case 8:
      DotStage1Kernel<8, kStreaming><<<grid, threads, 0, stream>>>(x, y, chunks, partials);
      break;
    default:
      DotStage1Kernel<2, kStreaming><<<grid, threads, 0, stream>>>(x, y, chunks, partials);
      break;
  }
}

}  // namespace

gpuError_t LaunchStreamOp(StreamOp op, const StreamConfig& config, const float* x, const float* y,
                          float* out, std::size_t elements, gpuStream_t stream) {
  switch (op) {
    case StreamOp::kCopy:
      return LaunchWithHints<StreamOp::kCopy>(config, x, y, out, elements, stream);
    case StreamOp::kScale:
      return LaunchWithHints<StreamOp::kScale>(config, x, y, out, elements, stream);
    case StreamOp::kAdd:
      return LaunchWithHints<StreamOp::kAdd>(config, x, y, out, elements, stream);
    case StreamOp::kTriad:
      return LaunchWithHints<StreamOp::kTriad>(config, x, y, out, elements, stream);
  }
  return gpuErrorInvalidDevice;
}

gpuError_t LaunchStreamDot(const StreamConfig& config, int blocks, const float* x, const float* y,
                           double* partials, double* result, std::size_t elements,
                           gpuStream_t stream) {
  const auto x4 = reinterpret_cast<const float4*>(x);
  const auto y4 = reinterpret_cast<const float4*>(y);
  if (config.streaming_loads) {
    LaunchDotStage1<true>(config, blocks, x4, y4, elements / 4, partials, stream);
  } else {
    LaunchDotStage1<false>(config, blocks, x4, y4, elements / 4, partials, stream);
  }
  if (const gpuError_t error = gpuGetLastError(); error != gpuSuccess) return error;
  DotStage2Kernel<<<1, kMaxThreads, 0, stream>>>(partials, blocks, result);
  return gpuGetLastError();
}

gpuError_t FillStreamArray(float* data, std::size_t elements, StreamFill fill, gpuStream_t stream) {
  FillKernel<<<kFillBlocks, kFillThreads, 0, stream>>>(data, elements, fill);
  return gpuGetLastError();
}

gpuError_t CountStreamMismatches(const float* data, std::size_t elements, StreamFill expected,
                                 unsigned long long* counters, gpuStream_t stream) {
  CheckKernel<<<kFillBlocks, kFillThreads, 0, stream>>>(data, elements, expected, counters);
  return gpuGetLastError();
}

}  // namespace rocm_doctor::hip_helper
