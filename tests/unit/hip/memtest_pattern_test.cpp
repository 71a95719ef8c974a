// SPDX-License-Identifier: MIT
#include "hip/bench/memtest_pattern.h"

#include <gtest/gtest.h>

#include <set>

namespace rocm_doctor::hip_helper {
namespace {

TEST(MemtestPattern, ExpectedWords) {
  EXPECT_EQ(MemtestExpected(MemtestFill::kOwnAddress, 0, 0x7f0012345678ULL, 9, false),
            0x7f0012345678ULL);
  EXPECT_EQ(MemtestExpected(MemtestFill::kOwnAddress, 0, 0x7f0012345678ULL, 9, true),
            ~0x7f0012345678ULL);
  EXPECT_EQ(MemtestExpected(MemtestFill::kConstant, 0xAAAAAAAAAAAAAAAAULL, 1, 2, true),
            0x5555555555555555ULL);
  EXPECT_EQ(MemtestExpected(MemtestFill::kRandom, 42, 0, 7, false), MemtestRandomWord(42, 7));
}

TEST(MemtestPattern, RandomWordsDifferByIndexAndSeed) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < 10000; ++i) seen.insert(MemtestRandomWord(1, i));
  EXPECT_EQ(seen.size(), 10000U);
  EXPECT_NE(MemtestRandomWord(1, 0), MemtestRandomWord(2, 0));
  EXPECT_EQ(MemtestRandomWord(5, 5), MemtestRandomWord(5, 5));
  EXPECT_NE(MemtestRandomWord(0, 0), 0U);
}

TEST(MemtestPattern, MovingInversionBackgroundsCoverBothPolarities) {
  std::set<std::uint64_t> backgrounds(kMovingInversionPatterns.begin(),
                                      kMovingInversionPatterns.end());
  EXPECT_EQ(backgrounds.size(), kMovingInversionPatterns.size());
  EXPECT_TRUE(backgrounds.count(0));
  EXPECT_TRUE(backgrounds.count(~0ULL));
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
