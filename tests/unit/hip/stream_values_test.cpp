// SPDX-License-Identifier: MIT
#include "hip/bench/stream_values.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

float Rounded(double v) { return static_cast<float>(v); }

// A kernel that reads its neighbour's element, or a shifted one, must see a different value.
TEST(StreamValues, NeighboursGetDifferentValues) {
  constexpr std::uint64_t kSample = 1 << 16;
  std::vector<std::uint32_t> mixed(kSample);
  int equal_neighbours = 0;
  for (std::uint64_t i = 0; i < kSample; ++i) {
    mixed[i] = StreamMix(i);
    if (StreamA0(i) == StreamA0(i + 1)) ++equal_neighbours;
  }
  std::sort(mixed.begin(), mixed.end());
  EXPECT_EQ(std::adjacent_find(mixed.begin(), mixed.end()), mixed.end());  // a bijection
  EXPECT_LT(equal_neighbours, 8);  // 16-bit values: about one coincidence in 65536 expected
  EXPECT_EQ(StreamMix(12345), StreamMix(12345 + kStreamPatternPeriod));
}

TEST(StreamValues, StartValuesAreExactAndNeverZero) {
  bool varied = false;
  for (std::uint64_t i = 0; i < 4096; ++i) {
    const float a = StreamA0(i);
    EXPECT_GE(a, 1.0F);
    EXPECT_LT(a, 2.0F);
    EXPECT_EQ(std::ldexp(a - 1.0F, 16), std::floor(std::ldexp(a - 1.0F, 16)));  // 17 bits
    varied = varied || a != StreamA0(0);
  }
  EXPECT_TRUE(varied);
}

TEST(StreamValues, EachStepIsOneIeeeRounding) {
  for (std::uint64_t i = 0; i < 1000; ++i) {
    const float a0 = StreamA0(i * 7919);
    const float scaled = StreamScaled(a0);
    EXPECT_EQ(scaled, Rounded(static_cast<double>(kStreamScalar) * a0));
    const float added = StreamAdded(a0);
    EXPECT_EQ(added, Rounded(static_cast<double>(a0) + scaled));
    EXPECT_EQ(StreamTriad(a0), std::fma(kStreamScalar, added, scaled));
  }
}

TEST(StreamValues, ExpectedDotMatchesASumOverEveryElement) {
  const std::uint64_t n = 2 * kStreamPatternPeriod + 4096;  // periods and a tail
  double sum = 0.0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const float a = StreamA0(i);
    sum += static_cast<double>(a) * StreamScaled(a);
  }
  EXPECT_NEAR(StreamExpectedDot(n), sum, 1e-12 * sum);
  EXPECT_EQ(StreamExpectedDot(0), 0.0);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
