// SPDX-License-Identifier: MIT
// bench.collective (checks/bench/collective.cpp) on helper output in the shape of
// tests/fixtures/bench/collective/h200-collective.json (the real one-rank run) with 8 ranks, and
// the floors of checks/data/collective_floors.csv (src/knowledge/collective_floors.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checks/bench/bench_json.h"
#include "knowledge/collective_floors.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

std::string ReadRepoFile(const std::string& relative) {
  std::ifstream in(std::filesystem::path(ROCMDOC_SOURCE_DIR) / relative, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The runtime's view: `n` MI300X.
std::string ProbeJson(int n) {
  std::string devices;
  for (int i = 0; i < n; ++i) {
    devices += fmt::format(
        R"({}{{"index":{},"name":"AMD Instinct MI300X","arch":"gfx942:sramecc+:xnack-",)"
        R"("compute_units":304,"pci_bdf":"0000:{:02x}:00.0","error":null,"smoke":null}})",
        i ? "," : "", i, 0x0c + 0x10 * i);
  }
  return fmt::format(
      R"({{"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx942"],)"
      R"("runtime_version":60443483,"driver_version":60443483,"device_count":{},"error":null,)"
      R"("devices":[{}]}})",
      n, devices);
}

constexpr double k16GiB = 17179869184.0;

// One collective entry as src/hip/bench/collective.cpp prints it: sizes 1 MiB x4 up to `largest`
// (16 GiB, as the extended level reaches), busbw of the largest `busbw_largest` B/s; `bad_size`
// (bytes) fails verification when not 0.
std::string Entry(const std::string& name, int ranks, double busbw_largest, double bad_size = 0,
                  double largest = k16GiB) {
  const double factor = name.ends_with("all_reduce") ? 2.0 * (ranks - 1) / ranks
                                                     : static_cast<double>(ranks - 1) / ranks;
  std::string sizes;
  bool all_ok = true;
  for (double b = 1048576; b <= largest; b *= 4) {
    const double busbw = busbw_largest * (b == largest ? 1.0 : b / largest + 0.5);
    const bool ok = b != bad_size;
    all_ok = all_ok && ok;
    sizes += fmt::format(R"({}{{"bytes":{:.0f},"algbw":{:g},"busbw":{:g},"verified":{}}})",
                         sizes.empty() ? "" : ",", b, ranks > 1 ? busbw / factor : busbw, busbw,
                         ok ? "true" : "false");
  }
  const std::string status = all_ok ? "ok" : "verify_failed";
  const std::string reason = all_ok ? "null" : R"("wrong result: see params.mismatch")";
  const std::string mismatch =
      all_ok ? "" : R"(,"mismatch":"rank 0 element 4096: expected 36, got 35")";
  return fmt::format(
      R"({{"name":"{}","status":"{}","reason":{},"unit":"B/s","best":{:g},"median":{:g},)"
      R"("worst":{:g},"spread":0.01,"samples":5,"iterations":10,"bytes":268435456,)"
      R"("elements":67108864,"element_bytes":4,"clock_mhz_seen":null,"verified":{},)"
      R"("params":{{"version":22403,"library":"/opt/rocm/lib/librccl.so.1","ranks":{},)"
      R"("datatype":"float32","bus_factor":{:g},"sizes":[{}]{}}}}})",
      name, status, reason, busbw_largest, busbw_largest, busbw_largest, all_ok ? "true" : "false",
      ranks, factor, sizes, mismatch);
}

std::string CollectiveRun(int ranks, double all_reduce_busbw, double all_gather_busbw,
                          double bad = 0, double largest = k16GiB) {
  return fmt::format(
      R"({{"format":1,"kind":"bench","backend":"hip","runtime_version":60443483,)"
      R"("driver_version":60443483,"level":"standard","interrupted":false,"error":null,)"
      R"("device":{{"index":0,"name":"AMD Instinct MI300X","arch":"gfx942:sramecc+:xnack-",)"
      R"("pci_bus_id":"0000:0c:00.0","compute_units":304,"clock_mhz":2100,)"
      R"("memory_clock_mhz":1300,"memory_bus_width_bits":8192,"total_bytes":206141652992,)"
      R"("free_bytes":205000000000,"numa_node":0}},"benchmarks":[{},{}],"wall_seconds":9.5,)"
      R"("elapsed_s":9.6}})",
      Entry("collective.all_reduce", ranks, all_reduce_busbw, bad, largest),
      Entry("collective.all_gather", ranks, all_gather_busbw, 0, largest));
}

std::shared_ptr<FakeSystemView> Node(int gpus, const std::string& bench) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-probe", ExitedWith(ProbeJson(gpus)));
  view->Command("hip-bench.collective", ExitedWith(bench));
  return view;
}

CheckOptions Only() {
  CheckOptions options;
  options.bench.level = "standard";
  options.bench.only = {"collective"};
  return options;
}

TEST(CollectiveFloors, TheBuiltinTableParses) {
  auto parsed = collective_floors::Parse(ReadRepoFile("checks/data/collective_floors.csv"),
                                         "collective_floors.csv");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->size(), collective_floors::Builtin().size());
  const auto* f = collective_floors::Find(collective_floors::Builtin(), "AMD Instinct MI300X", 8,
                                          "collective.all_reduce");
  ASSERT_NE(f, nullptr);
  EXPECT_DOUBLE_EQ(f->min_busbw_bps, 314e9);
  ASSERT_TRUE(f->message_bytes);
  EXPECT_DOUBLE_EQ(*f->message_bytes, k16GiB);
  EXPECT_NE(f->source.find("https://github.com/Azure/azurehpc-health-checks"), std::string::npos);
  // Every row names where its figure comes from; the two unlocated ones say so.
  for (const auto& row : collective_floors::Builtin()) {
    EXPECT_NE(row.source.find("https://"), std::string::npos) << row.gpu;
    if (!row.message_bytes) EXPECT_NE(row.source.find("not yet located"), std::string::npos);
  }
}

