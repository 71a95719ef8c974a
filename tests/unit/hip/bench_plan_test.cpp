// SPDX-License-Identifier: MIT
#include "hip/bench/bench_plan.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <string>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

TEST(BenchLevels, NamesRoundTrip) {
  for (const char* name : {"quick", "standard", "stress"}) {
    const auto level = ParseBenchLevel(name);
    ASSERT_TRUE(level) << name;
    EXPECT_STREQ(BenchLevelName(*level), name);
  }
  EXPECT_FALSE(ParseBenchLevel("Quick"));
  EXPECT_FALSE(ParseBenchLevel(""));
}

TEST(BenchLevels, QuickSkipsStressAndTestsASlice) {
  const BenchPlan quick = MakeBenchPlan(BenchLevel::kQuick, std::nullopt, std::nullopt);
  EXPECT_EQ(quick.stress_seconds, 0.0);
  EXPECT_EQ(quick.stream_array_bytes, kGiB);  // >= 1 GiB per array (issue 6)
  // 141 GB free on an H200: a 2 GiB slice.
  EXPECT_EQ(MemtestBytes(141'000'000'000ULL, quick), 2 * kGiB);
  const BenchPlan standard = MakeBenchPlan(BenchLevel::kStandard, std::nullopt, std::nullopt);
  EXPECT_EQ(standard.stress_seconds, 30.0);
  EXPECT_EQ(MemtestBytes(100 * kGiB, standard), 25 * kGiB);
  const BenchPlan stress = MakeBenchPlan(BenchLevel::kStress, std::nullopt, std::nullopt);
  EXPECT_EQ(stress.stress_seconds, 300.0);
  EXPECT_EQ(MemtestBytes(100 * kGiB, stress), 90 * kGiB);
}

TEST(BenchLevels, OverridesWin) {
  const BenchPlan plan = MakeBenchPlan(BenchLevel::kQuick, 0.5, 12.5);
  EXPECT_EQ(plan.stress_seconds, 12.5);
  EXPECT_EQ(MemtestBytes(100 * kGiB, plan), 50 * kGiB);  // not capped at the quick slice
}

TEST(BenchSizing, StreamArraysFitFreeMemory) {
  const BenchPlan plan = MakeBenchPlan(BenchLevel::kQuick, std::nullopt, std::nullopt);
  EXPECT_EQ(StreamElementsPerArray(141'000'000'000ULL, 4, plan), kGiB / 4);
  // 1 GiB free: each array at most a fifth, rounded down to the 2^20-element quantum.
  const std::uint64_t small = StreamElementsPerArray(kGiB, 4, plan);
  EXPECT_EQ(small % kStreamElementQuantum, 0U);
  EXPECT_LE(3 * small * 4, kGiB);
  EXPECT_GT(small, 0U);
  EXPECT_EQ(StreamElementsPerArray(16 << 20, 4, plan), 0U);  // not one quantum per array
  EXPECT_EQ(StreamElementsPerArray(kGiB, 0, plan), 0U);
}

TEST(BenchSizing, MemtestSliceIsAlignedAndNotTiny) {
  BenchPlan plan = MakeBenchPlan(BenchLevel::kQuick, 0.3, std::nullopt);
  const std::uint64_t bytes = MemtestBytes(kGiB + 12345, plan);
  EXPECT_EQ(bytes % kMemtestQuantum, 0U);
  EXPECT_LE(bytes, (kGiB + 12345) * 3 / 10);
  EXPECT_EQ(MemtestBytes(100 << 20, plan), 0U);  // 30 MB is under the 64 MiB minimum
  plan.memtest_fraction = 0.0;
  EXPECT_EQ(MemtestBytes(100 * kGiB, plan), 0U);
}

TEST(BenchSelection, NamesAndFamiliesInRunOrder) {
  EXPECT_EQ(SelectBenchmarks({}).names.size(), kBenchNames.size());
  const BenchSelection s = SelectBenchmarks({"compute.fp32_fma", "memory", "memory.copy"});
  EXPECT_FALSE(s.unknown);
  EXPECT_EQ(s.names, (std::vector<std::string>{"memory.copy", "memory.scale", "memory.add",
                                               "memory.triad", "memory.dot", "compute.fp32_fma"}));
  EXPECT_EQ(SelectBenchmarks({"memory", "mem"}).unknown, "mem");
  EXPECT_EQ(SelectBenchmarks({"memory."}).unknown, "memory.");
  EXPECT_EQ(SelectBenchmarks({"memory.triad.x"}).unknown, "memory.triad.x");
}

TEST(BenchSelection, MatrixFamilyRunsAfterComputeWithEveryName) {
  const BenchSelection s = SelectBenchmarks({"matrix"});
  ASSERT_FALSE(s.unknown);
  ASSERT_EQ(s.names.size(), 12u);
  EXPECT_EQ(s.names.front(), "matrix.bf16");
  EXPECT_EQ(s.names.back(), "matrix.int8_gst");
  const std::vector<std::string> all = SelectBenchmarks({}).names;
  const auto at = [&all](const char* name) {
    return std::find(all.begin(), all.end(), name) - all.begin();
  };
  EXPECT_EQ(at("matrix.bf16"), at("compute.bf16_fma") + 1);
  EXPECT_LT(at("matrix.int8_gst"), at("memtest.address"));
}

TEST(BenchLevels, MatrixBatchesPerLevel) {
  const BenchPlan quick = MakeBenchPlan(BenchLevel::kQuick, std::nullopt, std::nullopt);
  EXPECT_EQ(quick.matrix_samples, 5);
  EXPECT_DOUBLE_EQ(quick.matrix_batch_seconds, 0.025);
  EXPECT_EQ(quick.matrix_warmup_batches, 2);
  EXPECT_FALSE(quick.plant_matrix_corruption);
  EXPECT_EQ(quick.telemetry_interval_ms, 20);
  EXPECT_EQ(MakeBenchPlan(BenchLevel::kStandard, std::nullopt, std::nullopt).matrix_samples, 20);
  EXPECT_EQ(MakeBenchPlan(BenchLevel::kStress, std::nullopt, std::nullopt).matrix_samples, 50);
}

TEST(BenchSelection, SplitsCommaLists) {
  EXPECT_EQ(SplitCommaList("a,,b,"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(SplitCommaList("").empty());
}

TEST(StreamConfigOverride, AcceptsEveryKey) {
  std::string error;
  const auto c = ParseStreamConfig(
      "unroll=8,threads=512,hint=load,dot_unroll=4,dot_threads=256,dot=2", StreamConfig{}, &error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->unroll, 8);
  EXPECT_EQ(c->threads, 512);
  EXPECT_TRUE(c->streaming_loads);
  EXPECT_FALSE(c->streaming_stores);
  EXPECT_EQ(c->dot_unroll, 4);
  EXPECT_EQ(c->dot_threads, 256);
  EXPECT_EQ(c->dot_blocks_per_cu, 2);
  const auto plain = ParseStreamConfig("hint=plain", StreamConfig{}, &error);
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->streaming_loads || plain->streaming_stores);
  EXPECT_EQ(plain->unroll, StreamConfig{}.unroll);  // untouched keys keep the base
}

TEST(StreamConfigOverride, RejectsWhatWouldBreakTheExactFitGrid) {
  for (const char* bad :
       {"unroll=3", "threads=192", "threads=2048", "threads=32", "dot=0", "dot=33", "hint=fast",
        "unroll", "size=4", "unroll=x", "unroll=-1", "dot_threads=100"}) {
    std::string error;
    EXPECT_FALSE(ParseStreamConfig(bad, StreamConfig{}, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
