// SPDX-License-Identifier: MIT
// matrix.*'s host side: the input encodings and pattern the device writes, the sample grid, the
// host reference and its tolerance (docs/hip-helper.md, "Matrix engines").
#include "hip/bench/matrix_verify.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace rocm_doctor::hip_helper {
namespace {

TEST(MatrixTypes, EncodersGiveTheVendorsBits) {
  EXPECT_EQ(FloatToBf16(1.0f), 0x3F80);
  EXPECT_EQ(FloatToBf16(-0.5f), 0xBF00);
  EXPECT_EQ(FloatToFp16(1.0f), 0x3C00);
  EXPECT_EQ(FloatToFp16(-0.5f), 0xB800);
  EXPECT_EQ(FloatToFp16(1.0f / 64.0f), 0x2400);
  EXPECT_EQ(FloatToE4m3(1.0f, Fp8Flavor::kFn), 0x38);    // OCP e4m3fn: bias 7
  EXPECT_EQ(FloatToE4m3(1.0f, Fp8Flavor::kFnuz), 0x40);  // e4m3fnuz: bias 8
  EXPECT_EQ(FloatToE4m3(-0.875f, Fp8Flavor::kFn), 0xB6);
  EXPECT_EQ(FloatToE4m3(1.0f / 64.0f, Fp8Flavor::kFn), 0x08);  // smallest normal
  // Round to nearest even: 1 + 2^-8 is the tie between bf16 1.0 and 1 + 2^-7 and goes to the
  // even 1.0; 1 + 3*2^-8, the tie between 1 + 2^-7 and 1 + 2^-6, goes to 1 + 2^-6.
  EXPECT_EQ(FloatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3F80);
  EXPECT_EQ(FloatToBf16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3F82);
  // The carry of a rounded-up mantissa moves into the exponent: 0.9999 -> e4m3 1.0.
  EXPECT_EQ(FloatToE4m3(0.999f, Fp8Flavor::kFn), 0x38);
}

TEST(MatrixTypes, DecodersInvertTheEncodersOverThePattern) {
  for (std::uint64_t i = 0; i < 20000; ++i) {
    const float x = PatternFloat(kSeedA, i);
    ASSERT_GE(std::fabs(x), 1.0f / 64.0f) << i;
    ASSERT_LT(x, 1.0f);
    ASSERT_GE(x, -1.0f);
    EXPECT_NEAR(Bf16ToFloat(FloatToBf16(x)), x, std::fabs(x) * std::ldexp(1.0, -8));
    EXPECT_NEAR(Fp16ToDouble(FloatToFp16(x)), x, std::fabs(x) * std::ldexp(1.0, -11));
    EXPECT_NEAR(E4m3ToDouble(FloatToE4m3(x, Fp8Flavor::kFn), Fp8Flavor::kFn), x,
                std::fabs(x) * std::ldexp(1.0, -4));
    EXPECT_NEAR(E4m3ToDouble(FloatToE4m3(x, Fp8Flavor::kFnuz), Fp8Flavor::kFnuz), x,
                std::fabs(x) * std::ldexp(1.0, -4));
    const int v = PatternInt8(kSeedB, i);
    ASSERT_NE(v, 0);
    ASSERT_GE(v, -8);
    ASSERT_LE(v, 8);
  }
  EXPECT_TRUE(std::isnan(E4m3ToDouble(0x7F, Fp8Flavor::kFn)));
  EXPECT_TRUE(std::isnan(E4m3ToDouble(0x80, Fp8Flavor::kFnuz)));
  EXPECT_TRUE(std::isinf(Fp16ToDouble(0x7C00)));
}

TEST(MatrixTypes, PatternUsesBothSignsAndTheSeed) {
  int negative = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) negative += PatternFloat(kSeedA, i) < 0 ? 1 : 0;
  EXPECT_GT(negative, 400);
  EXPECT_LT(negative, 600);
  EXPECT_NE(PatternFloat(kSeedA, 7), PatternFloat(kSeedB, 7));
}

