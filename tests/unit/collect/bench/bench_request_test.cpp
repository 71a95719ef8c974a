// SPDX-License-Identifier: MIT
// bench --stress-seconds S reaches the helper: the option (BenchOptions) becomes the request
// (bench::RequestFor), the request's identity (Key) tells it apart, the helper's command line
// carries it and the run's deadline grows by S (issue 15: the helper's own skip line says
// "give --stress-seconds S", which the doctor did not accept).
#include <gtest/gtest.h>

#include <memory>

#include "checks/bench/bench_json.h"
// The checks' own header (the tests' include path has tests/checks/, not checks/).
#include "../../../../checks/bench/bench_support.h"
#include "collect/bench/hip_bench_collector.h"
#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

BenchRequest WithStress(std::optional<int> seconds, std::vector<std::int64_t> devices = {0}) {
  BenchRequest r;
  r.devices = std::move(devices);
  r.stress_seconds = seconds;
  return r;
}

TEST(BenchStressSeconds, TheCommandLineCarriesThem) {
  EXPECT_EQ(BenchArgv("rocm-doctor-hip", WithStress(120), 1),
            (std::vector<std::string>{"rocm-doctor-hip", "--bench", "--level", "quick",
                                      "--stress-seconds", "120", "--device", "1"}));
  EXPECT_EQ(BenchArgv("rocm-doctor-hip", WithStress(std::nullopt), std::nullopt),
            (std::vector<std::string>{"rocm-doctor-hip", "--bench", "--level", "quick"}));
}

TEST(BenchStressSeconds, TheyAreTheRequestsIdentity) {
  EXPECT_NE(WithStress(30).Key(), WithStress(std::nullopt).Key());
  EXPECT_NE(WithStress(30).Key(), WithStress(31).Key());
  EXPECT_EQ(WithStress(30).Key(), WithStress(30).Key());
  // Devices and seconds cannot run into each other: {1} with 23 s is not {12} with 3 s.
  EXPECT_NE(WithStress(23, {1}).Key(), WithStress(3, {12}).Key());
}

TEST(BenchStressSeconds, TheDeadlineIsTheLevelsPlusTheSeconds) {
  EXPECT_EQ(BenchDeadline(WithStress(std::nullopt)), BenchTimeout(BenchLevel::kStandard));
  EXPECT_EQ(BenchDeadline(WithStress(600)), BenchTimeout(BenchLevel::kStandard) + std::chrono::seconds(600));
  BenchRequest stress = WithStress(86400);
  stress.level = BenchLevel::kStress;
  EXPECT_EQ(BenchDeadline(stress), BenchTimeout(BenchLevel::kStress) + std::chrono::seconds(86400));

  FakeSystemView view;
  view.Command("hip-bench", ExitedWith(BenchJson(Mi300xDevice(0), HealthyMi300x())));
  const BenchFacts facts = CollectHipBench(view, HelperLocation{}, WithStress(45));
  ASSERT_EQ(facts.runs.size(), 1u);
  const BenchRun& run = facts.runs[0];
  EXPECT_EQ(run.run.timeout_ms,
            std::chrono::milliseconds(BenchTimeout(BenchLevel::kStandard) + std::chrono::seconds(45))
                .count());
  EXPECT_EQ(run.run.argv, BenchArgv(kHipHelperName, WithStress(45), 0));
}

TEST(BenchStressSeconds, TheOptionBecomesTheRequest) {
  auto view = std::make_shared<FakeSystemView>();
  FactStore facts(view);
  CheckOptions options;
  options.bench.level = "quick";
  options.bench.device = 0;
  options.bench.stress_seconds = 90;
  EXPECT_EQ(bench::RequestFor(CheckContext{facts, options}).stress_seconds, 90);
  options.bench.stress_seconds.reset();
  EXPECT_FALSE(bench::RequestFor(CheckContext{facts, options}).stress_seconds);
}

// One vocabulary (issue 15): the doctor's standard, extended and stress are the helper's quick,
// standard and stress; the helper keeps its words on its command line, the doctor's are used in
// everything it prints.
TEST(BenchLevels, TheDoctorsWordsMapOntoTheHelpers) {
  const std::pair<std::string_view, std::string_view> pairs[] = {
      {"standard", "quick"}, {"extended", "standard"}, {"stress", "stress"}};
  for (const auto& [doctor, helper] : pairs) {
    const std::optional<BenchLevel> level = BenchLevelFromString(doctor);
    ASSERT_TRUE(level) << doctor;
    EXPECT_EQ(ToString(*level), doctor);
    EXPECT_EQ(HelperLevelName(*level), helper);
    EXPECT_EQ(BenchLevelFromHelper(helper), level);
    BenchRequest r;
    r.level = *level;
    EXPECT_EQ(BenchArgv("h", r, std::nullopt),
              (std::vector<std::string>{"h", "--bench", "--level", std::string(helper)}));
  }
  for (std::string_view word : {"basic", "quick", "", "Standard", "stress ", "extended\n"}) {
    EXPECT_FALSE(BenchLevelFromString(word)) << word;
  }
  EXPECT_FALSE(BenchLevelFromHelper("extended"));
  // The helper's JSON says "standard" for the doctor's extended: the report says extended.
  std::string json = BenchJson(Mi300xDevice(0), HealthyMi300x());
  const std::string quick = "\"level\":\"quick\"";
  const std::size_t at = json.find(quick);
  ASSERT_NE(at, std::string::npos) << json.substr(0, 200);
  json.replace(at, quick.size(), "\"level\":\"standard\"");
  FakeSystemView view;
  view.Command("hip-bench", ExitedWith(json));
  BenchRequest extended = WithStress(std::nullopt);
  extended.level = BenchLevel::kExtended;
  const BenchFacts facts = CollectHipBench(view, HelperLocation{}, extended);
  ASSERT_EQ(facts.runs[0].run.state, HelperRunState::kOk) << facts.runs[0].run.detail;
  EXPECT_EQ(facts.runs[0].report.level, "extended");
  EXPECT_EQ(facts.runs[0].run.timeout_ms, 300000);
}

}  // namespace
}  // namespace rocm_doctor::testing