TEST(CollectiveFloors, ModelsMatchAsWholeWords) {
  EXPECT_TRUE(collective_floors::NamesModel("AMD Instinct MI250X / MI250", "MI250"));
  EXPECT_FALSE(collective_floors::NamesModel("AMD Instinct MI250X", "MI250"));
  EXPECT_FALSE(collective_floors::NamesModel("AMD Instinct MI300X", "MI300"));
  EXPECT_TRUE(collective_floors::NamesModel("amd instinct mi300x", "MI300X"));
}

TEST(CollectiveFloors, BadRowsNameTheLine) {
  const std::string header = "gpu,gpus,benchmark,min_busbw_gbs,message_bytes,source\n";
  auto one_gpu = collective_floors::Parse(header + "MI300X,1,collective.all_reduce,10,,x\n", "f");
  ASSERT_FALSE(one_gpu);
  EXPECT_EQ(one_gpu.error(), "f:2: gpus must be a whole number of at least 2");
  auto no_source = collective_floors::Parse(header + "MI300X,8,collective.all_reduce,10,,\n", "f");
  ASSERT_FALSE(no_source);
  EXPECT_NE(no_source.error().find("source is empty"), std::string::npos);
  auto not_collective = collective_floors::Parse(header + "MI300X,8,memory.triad,10,,x\n", "f");
  EXPECT_FALSE(not_collective);
  auto bad_size =
      collective_floors::Parse(header + "MI300X,8,collective.all_reduce,10,16G,x\n", "f");
  ASSERT_FALSE(bad_size);
  EXPECT_EQ(bad_size.error(),
            "f:2: message_bytes must be a whole number of bytes above 0, or empty");
  auto old_header = collective_floors::Parse("gpu,gpus,benchmark,min_busbw_gbs,source\n", "f");
  EXPECT_FALSE(old_header);
}

