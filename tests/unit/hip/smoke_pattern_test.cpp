// SPDX-License-Identifier: MIT
#include "hip/smoke_pattern.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

std::vector<std::uint32_t> Expected(std::size_t count) {
  std::vector<std::uint32_t> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = SmokeValue(static_cast<std::uint32_t>(i));
  return values;
}

TEST(SmokePattern, NeverEqualsTheFill) {
  for (std::uint32_t i = 0; i < kSmokeElements; ++i) EXPECT_NE(SmokeValue(i), 0xFFFFFFFFU);
  static_assert(kSmokeElements % kSmokeBlockSize == 0);
}

TEST(FindSmokeMismatch, AllCorrectIsNone) {
  const auto values = Expected(kSmokeElements);
  EXPECT_FALSE(FindSmokeMismatch(values.data(), values.size()).has_value());
  EXPECT_FALSE(FindSmokeMismatch(values.data(), 0).has_value());
}

TEST(FindSmokeMismatch, ReportsFirstAndCount) {
  auto values = Expected(64);
  values[5] = 0xFFFFFFFFU;  // the kernel never wrote it
  values[40] = 0;
  const auto mismatch = FindSmokeMismatch(values.data(), values.size());
  ASSERT_TRUE(mismatch.has_value());
  EXPECT_EQ(mismatch->index, 5);
  EXPECT_EQ(mismatch->expected, 16);
  EXPECT_EQ(mismatch->got, 0xFFFFFFFFLL);
  EXPECT_EQ(mismatch->count, 2);
}

TEST(FindSmokeMismatch, UntouchedBufferIsAllWrong) {
  const std::vector<std::uint32_t> values(kSmokeElements, 0xFFFFFFFFU);
  const auto mismatch = FindSmokeMismatch(values.data(), values.size());
  ASSERT_TRUE(mismatch.has_value());
  EXPECT_EQ(mismatch->index, 0);
  EXPECT_EQ(mismatch->count, kSmokeElements);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
