// SPDX-License-Identifier: MIT
#include "gate/slurm_plan.h"

#include <gtest/gtest.h>

namespace rocm_doctor::gate {
namespace {

using Action = SlurmPlan::Action;

GateSummary GateSummaryOf(Verdict verdict, std::string code = {}) {
  GateSummary s;
  s.verdict = verdict;
  s.code = std::move(code);
  return s;
}

SlurmNodeState Node(std::string state, std::optional<std::string> reason = std::nullopt) {
  SlurmNodeState node;
  node.name = "gpu-01";
  node.state = state;
  std::size_t plus = state.find('+');
  node.base = state.substr(0, plus);
  while (plus != std::string::npos) {
    std::size_t next = state.find('+', plus + 1);
    node.flags.push_back(state.substr(plus + 1, next - plus - 1));
    plus = next;
  }
  node.reason = std::move(reason);
  return node;
}

struct Case {
  std::string name;
  GateSummary summary;
  SlurmNodeState node;
  SlurmGatePolicy policy;
  Action action;
  std::string reason;  // for kDrain
};

TEST(PlanSlurmAction, Table) {
  const GateSummary fail = GateSummaryOf(Verdict::kFail, "hardware.gpu.none_found");
  const GateSummary pass = GateSummaryOf(Verdict::kPass);
  const GateSummary warn = GateSummaryOf(Verdict::kWarn, "hardware.bar.small");
  const GateSummary unknown = GateSummaryOf(Verdict::kUnknown, "runtime.hip_probe.timeout");
  const std::string ours = "rocm-doctor: hardware.gpu.none_found";
  const Case cases[] = {
      {"fail drains an idle node", fail, Node("IDLE"), {}, Action::kDrain, ours},
      {"fail drains a busy node", fail, Node("MIXED"), {}, Action::kDrain, ours},
      {"fail leaves our identical drain alone",
       fail,
       Node("IDLE+DRAIN", ours),
       {},
       Action::kNone,
       ""},
      {"fail updates our drain naming another code",
       fail,
       Node("IDLE+DRAIN", "rocm-doctor: driver.kfd.missing"),
       {},
       Action::kDrain,
       ours},
      {"fail never touches a maintenance drain",
       fail,
       Node("IDLE+DRAIN", "maintenance"),
       {},
       Action::kNone,
       ""},
      {"fail never touches Slurm's own down reason",
       fail,
       Node("DOWN", "Not responding"),
       {},
       Action::kNone,
       ""},
      {"a reason merely containing rocm-doctor is not ours",
       fail,
       Node("IDLE+DRAIN", "see rocm-doctor: output"),
       {},
       Action::kNone,
       ""},
      {"pass resumes our drain", pass, Node("IDLE+DRAIN", ours), {}, Action::kResume, ""},
      {"pass resumes our draining busy node",
       pass,
       Node("MIXED+DRAIN", ours),
       {},
       Action::kResume,
       ""},
      {"pass resumes our drained node that went down",
       pass,
       Node("DOWN+DRAIN+NOT_RESPONDING", ours),
       {},
       Action::kResume,
       ""},
      {"pass leaves a maintenance drain alone",
       pass,
       Node("IDLE+DRAIN", "maintenance"),
       {},
       Action::kNone,
       ""},
      {"pass leaves an idle node alone", pass, Node("IDLE"), {}, Action::kNone, ""},
      {"warn is healthy by default",
       warn,
       Node("IDLE+DRAIN", "rocm-doctor: hardware.bar.small"),
       {},
       Action::kResume,
       ""},
      {"warn drains with --fail-on warn",
       warn,
       Node("IDLE"),
       {.warn_is_failure = true},
       Action::kDrain,
       "rocm-doctor: hardware.bar.small"},
      {"unknown changes nothing", unknown, Node("IDLE"), {}, Action::kNone, ""},
      {"unknown does not resume our drain",
       unknown,
       Node("IDLE+DRAIN", ours),
       {},
       Action::kNone,
       ""},
      {"unknown drains with --drain-unknown",
       unknown,
       Node("IDLE"),
       {.unknown_drains = true},
       Action::kDrain,
       "rocm-doctor: runtime.hip_probe.timeout"},
      {"--drain-unknown still spares a foreign reason",
       unknown,
       Node("IDLE+DRAIN", "maintenance"),
       {.unknown_drains = true},
       Action::kNone,
       ""},
  };
  for (const Case& c : cases) {
    SlurmPlan plan = PlanSlurmAction(c.summary, c.node, c.policy);
    EXPECT_EQ(plan.action, c.action) << c.name << ": " << plan.why;
    EXPECT_EQ(plan.reason, c.reason) << c.name;
    EXPECT_FALSE(plan.why.empty()) << c.name;
    // --dry-run prints `would`: the same decision in the future tense, naming the node.
    EXPECT_EQ(plan.would.rfind("would ", 0), 0u) << c.name << ": " << plan.would;
    EXPECT_NE(plan.would.find("node gpu-01"), std::string::npos) << c.name << ": " << plan.would;
    if (c.action == Action::kDrain) {
      EXPECT_NE(plan.would.find("\"" + c.reason + "\""), std::string::npos) << plan.would;
    }
  }
}

TEST(PlanSlurmAction, WouldSaysTheActionInTheFutureTense) {
  const GateSummary fail = GateSummaryOf(Verdict::kFail, "hardware.gpu.none_found");
  EXPECT_EQ(PlanSlurmAction(fail, Node("IDLE"), {}).would,
            "would drain node gpu-01 with reason \"rocm-doctor: hardware.gpu.none_found\"");
  EXPECT_EQ(PlanSlurmAction(GateSummaryOf(Verdict::kPass),
                            Node("IDLE+DRAIN", "rocm-doctor: hardware.gpu.none_found"), {})
                .would,
            "would resume node gpu-01 (now IDLE+DRAIN, reason \"rocm-doctor: "
            "hardware.gpu.none_found\"): healthy again");
}

// The dry run without a slurmctld: no state to plan against, so the plan says what it would do
// for the states that matter, and the update it would run in the case that acts.
TEST(PlanWithoutNodeState, SaysWhatItWouldDoAndOnWhatCondition) {
  const struct {
    GateSummary summary;
    SlurmGatePolicy policy;
    Action action;
    std::string would;
  } cases[] = {
      {GateSummaryOf(Verdict::kFail, "hardware.gpu.none_found"), {}, Action::kDrain,
       "would drain node gpu-01 with reason \"rocm-doctor: hardware.gpu.none_found\", unless "
       "a reason that is not rocm-doctor's is set on it (its state could not be read)"},
      {GateSummaryOf(Verdict::kWarn, "hardware.bar.small"), {.warn_is_failure = true}, Action::kDrain,
       "would drain node gpu-01 with reason \"rocm-doctor: hardware.bar.small\", unless a "
       "reason that is not rocm-doctor's is set on it (its state could not be read)"},
      {GateSummaryOf(Verdict::kPass), {}, Action::kResume,
       "would resume node gpu-01 if rocm-doctor drained it, else leave it as it is (its state "
       "could not be read)"},
      {GateSummaryOf(Verdict::kUnknown, "core.run.deadline"), {}, Action::kNone,
       "would leave node gpu-01 as it is: could not tell whether it is healthy"},
  };
  for (const auto& c : cases) {
    SlurmPlan plan = PlanWithoutNodeState(c.summary, "gpu-01", c.policy);
    EXPECT_EQ(plan.action, c.action) << c.would;
    EXPECT_EQ(plan.would, c.would);
  }
}

TEST(PlanSlurmAction, WhyNamesTheForeignReasonAndWhoSetIt) {
  SlurmNodeState node = Node("IDLE+DRAIN", "maintenance");
  node.reason_user = "alice";
  SlurmPlan plan = PlanSlurmAction(GateSummaryOf(Verdict::kFail, "x.y"), node, {});
  EXPECT_NE(plan.why.find("\"maintenance\" set by alice"), std::string::npos) << plan.why;
}

TEST(DrainReason, NamesTheCodeElseTheCheck) {
  EXPECT_EQ(DrainReason(GateSummaryOf(Verdict::kFail, "driver.kfd.missing")),
            "rocm-doctor: driver.kfd.missing");
  GateSummary no_code = GateSummaryOf(Verdict::kUnknown);
  no_code.check_id = "runtime.hip_devices";
  EXPECT_EQ(DrainReason(no_code), "rocm-doctor: runtime.hip_devices");
  EXPECT_EQ(DrainReason(GateSummaryOf(Verdict::kUnknown)), "rocm-doctor: unknown");
}

TEST(ScontrolArgv, ReasonIsOneArgumentAndNothingIsShellQuoted) {
  SlurmPlan drain{Action::kDrain, "rocm-doctor: hardware.gpu.none_found", ""};
  EXPECT_EQ(ScontrolUpdateArgv("scontrol", "gpu-01", drain),
            (std::vector<std::string>{"scontrol", "update", "nodename=gpu-01", "state=drain",
                                      "reason=rocm-doctor: hardware.gpu.none_found"}));
  SlurmPlan resume{Action::kResume, "", ""};
  EXPECT_EQ(
      ScontrolUpdateArgv("/usr/bin/scontrol", "gpu-01", resume),
      (std::vector<std::string>{"/usr/bin/scontrol", "update", "nodename=gpu-01", "state=resume"}));
  EXPECT_TRUE(ScontrolUpdateArgv("scontrol", "gpu-01", SlurmPlan{}).empty());
  EXPECT_EQ(ScontrolShowArgv("scontrol", "gpu-01"),
            (std::vector<std::string>{"scontrol", "show", "node", "gpu-01"}));
}

TEST(IsPlainNodeName, OneNodeOnlyNeverAHostlist) {
  for (std::string_view ok : {"vm", "gpu-01", "node_7.cluster", "A1"}) {
    EXPECT_TRUE(IsPlainNodeName(ok)) << ok;
  }
  // "ALL" alone means every node to scontrol update (scontrol(1), NodeName=).
  for (std::string_view bad :
       {"", "gpu[01-04]", "a,b", "a b", "-n", "ALL", "all", "n\n", "n;rm", "n=1"}) {
    EXPECT_FALSE(IsPlainNodeName(bad)) << bad;
  }
  EXPECT_FALSE(IsPlainNodeName(std::string(257, 'a')));
}

}  // namespace
}  // namespace rocm_doctor::gate