TEST(BenchCollective, EightHealthyMi300xPass) {
  CheckOutcome out = RunCheck("bench.collective", Node(8, CollectiveRun(8, 330e9, 300e9)), Only());
  // all_reduce is judged at 16 GiB against 314 GB/s and passes; all_gather has no published
  // floor: info.
  ASSERT_NE(FindFinding(out, "bench.collective.not_judged"), nullptr) << out.summary;
  EXPECT_EQ(FindFinding(out, "bench.collective.below_floor"), nullptr);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;  // info findings only
  EXPECT_NE(FindFinding(out, "bench.collective.not_judged")->message.find("collective.all_gather"),
            std::string::npos);
  // The judged all-reduce keeps its pass and the evidence it rests on.
  EXPECT_EQ(out.summary, "1 collective at or above the floor, 1 reported unjudged");
  ASSERT_EQ(out.evidence.size(), 1u);
  EXPECT_EQ(out.evidence[0].observed, "busbw 330.0 GB/s at 16 GiB");
}

TEST(BenchCollective, BelowTheFloorFailsWithItsSource) {
  CheckOutcome out = RunCheck("bench.collective", Node(8, CollectiveRun(8, 180e9, 170e9)), Only());
  const Finding* f = FindFinding(out, "bench.collective.below_floor");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->status, Status::kFail);
  EXPECT_EQ(f->message,
            "collective.all_reduce over 8 GPUs (AMD Instinct MI300X): busbw 180.0 GB/s at 16 GiB, "
            "below the floor of 314 GB/s for 8 x MI300X (57%)");
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_NE(f->evidence[0].expected.find(">= 314 GB/s (8 x MI300X at 16 GiB): Azure HPC node"),
            std::string::npos)
      << f->evidence[0].expected;
  EXPECT_EQ(out.status, Status::kFail);
}

// Azure's floor is the busbw at 16 GiB; a run that stopped at 256 MiB sits lower on the curve
// (RCCL's bus bandwidth still climbs there) and is reported, not failed.
TEST(BenchCollective, ARunBelowTheFloorsMessageSizeIsNotJudged) {
  CheckOutcome out =
      RunCheck("bench.collective", Node(8, CollectiveRun(8, 180e9, 170e9, 0, 268435456.0)), Only());
  EXPECT_EQ(FindFinding(out, "bench.collective.below_floor"), nullptr) << out.summary;
  const Finding* f = FindFinding(out, "bench.collective.not_judged");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "collective.all_reduce over 8 GPUs (AMD Instinct MI300X): busbw 180.0 GB/s at 256 MiB; "
            "not judged: the floor of 314 GB/s for 8 x MI300X holds at 16 GiB, and this run's "
            "largest message was 256 MiB (the extended and stress levels reach it where the GPUs' "
            "memory allows)");
  EXPECT_EQ(out.status, Status::kPass);  // info findings only
}

TEST(BenchCollective, AVerificationFailureNamesSizeAndMismatch) {
  CheckOutcome out =
      RunCheck("bench.collective", Node(8, CollectiveRun(8, 330e9, 300e9, 67108864)), Only());
  const Finding* f = FindFinding(out, "bench.collective.verify_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->status, Status::kFail);
  EXPECT_EQ(f->message,
            "collective.all_reduce over 8 GPUs: wrong result at 64 MiB; first mismatch: rank 0 "
            "element 4096: expected 36, got 35");
}

TEST(BenchCollective, TheRealOneRankH200RunIsInfo) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-probe", ExitedWith(ProbeJson(1)));
  view->Command("hip-bench.collective",
                ExitedWith(ReadRepoFile("tests/fixtures/bench/collective/h200-collective.json")));
  CheckOutcome out = RunCheck("bench.collective", view, Only());
  const Finding* f = FindFinding(out, "bench.collective.one_rank");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "collective.all_reduce: bus bandwidth is 0 by definition with one GPU; the code path "
            "and results were verified");
  EXPECT_EQ(out.status, Status::kPass);  // info findings only
}