TEST(MatrixSpec, TwelveNamesWithTheirShapes) {
  ASSERT_EQ(MatrixSpecs().size(), 12u);
  const auto bf16 = FindMatrixSpec("matrix.bf16");
  ASSERT_TRUE(bf16);
  EXPECT_EQ(bf16->m, 8192);
  const auto gst = FindMatrixSpec("matrix.fp8_gst");
  ASSERT_TRUE(gst);
  EXPECT_EQ(gst->m, 4864);
  EXPECT_EQ(gst->n, 4096);
  EXPECT_EQ(gst->k, 8192);
  EXPECT_EQ(gst->type, MatrixType::kFp8E4m3);
  EXPECT_FALSE(FindMatrixSpec("matrix.tf32"));
  EXPECT_STREQ(MatrixUnit(MatrixType::kInt8), "OP/s");
  EXPECT_STREQ(OutName(OutputOf(MatrixType::kFp8E4m3)), "bf16");
  EXPECT_STREQ(DtypeName(MatrixType::kFp8E4m3), "fp8_e4m3");
}

TEST(MatrixSpec, SampleGridIncludesBothEnds) {
  const std::vector<int> rows = SampleIndices(8192, kSampleGrid);
  ASSERT_EQ(rows.size(), 32u);
  EXPECT_EQ(rows.front(), 0);
  EXPECT_EQ(rows.back(), 8191);
  EXPECT_EQ(SampleIndices(4864, 32).back(), 4863);
  EXPECT_EQ(SampleIndices(5, 32).size(), 5u);  // deduplicated
}

TEST(MatrixVerify, ToleranceIsTheStatedBound) {
  // fp32 accumulation, K = 8192, sum|a*b| = 2048, ref 0: 8 * sqrt(8192) * 2^-24 * 2048.
  EXPECT_NEAR(ElementTolerance(MatrixType::kFp32, 8192, 0.0, 2048.0),
              8.0 * std::sqrt(8192.0) * std::ldexp(1.0, -24) * 2048.0, 1e-12);
  // bf16 output adds one bf16 rounding of |ref|.
  EXPECT_NEAR(ElementTolerance(MatrixType::kBf16, 8192, 30.0, 0.0), 30.0 / 256.0, 1e-12);
  EXPECT_EQ(ElementTolerance(MatrixType::kInt8, 8192, 1000.0, 5000.0), 0.0);
  EXPECT_NE(ToleranceBasis(MatrixType::kBf16).find("u_out=2^-8, u_acc=2^-24"), std::string::npos);
  EXPECT_NE(ToleranceBasis(MatrixType::kFp64).find("u_acc=2^-53"), std::string::npos);
  EXPECT_NE(ToleranceBasis(MatrixType::kInt8).find("exact"), std::string::npos);
}

// A small fp32 problem: K inputs per row / column from the pattern, outputs computed in float
// the way a GEMM would (one fp32 accumulator).
MatrixSample SmallFp32(int k) {
  MatrixSample s;
  s.type = MatrixType::kFp32;
  s.k = k;
  s.rows = {0, 5};
  s.cols = {0, 9};
  std::vector<float> a(2 * static_cast<std::size_t>(k));
  std::vector<float> b(2 * static_cast<std::size_t>(k));
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = PatternFloat(kSeedA, i);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = PatternFloat(kSeedB, i);
  s.a_rows.resize(a.size() * 4);
  s.b_cols.resize(b.size() * 4);
  std::memcpy(s.a_rows.data(), a.data(), s.a_rows.size());
  std::memcpy(s.b_cols.data(), b.data(), s.b_cols.size());
  std::vector<float> c(4);
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 2; ++i) {
      float sum = 0.0f;
      for (int x = 0; x < k; ++x) sum += a[static_cast<std::size_t>(i * k + x)] * b[static_cast<std::size_t>(j * k + x)];
      c[static_cast<std::size_t>(j * 2 + i)] = sum;
    }
  }
  s.outputs.resize(16);
  std::memcpy(s.outputs.data(), c.data(), 16);
  return s;
}

void SetOutput(MatrixSample& s, std::size_t index, float value) {
  std::memcpy(&s.outputs[index * 4], &value, 4);
}

