// SPDX-License-Identifier: MIT
// Every helper output under tests/fixtures/bench/ parses and, judged against the built-in
// thresholds, passes: h200-quick.json is the real run on the project's H200, matched by name in
// checks/data/bench_reference_gpus.csv (no AMD table row, no PCI function in this fake system).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "checks/bench/bench_json.h"
#include "collect/bench/hip_bench_parse.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "fixtures" / "bench";

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CheckOptions Device0() {
  CheckOptions options;
  options.bench.level = "quick";
  options.bench.device = 0;
  return options;
}

TEST(BenchFixtures, TheDirectoryHoldsTheH200Run) {
  EXPECT_TRUE(fs::is_regular_file(kDir / "h200-quick.json"));
}

TEST(BenchFixtures, EveryRecordedRunParsesAndPasses) {
  std::size_t files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    const std::string name = entry.path().filename().string();
    const std::string text = Read(entry.path());
    auto report = parse::ParseHipBenchJson(text);
    ASSERT_TRUE(report.ok()) << name << ": " << report.error();
    EXPECT_FALSE(report->interrupted) << name;
    auto view = std::make_shared<FakeSystemView>();
    view->Command("hip-bench", ExitedWith(text));
    CheckOutcome run = RunCheck("bench.run", view, Device0());
    EXPECT_EQ(run.status, Status::kPass) << name << ": " << run.summary;
    EXPECT_FALSE(HasFinding(run, "bench.reference.missing")) << name << ": not judged";
    for (const char* id :
         {"bench.memory", "bench.host_link", "bench.launch", "bench.compute", "bench.memtest"}) {
      CheckOutcome out = RunCheck(id, view, Device0());
      EXPECT_EQ(out.status, Status::kPass)
          << name << " " << id << ": " << out.summary
          << (out.findings.empty() ? "" : " / " + out.findings.front().message);
      for (const BenchmarkResult& r : out.benchmarks) {
        EXPECT_NE(r.verdict, Status::kFail) << name << " " << r.name;
      }
    }
  }
  EXPECT_GE(files, 1u);
}

TEST(BenchFixtures, TheH200IsJudgedAgainstItsDatasheet) {
  auto view = std::make_shared<FakeSystemView>();
  view->Command("hip-bench", ExitedWith(Read(kDir / "h200-quick.json")));
  CheckOutcome run = RunCheck("bench.run", view, Device0());
  EXPECT_NE(run.summary.find("judged against NVIDIA H200"), std::string::npos) << run.summary;
  CheckOutcome memory = RunCheck("bench.memory", view, Device0());
  ASSERT_EQ(memory.benchmarks.size(), 5u);
  for (const BenchmarkResult& r : memory.benchmarks) {
    EXPECT_EQ(r.verdict, Status::kPass) << r.name;
    ASSERT_TRUE(r.datasheet) << r.name;
    EXPECT_DOUBLE_EQ(*r.datasheet, 4.8e12);
    EXPECT_DOUBLE_EQ(*r.limit, 0.65 * 4.8e12) << r.name;
    EXPECT_GT(*r.percent_of_peak, 85) << r.name << ": the H200 streams at ~89-94% of its peak";
  }
  CheckOutcome compute = RunCheck("bench.compute", view, Device0());
  const BenchmarkResult& fp32 = compute.benchmarks.front();
  EXPECT_EQ(fp32.name, "compute.fp32_fma");
  EXPECT_NEAR(*fp32.percent_of_peak, 98.8, 0.1);
  CheckOutcome host = RunCheck("bench.host_link", view, Device0());
  EXPECT_NEAR(*host.benchmarks.front().datasheet, 63.0e9, 0.02e9) << "PCIe Gen5 x16";
}

}  // namespace
}  // namespace rocm_doctor::testing
