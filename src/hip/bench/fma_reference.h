// SPDX-License-Identifier: MIT
#pragma once
// The peak-FMA kernels' arithmetic, reproduced on the host so their output is checked bit for bit:
// every thread runs the same chains acc = fma(acc, x, y) from the same start values, and writes
// the float sum of its accumulators. x and y are exact in fp16 and bf16. Pure host logic
// (unit-tested); C++17 because the GPU sources include it.
#include <cstdint>
#include <optional>
#include <string>

#include "hip/bench/host_device.h"

namespace rocm_doctor::hip_helper {

enum class FmaKind { kFp32, kFp16, kBf16 };

inline constexpr float kFmaX = 0.99609375F;  // 1 - 2^-8
inline constexpr float kFmaY = 0.00390625F;  // 2^-8: the chains tend to 1
// Independent chains per thread, as scalars (fp16/bf16: 8 packed pairs).
inline constexpr int kFp32Accumulators = 8;
inline constexpr int kPackedAccumulators = 16;
// FMA steps per chain and loop trip (the kernel's unrolled body).
inline constexpr int kFmaUnroll = 64;

ROCMDOC_HOST_DEVICE inline float FmaStart(int chain) {
  return 1.0F + static_cast<float>(chain) * 0.0625F;
}

// `value` rounded to nearest-even with `precision_bits` significant bits, subnormal below
// 2^min_exponent, infinity above `max_finite`: fp16 is (11, -14, 65504), bf16 (8, -126, ~3.39e38).
double RoundToPrecision(double value, int precision_bits, int min_exponent, double max_finite);

// One fused multiply-add in the kind's precision, correctly rounded (what fma.rn.f32,
// fma.rn.f16x2, fma.rn.bf16x2, v_pk_fma_f32 and v_pk_fma_f16 compute).
float FusedMultiplyAdd(FmaKind kind, float a, float b, float c);

// What each thread of the kernel writes after `steps` FMAs per chain.
float ExpectedFmaThreadSum(FmaKind kind, std::int64_t steps);

int FmaChains(FmaKind kind);           // scalar accumulators per thread
double FmaFlopsPerStep(FmaKind kind);  // per thread: 2 per scalar accumulator

// The instruction the kernel's inner loop compiles to, by backend and architecture ("sm_90",
// "gfx90a:sramecc+:xnack-"): checked in the compiler's output for gfx90a and gfx1030 (HIP) and
// sm_90 (CUDA). nullopt when this build has no kernel for that kind on that backend.
std::optional<std::string> FmaInstructionPath(FmaKind kind, const std::string& backend,
                                              const std::string& arch);

// FP32 FMA lanes per compute unit per clock, for the peak at the clock seen; nullopt when not in
// our table. Sources: NVIDIA Hopper and Ampere whitepapers (128 / 64 per SM); AMD CDNA2 ISA
// (64 lanes x packed pairs) and RDNA2 (2 x SIMD32 per CU).
std::optional<int> Fp32LanesPerComputeUnit(const std::string& backend, const std::string& arch);

}  // namespace rocm_doctor::hip_helper