TEST(MatrixVerify, ACorrectFp32ResultPasses) {
  const MatrixCheck check = CheckMatrixSample(SmallFp32(4096));
  EXPECT_EQ(check.checked, 4);
  EXPECT_EQ(check.wrong, 0);
  EXPECT_LT(check.max_over_tolerance, 1.0);
  ASSERT_TRUE(check.max_rel_error);
  EXPECT_LT(*check.max_rel_error, 1e-3);
  EXPECT_GT(check.tolerance, 0.0);
  EXPECT_TRUE(check.first_wrong.empty());
}

TEST(MatrixVerify, OneCorruptedOrNanElementIsCaughtWithItsPosition) {
  MatrixSample s = SmallFp32(4096);
  float c3 = 0.0f;
  std::memcpy(&c3, &s.outputs[12], 4);
  SetOutput(s, 3, c3 + 1000.0f);  // (row 5, col 9), as --plant-corruption adds
  MatrixCheck check = CheckMatrixSample(s);
  EXPECT_EQ(check.wrong, 1);
  ASSERT_EQ(check.first_wrong.size(), 1u);
  EXPECT_EQ(check.first_wrong[0].row, 5);
  EXPECT_EQ(check.first_wrong[0].col, 9);
  EXPECT_NEAR(check.first_wrong[0].got - check.first_wrong[0].expected, 1000.0, 0.01);

  SetOutput(s, 0, std::numeric_limits<float>::quiet_NaN());
  check = CheckMatrixSample(s);
  EXPECT_EQ(check.wrong, 2);
}

TEST(MatrixVerify, AFlippedExponentBitOfABf16OutputIsCaught) {
  // bf16 inputs 1.0 and 0.5, K = 64: ref 32; output written in bf16.
  MatrixSample s;
  s.type = MatrixType::kBf16;
  s.k = 64;
  s.rows = {0};
  s.cols = {0};
  const std::uint16_t one = FloatToBf16(1.0f);
  const std::uint16_t half = FloatToBf16(0.5f);
  for (int x = 0; x < 64; ++x) {
    s.a_rows.insert(s.a_rows.end(), {static_cast<std::uint8_t>(one & 0xFF),
                                     static_cast<std::uint8_t>(one >> 8)});
    s.b_cols.insert(s.b_cols.end(), {static_cast<std::uint8_t>(half & 0xFF),
                                     static_cast<std::uint8_t>(half >> 8)});
  }
  s.outputs = EncodeOutput(MatrixOut::kBf16, 32.0);
  EXPECT_EQ(CheckMatrixSample(s).wrong, 0);
  std::uint16_t bits = 0;
  std::memcpy(&bits, s.outputs.data(), 2);
  bits ^= 0x0080;  // lowest exponent bit: 32 -> 16
  std::memcpy(s.outputs.data(), &bits, 2);
  EXPECT_EQ(CheckMatrixSample(s).wrong, 1);
}

TEST(MatrixVerify, Int8IsExact) {
  MatrixSample s;
  s.type = MatrixType::kInt8;
  s.k = 8192;
  s.rows = {0};
  s.cols = {0};
  std::int64_t sum = 0;
  for (std::uint64_t x = 0; x < 8192; ++x) {
    const std::int8_t a = PatternInt8(kSeedA, x);
    const std::int8_t b = PatternInt8(kSeedB, x);
    s.a_rows.push_back(static_cast<std::uint8_t>(a));
    s.b_cols.push_back(static_cast<std::uint8_t>(b));
    sum += a * b;
  }
  s.outputs = EncodeOutput(MatrixOut::kInt32, static_cast<double>(sum));
  EXPECT_EQ(CheckMatrixSample(s).wrong, 0);
  s.outputs = EncodeOutput(MatrixOut::kInt32, static_cast<double>(sum + 1));
  EXPECT_EQ(CheckMatrixSample(s).wrong, 1);
}

TEST(MatrixVerify, TooFewBytesChecksNothing) {
  MatrixSample s = SmallFp32(64);
  s.outputs.resize(4);
  EXPECT_EQ(CheckMatrixSample(s).checked, 0);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
