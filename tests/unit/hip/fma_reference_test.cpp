// SPDX-License-Identifier: MIT
#include "hip/bench/fma_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rocm_doctor::hip_helper {
namespace {

constexpr double kHalfMax = 65504.0;

double Half(double v) { return RoundToPrecision(v, 11, -14, kHalfMax); }
double Bf16(double v) {
  return RoundToPrecision(v, 8, -126, static_cast<double>(std::numeric_limits<float>::max()));
}

TEST(RoundToPrecision, Fp16RoundsToNearestEven) {
  EXPECT_EQ(Half(1.0), 1.0);
  EXPECT_EQ(Half(1.0 + std::ldexp(1.0, -11)), 1.0);  // a tie goes to the even neighbour
  EXPECT_EQ(Half(1.0 + 3 * std::ldexp(1.0, -11)), 1.0 + std::ldexp(1.0, -9));
  EXPECT_EQ(Half(1.0 + std::ldexp(1.0, -11) + 1e-9), 1.0 + std::ldexp(1.0, -10));
  EXPECT_EQ(Half(-2.5), -2.5);
  EXPECT_EQ(Half(0.1), 0.0999755859375);  // the fp16 nearest to 0.1
  EXPECT_EQ(Half(kHalfMax), kHalfMax);
  EXPECT_TRUE(std::isinf(Half(65520.0)));  // rounds up to 2^16: overflow
  EXPECT_EQ(Half(65519.0), kHalfMax);
}

TEST(RoundToPrecision, Fp16Subnormals) {
  const double tiny = std::ldexp(1.0, -24);  // the smallest fp16 subnormal
  EXPECT_EQ(Half(tiny), tiny);
  EXPECT_EQ(Half(tiny / 2), 0.0);  // tie with 0: even
  EXPECT_EQ(Half(tiny * 0.75), tiny);
  EXPECT_EQ(Half(tiny * 2.5), tiny * 2);  // subnormal ties too
  EXPECT_EQ(Half(0.0), 0.0);
}

TEST(RoundToPrecision, Bf16KeepsEightBits) {
  EXPECT_EQ(Bf16(1.0 + std::ldexp(1.0, -8)), 1.0);
  EXPECT_EQ(Bf16(1.0 + 3 * std::ldexp(1.0, -8)), 1.0 + std::ldexp(1.0, -6));
  EXPECT_EQ(Bf16(3.0e38), 3.00405527047391e+38);  // 226 * 2^120
  EXPECT_TRUE(std::isnan(Bf16(std::nan(""))));
}

TEST(FusedMultiplyAdd, RoundsOnceInTheKindsPrecision) {
  EXPECT_EQ(FusedMultiplyAdd(FmaKind::kFp32, 1.5F, kFmaX, kFmaY), std::fma(1.5F, kFmaX, kFmaY));
  // fp16: 1.5 * (1 - 2^-8) + 2^-8 = 1.498046875 exactly, which fp16 rounds to 1.498046875.
  EXPECT_EQ(FusedMultiplyAdd(FmaKind::kFp16, 1.5F, kFmaX, kFmaY), 1.498046875F);
  // bf16 has 8 bits: the same exact result rounds to 1.5.
  EXPECT_EQ(FusedMultiplyAdd(FmaKind::kBf16, 1.5F, kFmaX, kFmaY), 1.5F);
  // One rounding, not two: 565/512 * 29/2^16 + 1 = 1 + 2^-11 + 2^-25 is just above an fp16 tie
  // and rounds up; rounded to float first it would land on the tie and round to even (1.0).
  EXPECT_EQ(FusedMultiplyAdd(FmaKind::kFp16, 565.0F / 512.0F, 29.0F / 65536.0F, 1.0F),
            1.0009765625F);
}

TEST(ExpectedFmaThreadSum, ZeroStepsIsTheSumOfTheStarts) {
  EXPECT_EQ(ExpectedFmaThreadSum(FmaKind::kFp32, 0), 8.0F + 28.0F / 16.0F);
  EXPECT_EQ(ExpectedFmaThreadSum(FmaKind::kFp16, 0), 16.0F + 120.0F / 16.0F);
  EXPECT_EQ(FmaChains(FmaKind::kBf16), 16);
  EXPECT_EQ(FmaFlopsPerStep(FmaKind::kFp32), 16.0);
}

// The simulation stops a chain at its fixed point; a plain loop of every step must agree.
TEST(ExpectedFmaThreadSum, MatchesStepByStepForEveryKind) {
  for (const FmaKind kind : {FmaKind::kFp32, FmaKind::kFp16, FmaKind::kBf16}) {
    for (const std::int64_t steps : {1, 7, 64, 5000, 20000}) {
      float sum = 0.0F;
      for (int j = 0; j < FmaChains(kind); ++j) {
        float v = FmaStart(j);
        for (std::int64_t s = 0; s < steps; ++s) v = FusedMultiplyAdd(kind, v, kFmaX, kFmaY);
        sum += v;
      }
      EXPECT_EQ(ExpectedFmaThreadSum(kind, steps), sum)
          << static_cast<int>(kind) << " steps " << steps;
    }
  }
}

TEST(FmaInstructionPath, PerBackendAndIsa) {
  EXPECT_EQ(FmaInstructionPath(FmaKind::kFp32, "cuda", "sm_90"), "fma.rn.f32");
  EXPECT_EQ(FmaInstructionPath(FmaKind::kFp16, "cuda", "sm_90"), "fma.rn.f16x2");
  EXPECT_EQ(FmaInstructionPath(FmaKind::kBf16, "cuda", "sm_90"), "fma.rn.bf16x2");
  EXPECT_EQ(FmaInstructionPath(FmaKind::kFp32, "hip", "gfx90a:sramecc+:xnack-"), "v_pk_fma_f32");
  EXPECT_EQ(FmaInstructionPath(FmaKind::kFp32, "hip", "gfx1030"), "v_fma_f32");
  EXPECT_EQ(FmaInstructionPath(FmaKind::kFp16, "hip", "gfx1030"), "v_pk_fma_f16");
  EXPECT_FALSE(FmaInstructionPath(FmaKind::kBf16, "hip", "gfx90a"));
  EXPECT_FALSE(FmaInstructionPath(FmaKind::kFp32, "opencl", "x"));
}

TEST(Fp32Lanes, KnownArchitecturesOnly) {
  EXPECT_EQ(Fp32LanesPerComputeUnit("cuda", "sm_90"), 128);
  EXPECT_EQ(Fp32LanesPerComputeUnit("cuda", "sm_80"), 64);
  EXPECT_EQ(Fp32LanesPerComputeUnit("hip", "gfx90a:sramecc+:xnack-"), 128);
  EXPECT_EQ(Fp32LanesPerComputeUnit("hip", "gfx1030"), 64);
  EXPECT_FALSE(Fp32LanesPerComputeUnit("hip", "gfx1100"));
  EXPECT_FALSE(Fp32LanesPerComputeUnit("cuda", ""));
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
