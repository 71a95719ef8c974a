// SPDX-License-Identifier: MIT
#include "hip/bench/matrix_kernels.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 65535;  // grid-stride beyond this

int Blocks(std::uint64_t count) {
  const std::uint64_t wanted = (count + kThreads - 1) / kThreads;
  return static_cast<int>(wanted < kMaxBlocks ? (wanted == 0 ? 1 : wanted) : kMaxBlocks);
}

__global__ void FillKernel(MatrixType type, Fp8Flavor flavor, std::uint64_t seed, void* out,
                           std::uint64_t count) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    switch (type) {
      case MatrixType::kBf16:
        static_cast<std::uint16_t*>(out)[i] = FloatToBf16(PatternFloat(seed, i));
        break;
      case MatrixType::kFp16:
        static_cast<std::uint16_t*>(out)[i] = FloatToFp16(PatternFloat(seed, i));
        break;
      case MatrixType::kFp32:
        static_cast<float*>(out)[i] = PatternFloat(seed, i);
        break;
      case MatrixType::kFp64:
        static_cast<double*>(out)[i] = PatternFloat(seed, i);
        break;
      case MatrixType::kFp8E4m3:
        static_cast<std::uint8_t*>(out)[i] = FloatToE4m3(PatternFloat(seed, i), flavor);
        break;
      case MatrixType::kInt8:
        static_cast<std::int8_t*>(out)[i] = PatternInt8(seed, i);
        break;
    }
  }
}

// `exponent_mask`: the bits that are all ones in a NaN or Inf of the element type; 0 for int32.
template <class Word>
__global__ void CompareKernel(const Word* a, const Word* b, std::uint64_t count,
                              Word exponent_mask, unsigned long long* counters) {
  unsigned long long differ = 0;
  unsigned long long nonfinite = 0;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < count; i += stride) {
    const Word x = a[i];
    if (x != b[i]) ++differ;
    if (exponent_mask != 0 && (x & exponent_mask) == exponent_mask) ++nonfinite;
  }
  if (differ != 0) atomicAdd(&counters[0], differ);
  if (nonfinite != 0) atomicAdd(&counters[1], nonfinite);
}

}  // namespace

gpuError_t LaunchMatrixFill(MatrixType type, Fp8Flavor flavor, std::uint64_t seed, void* out,
                            std::uint64_t count, gpuStream_t stream) {
  FillKernel<<<Blocks(count), kThreads, 0, stream>>>(type, flavor, seed, out, count);
  return gpuPeekAtLastError();
}

gpuError_t LaunchMatrixCompare(MatrixOut out, const void* a, const void* b, std::uint64_t count,
                               unsigned long long* counters, gpuStream_t stream) {
  switch (out) {
    case MatrixOut::kBf16:
    case MatrixOut::kFp16: {
      const auto mask = static_cast<std::uint16_t>(out == MatrixOut::kBf16 ? 0x7F80u : 0x7C00u);
      CompareKernel<std::uint16_t><<<Blocks(count), kThreads, 0, stream>>>(
          static_cast<const std::uint16_t*>(a), static_cast<const std::uint16_t*>(b), count, mask,
          counters);
      break;
    }
    case MatrixOut::kFp32:
    case MatrixOut::kInt32: {
      const std::uint32_t mask = out == MatrixOut::kFp32 ? 0x7F800000u : 0u;
      CompareKernel<std::uint32_t><<<Blocks(count), kThreads, 0, stream>>>(
          static_cast<const std::uint32_t*>(a), static_cast<const std::uint32_t*>(b), count, mask,
          counters);
      break;
    }
    case MatrixOut::kFp64:
      CompareKernel<unsigned long long><<<Blocks(count), kThreads, 0, stream>>>(
          static_cast<const unsigned long long*>(a), static_cast<const unsigned long long*>(b),
          count, 0x7FF0000000000000ull, counters);
      break;
  }
  return gpuPeekAtLastError();
}

}  // namespace rocm_doctor::hip_helper
