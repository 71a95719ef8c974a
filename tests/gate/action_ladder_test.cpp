// SPDX-License-Identifier: MIT
// The action ladder (issue 18, rocm_doctor/finding_action.h) through the gates: a finding whose
// code asks to isolate, reset or replace drains the node and names it; warnings that only ask to
// be monitored never drain, --fail-on warn or not; reset and replace say so in the Slurm reason
// and the NPD line. The codes are this test's own, registered with the catalog here.
#include <gtest/gtest.h>

#include "gate/gate_summary.h"
#include "gate/npd.h"
#include "gate/slurm_plan.h"
#include "rocm_doctor/catalog.h"

namespace rocm_doctor::gate {
namespace {

constexpr FindingSpec kSpecs[] = {
    {.code = "test.ladder.monitor",
     .severity = Status::kWarn,
     .title = "t",
     .remediation = "r",
     .action = FindingAction::kMonitor,
     .next_step = "watch the counter"},
    {.code = "test.ladder.isolate",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .action = FindingAction::kIsolate,
     .next_step = "drain"},
    {.code = "test.ladder.reset",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .action = FindingAction::kReset,
     .next_step = "reset the GPU"},
    {.code = "test.ladder.plain_warn", .severity = Status::kWarn, .title = "t", .remediation = "r"},
    {.code = "test.ladder.plain_fail", .severity = Status::kFail, .title = "t", .remediation = "r"},
};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

Finding F(std::string code) { return MakeFinding(std::move(code), "msg"); }

CheckRecord Record(std::string id, std::vector<Finding> findings) {
  CheckRecord r;
  r.id = std::move(id);
  Status worst = Status::kPass;
  for (const Finding& f : findings) worst = Worse(worst, f.status);
  r.outcome.status = worst;
  r.outcome.findings = std::move(findings);
  return r;
}

Report MakeReport(Verdict verdict, std::vector<CheckRecord> checks) {
  Report report;
  report.verdict = verdict;
  report.checks = std::move(checks);
  for (const CheckRecord& r : report.checks) {
    for (const Finding& f : r.outcome.findings) {
      if (f.status == Status::kFail || f.status == Status::kWarn) {
        report.root_causes.push_back(RootCause{r.id, f, {}, {}, {}});
      }
    }
  }
  return report;
}

SlurmNodeState IdleNode() {
  SlurmNodeState node;
  node.name = "gpu-01";
  node.state = node.base = "IDLE";
  return node;
}

TEST(ActionLadder, AFindingThatTakesTheNodeOutNamesTheDrainBeforeAnEarlierRootCause) {
  Report report = MakeReport(Verdict::kFail, {Record("a.plain", {F("test.ladder.plain_fail")}),
                                              Record("b.isolate", {F("test.ladder.isolate")}),
                                              Record("c.reset", {F("test.ladder.reset")})});
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.code, "test.ladder.reset");
  EXPECT_EQ(s.check_id, "c.reset");
  EXPECT_EQ(s.action, FindingAction::kReset);
  SlurmPlan plan = PlanSlurmAction(s, IdleNode(), {});
  EXPECT_EQ(plan.action, SlurmPlan::Action::kDrain);
  EXPECT_EQ(plan.reason, "rocm-doctor: test.ladder.reset (action: reset)");
  NpdAnswer npd = AnswerForNpd(s, false, true);
  EXPECT_EQ(npd.exit_code, kNpdProblem);
  EXPECT_EQ(npd.message.rfind("test.ladder.reset [reset]", 0), 0u) << npd.message;
}

TEST(ActionLadder, IsolateDrainsWithThePlainReason) {
  GateSummary s = SummarizeForGate(
      MakeReport(Verdict::kFail, {Record("b.isolate", {F("test.ladder.isolate")})}));
  EXPECT_EQ(s.action, FindingAction::kIsolate);
  EXPECT_EQ(DrainReason(s), "rocm-doctor: test.ladder.isolate");
}

TEST(ActionLadder, CodesWithoutAnActionKeepTheFirstRootCauseAndTheOldReason) {
  GateSummary s =
      SummarizeForGate(MakeReport(Verdict::kFail, {Record("a", {F("test.ladder.plain_fail")}),
                                                   Record("b", {F("test.ladder.plain_warn")})}));
  EXPECT_EQ(s.code, "test.ladder.plain_fail");
  EXPECT_EQ(s.action, FindingAction::kNone);
  EXPECT_FALSE(s.monitor_only);
  EXPECT_EQ(DrainReason(s), "rocm-doctor: test.ladder.plain_fail");
}

TEST(ActionLadder, MonitorNeverDrainsEvenWithFailOnWarn) {
  GateSummary s =
      SummarizeForGate(MakeReport(Verdict::kWarn, {Record("m", {F("test.ladder.monitor")})}));
  EXPECT_TRUE(s.monitor_only);
  EXPECT_EQ(s.action, FindingAction::kMonitor);
  const SlurmGatePolicy fail_on_warn{.warn_is_failure = true};
  EXPECT_EQ(HealthOf(s, fail_on_warn), Health::kHealthy);
  EXPECT_EQ(PlanSlurmAction(s, IdleNode(), fail_on_warn).action, SlurmPlan::Action::kNone);
  NpdAnswer npd = AnswerForNpd(s, true, true);
  EXPECT_EQ(npd.exit_code, kNpdOk);
  EXPECT_EQ(npd.message.rfind("monitor test.ladder.monitor", 0), 0u) << npd.message;
}

TEST(ActionLadder, AMonitorWarningBesideAPlainWarningStillDrainsOnFailOnWarn) {
  GateSummary s =
      SummarizeForGate(MakeReport(Verdict::kWarn, {Record("m", {F("test.ladder.monitor")}),
                                                   Record("w", {F("test.ladder.plain_warn")})}));
  EXPECT_FALSE(s.monitor_only);
  EXPECT_EQ(HealthOf(s, {.warn_is_failure = true}), Health::kUnhealthy);
  EXPECT_EQ(HealthOf(s, {}), Health::kHealthy);
}

TEST(ActionLadder, AWaivedIsolateFindingDoesNotDrain) {
  Finding waived = F("test.ladder.isolate");
  waived.waived = true;
  waived.waiver = "known bad, RMA filed";
  Report report = MakeReport(Verdict::kPass, {Record("b.isolate", {waived})});
  report.root_causes.clear();
  GateSummary s = SummarizeForGate(report);
  EXPECT_EQ(s.action, FindingAction::kNone);
  EXPECT_EQ(HealthOf(s, {}), Health::kHealthy);
}

}  // namespace
}  // namespace rocm_doctor::gate
