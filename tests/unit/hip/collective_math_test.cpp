// SPDX-License-Identifier: MIT
// The arithmetic of the collective.* benchmarks (src/hip/bench/collective_math.h): nccl-tests'
// bus bandwidth factors and the values that let every element of a result be checked.
#include "hip/bench/collective_math.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "hip/bench/bench_plan.h"

namespace rocm_doctor::hip_helper::collective {
namespace {

TEST(CollectiveMath, BusFactorsAreNcclTests) {
  // doc/PERFORMANCE.md: all-reduce 2(n-1)/n, all-gather (n-1)/n.
  EXPECT_DOUBLE_EQ(BusFactor(Kind::kAllReduce, 8), 1.75);
  EXPECT_DOUBLE_EQ(BusFactor(Kind::kAllGather, 8), 0.875);
  EXPECT_DOUBLE_EQ(BusFactor(Kind::kAllReduce, 2), 1.0);
  EXPECT_DOUBLE_EQ(BusFactor(Kind::kAllReduce, 1), 0.0) << "one rank moves nothing over a bus";
  EXPECT_DOUBLE_EQ(BusFactor(Kind::kAllGather, 0), 0.0);
  // S: the all-reduce buffer; the all-gather's whole gathered buffer.
  EXPECT_DOUBLE_EQ(OperationBytes(Kind::kAllReduce, 1024, 4, 8), 4096);
  EXPECT_DOUBLE_EQ(OperationBytes(Kind::kAllGather, 1024, 4, 8), 32768);
}

TEST(CollectiveMath, ExpectedValuesAreTheSumAndTheGather) {
  for (int n : {1, 2, 8}) {
    const std::size_t count = 1000;
    for (std::size_t j : {std::size_t{0}, std::size_t{250}, std::size_t{251}, std::size_t{999}}) {
      float sum = 0;
      for (int r = 0; r < n; ++r) sum += SendValue(Kind::kAllReduce, r, j);
      EXPECT_EQ(ExpectedValue(Kind::kAllReduce, n, count, j), sum) << n << " ranks, element " << j;
    }
    for (int r = 0; r < n; ++r) {
      for (std::size_t i : {std::size_t{0}, std::size_t{255}, std::size_t{256}, count - 1}) {
        EXPECT_EQ(ExpectedValue(Kind::kAllGather, n, count, r * count + i),
                  SendValue(Kind::kAllGather, r, i));
      }
    }
  }
  // Ranks are told apart: rank 1's block differs from rank 0's at every element.
  EXPECT_NE(SendValue(Kind::kAllGather, 0, 5), SendValue(Kind::kAllGather, 1, 5));
}

// What the helper's chunked fill and check rest on (collective.cpp FillSend, Verify): the send
// values repeat every kPeriod elements, and inside each block of a receive buffer so does the
// answer, so one chunk computed on the host stands for every chunk that starts at a multiple of
// it. Checked at the sizes the helper uses (1 MiB .. 16 GiB of floats) and 1, 4 and 8 ranks.
TEST(CollectiveMath, PatternsRepeatEveryPeriodInsideEachBlock) {
  for (int ranks : {1, 4, 8}) {
    for (std::size_t count = (1u << 20) / 4; count <= (std::size_t{16} << 30) / 4; count *= 4) {
      for (Kind kind : {Kind::kAllReduce, Kind::kAllGather}) {
        const std::size_t blocks = kind == Kind::kAllReduce ? 1 : static_cast<std::size_t>(ranks);
        for (std::size_t b = 0; b < blocks; ++b) {
          const std::size_t start = b * count;
          // A few chunk starts (multiples of kPeriod) and offsets inside them, the last included.
          for (std::size_t at : {kPeriod, 16 * kPeriod, 256 * kPeriod, count - count % kPeriod}) {
            if (at >= count) continue;
            for (std::size_t t : {std::size_t{0}, std::size_t{1}, std::size_t{250},
                                  std::size_t{255}, count - at - 1}) {
              if (at + t >= count) continue;
              ASSERT_EQ(ExpectedValue(kind, ranks, count, start + at + t),
                        ExpectedValue(kind, ranks, count, start + t))
                  << ranks << " ranks, count " << count << ", block " << b << ", at " << at;
              if (b == 0) {
                ASSERT_EQ(SendValue(kind, ranks - 1, at + t), SendValue(kind, ranks - 1, t));
              }
            }
          }
        }
      }
    }
  }
}

TEST(CollectiveMath, OnlyAskedForNeverInTheDefaultSet) {
  const BenchSelection all = SelectBenchmarks({});
  for (const std::string& name : all.names) EXPECT_NE(name.rfind("collective.", 0), 0u) << name;
  const BenchSelection asked = SelectBenchmarks({"collective"});
  ASSERT_FALSE(asked.unknown) << *asked.unknown;
  EXPECT_EQ(asked.names,
            (std::vector<std::string>{"collective.all_reduce", "collective.all_gather"}));
  const BenchSelection one = SelectBenchmarks({"memory.triad", "collective.all_gather"});
  EXPECT_EQ(one.names, (std::vector<std::string>{"memory.triad", "collective.all_gather"}));
  EXPECT_TRUE(SelectBenchmarks({"collective.bogus"}).unknown);
}

// Real runs of the helper (tests/fixtures/bench/collective/README.md): one rank each, NCCL
// 2.28.9, so the bus bandwidth is 0 (algbw x the bus factor) and what they prove is the code
// path and the verified data.
nlohmann::json LoadRun(const std::string& file) {
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/bench/collective/" + file);
  return in ? nlohmann::json::parse(in, nullptr, false) : nlohmann::json();
}

struct Recorded {
  const char* file;
  const char* device;  // the GPU it ran on, as the helper names it
};

class RecordedRun : public ::testing::TestWithParam<Recorded> {};

TEST_P(RecordedRun, IsVerifiedAndItsBandwidthsAgree) {
  const nlohmann::json run = LoadRun(GetParam().file);
  ASSERT_TRUE(run.is_object()) << "fixture missing or not JSON";
  EXPECT_EQ(run["device"]["name"], GetParam().device);
  ASSERT_EQ(run["benchmarks"].size(), 2u);
  for (const nlohmann::json& b : run["benchmarks"]) {
    SCOPED_TRACE(b["name"].get<std::string>());
    EXPECT_EQ(b["status"], "ok");
    EXPECT_EQ(b["verified"], true);
    const int ranks = b["params"]["ranks"].get<int>();
    const Kind kind = b["name"] == "collective.all_reduce" ? Kind::kAllReduce : Kind::kAllGather;
    EXPECT_DOUBLE_EQ(b["params"]["bus_factor"].get<double>(), BusFactor(kind, ranks));
    ASSERT_GE(b["params"]["sizes"].size(), 3u);
    for (const nlohmann::json& size : b["params"]["sizes"]) {
      EXPECT_EQ(size["verified"], true);
      EXPECT_GT(size["algbw"].get<double>(), 0);
      EXPECT_NEAR(size["busbw"].get<double>(), size["algbw"].get<double>() * BusFactor(kind, ranks),
                  1e-6 * size["algbw"].get<double>());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    CollectiveMath, RecordedRun,
    ::testing::Values(Recorded{"h200-collective.json", "NVIDIA H200"},  // quick, to 256 MiB
                      Recorded{"h100-collective-standard.json",
                               "NVIDIA H100 80GB HBM3"}));  // standard, to 16 GiB

TEST(CollectiveMath, TheStandardRunReachedSixteenGibibytes) {
  const nlohmann::json run = LoadRun("h100-collective-standard.json");
  ASSERT_TRUE(run.is_object());
  EXPECT_EQ(run["level"], "standard");
  for (const nlohmann::json& b : run["benchmarks"]) {
    // Asked for 16 GiB, and the figure is taken at the largest size run: that one.
    EXPECT_EQ(b["params"]["requested_bytes"].get<std::uint64_t>(), std::uint64_t{16} << 30);
    EXPECT_EQ(b["params"]["sizes"].back()["bytes"], b["params"]["requested_bytes"]);
    EXPECT_EQ(b["bytes"], b["params"]["requested_bytes"]);
  }
}

}  // namespace
}  // namespace rocm_doctor::hip_helper::collective
