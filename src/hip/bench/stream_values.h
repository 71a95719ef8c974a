// SPDX-License-Identifier: MIT
#pragma once
// The values the STREAM kernels read and write, shared by the kernels, the on-device verification
// and the host reference. Each element gets its own value (a hash of its index, period 2^20), so a
// kernel that reads or writes the wrong element is caught; every value is the IEEE-rounded result
// of single float operations, so the checks compare bit for bit.
#include <cstdint>

#include "hip/bench/host_device.h"

#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#include <cmath>
#endif

namespace rocm_doctor::hip_helper {

inline constexpr float kStreamScalar = 0.4F;
inline constexpr std::uint64_t kStreamPatternPeriod = std::uint64_t{1} << 20;

// A bijective mix of the low 20 bits of `i` (murmur3's finaliser, truncated).
ROCMDOC_HOST_DEVICE inline std::uint32_t StreamMix(std::uint64_t i) {
  auto x = static_cast<std::uint32_t>(i & (kStreamPatternPeriod - 1));
  x ^= x >> 16U;
  x *= 0x85EBCA6BU;
  x ^= x >> 13U;
  x *= 0xC2B2AE35U;
  x ^= x >> 16U;
  return x;
}

// a's starting value: 1 + k/65536, k in [0, 65536): exact in float, never 0 or NaN.
ROCMDOC_HOST_DEVICE inline float StreamA0(std::uint64_t i) {
  return 1.0F + static_cast<float>(StreamMix(i) & 0xFFFFU) * (1.0F / 65536.0F);
}

// x*y and x+y each rounded once, never fused into an FMA by the compiler (nvcc fuses a*b+c by
// default; clang for HIP with -ffp-contract=fast-honor-pragmas).
ROCMDOC_HOST_DEVICE inline float StreamMulRn(float x, float y) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(x, y);
#elif defined(__clang__)
#pragma clang fp contract(off)
  return x * y;
#else
  // The product of two floats is exact in double; one rounding to float.
  return static_cast<float>(static_cast<double>(x) * static_cast<double>(y));
#endif
}

ROCMDOC_HOST_DEVICE inline float StreamAddRn(float x, float y) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(x, y);
#elif defined(__clang__)
#pragma clang fp contract(off)
  return x + y;
#else
  // Exact in double for operands within 2^29 of each other (ours are within 4x); one rounding.
  return static_cast<float>(static_cast<double>(x) + static_cast<double>(y));
#endif
}

ROCMDOC_HOST_DEVICE inline float StreamFma(float x, float y, float z) {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  return fmaf(x, y, z);
#else
  return std::fma(x, y, z);
#endif
}

// After copy (c = a), scale (b = s*c), add (c = a + b), triad (a = b + s*c), starting from a0.
// Each kernel's inputs are prepared with these, so every kernel can run (and be checked) alone.
ROCMDOC_HOST_DEVICE inline float StreamScaled(float a0) { return StreamMulRn(kStreamScalar, a0); }
ROCMDOC_HOST_DEVICE inline float StreamAdded(float a0) { return StreamAddRn(a0, StreamScaled(a0)); }
ROCMDOC_HOST_DEVICE inline float StreamTriad(float a0) {
  return StreamFma(kStreamScalar, StreamAdded(a0), StreamScaled(a0));
}

// sum(a[i] * b[i]) with a = a0, b = s*a0 over `elements` (a multiple of the period), in double.
double StreamExpectedDot(std::uint64_t elements);

}  // namespace rocm_doctor::hip_helper
