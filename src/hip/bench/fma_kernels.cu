// SPDX-License-Identifier: MIT
// Peak-FMA kernels: every thread runs independent chains acc = fma(acc, x, y), unrolled so the
// loop's own instructions are under 1% of the issue slots. One source for HIP and CUDA; the lane
// types pick the packed instructions where the ISA has them (FmaInstructionPath names them).
#include "hip/bench/fma_kernels.h"

#if ROCMDOC_GPU_CUDA
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#else
#include <hip/hip_fp16.h>
#endif

namespace rocm_doctor::hip_helper {
namespace {

#if ROCMDOC_GPU_HIP
// Two floats in one register pair: clang emits v_pk_fma_f32 for their fused multiply-add on
// gfx90a (two v_fma_f32 on gfx1030).
typedef float Fp32x2 __attribute__((ext_vector_type(2)));
#endif

// One lane type per kind: how to make it from two chain starts, fuse, and read it back.
struct Fp32Lane {
#if ROCMDOC_GPU_CUDA
  using Type = float;
  static constexpr int kScalars = 1;
  __device__ static Type Make(float lo, float /*hi*/) { return lo; }
  __device__ static Type Fma(Type a, Type b, Type c) { return __fmaf_rn(a, b, c); }
  __device__ static float Sum(float sum, Type v) { return sum + v; }
#else
  using Type = Fp32x2;
  static constexpr int kScalars = 2;
  __device__ static Type Make(float lo, float hi) { return Type{lo, hi}; }
  __device__ static Type Fma(Type a, Type b, Type c) {
#pragma clang fp contract(fast)
    return a * b + c;
  }
  __device__ static float Sum(float sum, Type v) {
    sum += v.x;
    return sum + v.y;
  }
#endif
};

struct Fp16Lane {
  using Type = __half2;
  static constexpr int kScalars = 2;
  __device__ static Type Make(float lo, float hi) { return __floats2half2_rn(lo, hi); }
  __device__ static Type Fma(Type a, Type b, Type c) { return __hfma2(a, b, c); }
  __device__ static float Sum(float sum, Type v) {
    sum += __low2float(v);
    return sum + __high2float(v);
  }
};

#if ROCMDOC_GPU_CUDA
struct Bf16Lane {
  using Type = __nv_bfloat162;
  static constexpr int kScalars = 2;
  __device__ static Type Make(float lo, float hi) { return __floats2bfloat162_rn(lo, hi); }
  __device__ static Type Fma(Type a, Type b, Type c) { return __hfma2(a, b, c); }
  __device__ static float Sum(float sum, Type v) {
    sum += __low2float(v);
    return sum + __high2float(v);
  }
};
#endif

template <class Lane, int kChains>
__global__ void __launch_bounds__(kFmaThreads)
    FmaKernel(float x, float y, int loops, float* __restrict__ out,
              unsigned long long* __restrict__ cycles, int slot) {
  constexpr int kLanes = kChains / Lane::kScalars;
  const long long start = clock64();
  const typename Lane::Type xv = Lane::Make(x, x);
  const typename Lane::Type yv = Lane::Make(y, y);
  typename Lane::Type acc[kLanes];
#pragma unroll
  for (int j = 0; j < kLanes; ++j) {
    acc[j] =
        Lane::Make(FmaStart(j * Lane::kScalars), FmaStart(j * Lane::kScalars + Lane::kScalars - 1));
  }
  for (int k = 0; k < loops; ++k) {
#pragma unroll
    for (int r = 0; r < kFmaUnroll; ++r) {
#pragma unroll
      for (int j = 0; j < kLanes; ++j) acc[j] = Lane::Fma(acc[j], xv, yv);
    }
  }
  float sum = 0.0F;
#pragma unroll
  for (int j = 0; j < kLanes; ++j) sum = Lane::Sum(sum, acc[j]);
  out[static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x] = sum;
  if (cycles != nullptr) {
    __syncthreads();
    if (threadIdx.x == 0) {
      atomicMax(&cycles[slot], static_cast<unsigned long long>(clock64() - start));
    }
  }
}

template <class Lane, int kChains>
void Launch(const FmaLaunch& l, gpuStream_t stream) {
  FmaKernel<Lane, kChains><<<static_cast<unsigned>(l.blocks), kFmaThreads, 0, stream>>>(
      kFmaX, kFmaY, l.loops, l.out, l.cycles, l.slot);
}

template <class Lane, int kChains>
gpuError_t Occupancy(int* blocks) {
  return gpuMaxActiveBlocksPerCu(blocks, FmaKernel<Lane, kChains>, kFmaThreads);
}

}  // namespace

bool FmaKernelAvailable(FmaKind kind) {
#if ROCMDOC_GPU_CUDA
  static_cast<void>(kind);
  return true;
#else
  return kind != FmaKind::kBf16;
#endif
}

gpuError_t LaunchFmaKernel(FmaKind kind, const FmaLaunch& launch, gpuStream_t stream) {
  switch (kind) {
    case FmaKind::kFp32:
      Launch<Fp32Lane, kFp32Accumulators>(launch, stream);
      break;
    case FmaKind::kFp16:
      Launch<Fp16Lane, kPackedAccumulators>(launch, stream);
      break;
    case FmaKind::kBf16:
#if ROCMDOC_GPU_CUDA
      Launch<Bf16Lane, kPackedAccumulators>(launch, stream);
      break;
#else
      return gpuErrorInvalidDevice;
#endif
  }
  return gpuGetLastError();
}

gpuError_t FmaBlocksPerComputeUnit(FmaKind kind, int* blocks) {
  switch (kind) {
    case FmaKind::kFp32:
      return Occupancy<Fp32Lane, kFp32Accumulators>(blocks);
    case FmaKind::kFp16:
      return Occupancy<Fp16Lane, kPackedAccumulators>(blocks);
    case FmaKind::kBf16:
#if ROCMDOC_GPU_CUDA
      return Occupancy<Bf16Lane, kPackedAccumulators>(blocks);
#else
      break;
#endif
  }
  return gpuErrorInvalidDevice;
}

}  // namespace rocm_doctor::hip_helper
