// SPDX-License-Identifier: MIT
#include "gate/gate_summary.h"

#include <gtest/gtest.h>

namespace rocm_doctor::gate {
namespace {

CheckRecord Record(std::string id, Status status, std::vector<Finding> findings = {}) {
  CheckRecord r;
  r.id = std::move(id);
  r.outcome.status = status;
  r.outcome.findings = std::move(findings);
  return r;
}

Finding F(std::string code, Status status, std::string message) {
  Finding f;
  f.code = std::move(code);
  f.status = status;
  f.message = std::move(message);
  return f;
}

TEST(SummarizeForGate, PassNamesNothingAndCountsChecksRun) {
  Report report;
  report.verdict = Verdict::kPass;
  report.checks = {Record("hardware.gpus", Status::kPass), Record("driver.wsl", Status::kSkip),
                   Record("driver.amdgpu", Status::kPass)};
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.verdict, Verdict::kPass);
  EXPECT_TRUE(s.code.empty());
  EXPECT_EQ(s.checks_run, 2);
}

TEST(SummarizeForGate, FailNamesTheFirstFailingRootCauseNotAWarning) {
  Report report;
  report.verdict = Verdict::kFail;
  Finding warn = F("hardware.bar.small", Status::kWarn, "small BAR");
  Finding fail = F("driver.kfd.missing", Status::kFail, "no /dev/kfd");
  Finding fail2 = F("hardware.pcie.link_degraded", Status::kFail, "x8");
  report.root_causes = {RootCause{"driver.kfd", fail, {}, {}, {}},
                        RootCause{"hardware.pcie", fail2, {}, {}, {}},
                        RootCause{"hardware.bar", warn, {}, {}, {}}};
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.code, "driver.kfd.missing");
  EXPECT_EQ(s.check_id, "driver.kfd");
  EXPECT_EQ(s.message, "no /dev/kfd");
  EXPECT_EQ(s.more_causes, 1);
}

TEST(SummarizeForGate, FailWithoutRootCauseFallsBackToTheFirstFailingFinding) {
  Report report;
  report.verdict = Verdict::kFail;
  report.checks = {Record("hardware.gpus", Status::kPass),
                   Record("runtime.hip_devices", Status::kFail,
                          {F("runtime.hip.no_devices", Status::kFail, "HIP sees no GPU")})};
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.code, "runtime.hip.no_devices");
}

TEST(SummarizeForGate, UnknownNamesTheFirstCheckThatReachedNoAnswer) {
  Report report;
  report.verdict = Verdict::kUnknown;
  report.checks = {
      Record("hardware.gpus", Status::kPass),
      Record("runtime.hip_devices", Status::kTimeout,
             {F("runtime.hip.info", Status::kInfo, "x"),
              F("core.run.deadline", Status::kTimeout, "still running at the run's deadline")}),
      Record("libraries.code_objects", Status::kError, {})};
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.verdict, Verdict::kUnknown);
  EXPECT_EQ(s.code, "core.run.deadline");
  EXPECT_EQ(s.check_id, "runtime.hip_devices");
  EXPECT_EQ(s.more_causes, 1);
}

}  // namespace
}  // namespace rocm_doctor::gate
