// SPDX-License-Identifier: MIT
#include "hip/bench/bench_stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

TEST(BenchMedian, OddEvenAndEmpty) {
  EXPECT_EQ(Median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_EQ(Median({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_EQ(Median({7.0}), 7.0);
  EXPECT_FALSE(Median({}).has_value());
}

TEST(BenchSummary, RatesTakeTheLargestAsBest) {
  const auto s = SummarizeHigherIsBetter({10.0, 12.0, 11.0, 9.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->best, 12.0);
  EXPECT_EQ(s->worst, 9.0);
  EXPECT_EQ(s->median, 10.5);
  EXPECT_DOUBLE_EQ(s->spread, 3.0 / 10.5);
  EXPECT_EQ(s->samples, 4);
}

TEST(BenchSummary, LatenciesTakeTheSmallestAsBest) {
  const auto s = SummarizeLowerIsBetter({5e-6, 4e-6, 6e-6});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->best, 4e-6);
  EXPECT_EQ(s->worst, 6e-6);
  EXPECT_EQ(s->median, 5e-6);
  EXPECT_NEAR(s->spread, 0.4, 1e-12);  // positive either way
}

TEST(BenchSummary, DropsSamplesATimerCouldNotMeasure) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto s = SummarizeHigherIsBetter({inf, 2.0, nan, 0.0, -1.0, 4.0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->samples, 2);
  EXPECT_EQ(s->median, 3.0);
  EXPECT_FALSE(SummarizeHigherIsBetter({inf, 0.0}).has_value());
  EXPECT_FALSE(SummarizeLowerIsBetter({}).has_value());
}

TEST(BenchRates, FromBatchTimes) {
  // 5 launches of 2 GB in 2.5 ms: 4 TB/s; a zero-length batch cannot be a rate.
  const std::vector<double> rates = RatesFromBatches({2.5e-3, 0.0}, 2e9, 5);
  ASSERT_EQ(rates.size(), 2U);
  EXPECT_DOUBLE_EQ(rates[0], 4e12);
  EXPECT_TRUE(std::isinf(rates[1]));
  const std::vector<double> per = PerLaunchSeconds({1e-3, 2e-3}, 200);
  EXPECT_DOUBLE_EQ(per[0], 5e-6);
  EXPECT_DOUBLE_EQ(per[1], 1e-5);
  EXPECT_TRUE(std::isnan(PerLaunchSeconds({1.0}, 0)[0]));
}

TEST(BenchStability, CoefficientOfVariation) {
  EXPECT_EQ(CoefficientOfVariation({5.0, 5.0, 5.0}), 0.0);
  EXPECT_NEAR(*CoefficientOfVariation({9.0, 11.0}), 0.1, 1e-12);
  EXPECT_FALSE(CoefficientOfVariation({1.0}).has_value());
  EXPECT_FALSE(CoefficientOfVariation({1.0, -1.0}).has_value());
}

TEST(BenchCalibration, ScalesLaunchesToTheTargetLength) {
  EXPECT_EQ(ScaleIterations(1e-3, 64, 10e-3, 1 << 24), 640);
  EXPECT_EQ(ScaleIterations(1.0, 64, 10e-3, 1 << 24), 1);   // never below one
  EXPECT_EQ(ScaleIterations(1e-9, 64, 10.0, 1000), 1000);   // capped
  EXPECT_EQ(ScaleIterations(0.0, 64, 10e-3, 1 << 24), 64);  // no measurement: keep it
  EXPECT_EQ(ScaleIterations(std::nan(""), 8, 1.0, 4), 4);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