TEST(BenchCollective, TheRealSixteenGibibyteH100RunIsInfo) {
  // The standard level's run, to 16 GiB (tests/fixtures/bench/collective/README.md).
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-probe", ExitedWith(ProbeJson(1)));
  const std::string run =
      ReadRepoFile("tests/fixtures/bench/collective/h100-collective-standard.json");
  view->Command("hip-bench.collective", ExitedWith(run));
  CheckOutcome out = RunCheck("bench.collective", view, Only());
  EXPECT_NE(FindFinding(out, "bench.collective.one_rank"), nullptr) << out.summary;
  EXPECT_EQ(FindFinding(out, "bench.collective.verify_failed"), nullptr) << out.summary;
  EXPECT_EQ(out.status, Status::kPass);
}

TEST(BenchCollective, ACountWithoutAFloorIsNotJudged) {
  CheckOutcome out = RunCheck("bench.collective", Node(4, CollectiveRun(4, 200e9, 150e9)), Only());
  const Finding* f = FindFinding(out, "bench.collective.not_judged");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("no floor for 4 x AMD Instinct MI300X"), std::string::npos)
      << f->message;
}

TEST(BenchCollective, RunsOnlyWhenAskedOrAtLongerLevelsOnSeveralGpus) {
  CheckOptions standard;
  standard.bench.level = "standard";
  EXPECT_EQ(RunCheck("bench.collective", Node(8, CollectiveRun(8, 330e9, 300e9)), standard).status,
            Status::kSkip);
  CheckOptions stress;
  stress.bench.level = "stress";
  EXPECT_EQ(RunCheck("bench.collective", Node(1, CollectiveRun(1, 0, 0)), stress).status,
            Status::kSkip);
  CheckOutcome out = RunCheck("bench.collective", Node(8, CollectiveRun(8, 180e9, 300e9)), stress);
  EXPECT_NE(FindFinding(out, "bench.collective.below_floor"), nullptr) << out.summary;
  CheckOptions other = Only();
  other.bench.only = {"memory"};
  EXPECT_EQ(RunCheck("bench.collective", Node(8, CollectiveRun(8, 330e9, 300e9)), other).status,
            Status::kSkip);
}

// `--only collective` on 8 GPUs: bench.run judges the one run over every GPU that
// bench.collective asks for, not eight per-GPU runs of the same collectives (the fake records only
// hip-bench.collective, so a per-GPU run would come back unrecorded).
TEST(BenchCollective, OnlyCollectivesRunTheHelperOnce) {
  auto view = Node(8, CollectiveRun(8, 330e9, 300e9));
  CheckOutcome run = RunCheck("bench.run", view, Only());
  EXPECT_EQ(run.status, Status::kPass) << run.summary;
  EXPECT_EQ(run.summary.find("device 1"), std::string::npos) << run.summary;
  EXPECT_NE(run.summary.find("2 results"), std::string::npos) << run.summary;
}

TEST(BenchCollective, AMissingLibraryOrAFailureIsReported) {
  std::string run = CollectiveRun(8, 330e9, 300e9);
  std::string skipped = run;
  skipped.replace(skipped.find(R"("status":"ok")"), 13,
                  R"("status":"skipped","reason":"librccl.so.1: cannot open shared object file")");
  skipped.replace(skipped.find(R"("reason":null)"), 14, "");
  CheckOutcome out = RunCheck("bench.collective", Node(8, skipped), Only());
  EXPECT_NE(FindFinding(out, "bench.collective.unavailable"), nullptr) << out.summary;
  std::string failed = run;
  failed.replace(failed.find(R"("status":"ok")"), 13, R"("status":"timeout")");
  out = RunCheck("bench.collective", Node(8, failed), Only());
  ASSERT_NE(FindFinding(out, "bench.collective.failed"), nullptr) << out.summary;
  EXPECT_EQ(out.status, Status::kFail);
}

}  // namespace
}  // namespace rocm_doctor::testing
