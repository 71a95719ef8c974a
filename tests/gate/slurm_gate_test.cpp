// SPDX-License-Identifier: MIT
#include "gate/slurm_gate.h"

#include <gtest/gtest.h>

#include <mutex>

#include "support/fake_system_view.h"

namespace rocm_doctor::gate {
namespace {

// A host whose scontrol answers are set by the test, and which remembers what was run.
class ScriptedHost : public testing::FakeSystemView {
 public:
  CommandOutcome Run(const CommandSpec& spec) const override {
    ran.push_back(spec);
    return FakeSystemView::Run(spec);
  }
  mutable std::vector<CommandSpec> ran;
};

CommandOutcome Exited(int code, std::string out, std::string err = {}) {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = code;
  o.out = std::move(out);
  o.err = std::move(err);
  return o;
}

std::string Shown(std::string_view state, std::string_view reason = {}) {
  std::string text =
      "NodeName=gpu-01 Arch=x86_64 CoresPerSocket=1\n   State=" + std::string(state) +
      " ThreadsPerCore=1\n   Partitions=debug\n";
  if (!reason.empty()) text += "   Reason=" + std::string(reason) + " [root@2026-01-01T00:00:00]\n";
  return text;
}

GateSummary Failing() {
  GateSummary s;
  s.verdict = Verdict::kFail;
  s.code = "hardware.gpu.none_found";
  s.message = "No AMD GPU on the PCI bus";
  return s;
}

GateSummary Passing() {
  GateSummary s;
  s.verdict = Verdict::kPass;
  return s;
}

SlurmGateOptions Options() {
  SlurmGateOptions o;
  o.node = "gpu-01";
  o.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  return o;
}

TEST(RunSlurmGate, FailingGateDrainsAnIdleNodeWithTheRootCause) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE")));
  host.Command(std::string(kSlurmUpdateCommand), Exited(0, ""));
  SlurmGateResult r = RunSlurmGate(Failing(), host, Options());
  EXPECT_EQ(r.exit_code, kGateUnhealthy);
  EXPECT_TRUE(r.error.empty()) << r.error;
  ASSERT_EQ(host.ran.size(), 2u);
  EXPECT_EQ(host.ran[0].argv, (std::vector<std::string>{"scontrol", "show", "node", "gpu-01"}));
  EXPECT_EQ(host.ran[1].argv,
            (std::vector<std::string>{"scontrol", "update", "nodename=gpu-01", "state=drain",
                                      "reason=rocm-doctor: hardware.gpu.none_found"}));
  for (const CommandSpec& spec : host.ran) {
    EXPECT_LE(spec.timeout, std::chrono::milliseconds(10000));
    EXPECT_GE(spec.timeout, std::chrono::milliseconds(1000));
  }
}

TEST(RunSlurmGate, PassingGateResumesOnlyItsOwnDrain) {
  ScriptedHost ours;
  ours.Command(std::string(kSlurmShowCommand),
               Exited(0, Shown("IDLE+DRAIN", "rocm-doctor: hardware.gpu.none_found")));
  ours.Command(std::string(kSlurmUpdateCommand), Exited(0, ""));
  SlurmGateResult r = RunSlurmGate(Passing(), ours, Options());
  EXPECT_EQ(r.exit_code, kGateHealthy);
  ASSERT_EQ(ours.ran.size(), 2u);
  EXPECT_EQ(ours.ran[1].argv,
            (std::vector<std::string>{"scontrol", "update", "nodename=gpu-01", "state=resume"}));

  ScriptedHost theirs;
  theirs.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE+DRAIN", "maintenance")));
  SlurmGateResult left = RunSlurmGate(Passing(), theirs, Options());
  EXPECT_EQ(left.exit_code, kGateHealthy);
  EXPECT_EQ(theirs.ran.size(), 1u) << "only the state was read";
}

TEST(RunSlurmGate, FailingGateLeavesAForeignDrainAndStillSaysUnhealthy) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE+DRAIN", "maintenance")));
  SlurmGateResult r = RunSlurmGate(Failing(), host, Options());
  EXPECT_EQ(r.exit_code, kGateUnhealthy);
  EXPECT_EQ(host.ran.size(), 1u);
  ASSERT_FALSE(r.lines.empty());
  EXPECT_NE(r.lines.back().find("not rocm-doctor's"), std::string::npos) << r.lines.back();
}

TEST(RunSlurmGate, DryRunReadsButNeverUpdatesAndPrintsTheArgv) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE")));
  SlurmGateOptions options = Options();
  options.dry_run = true;
  options.scontrol = "/usr/bin/scontrol";
  SlurmGateResult r = RunSlurmGate(Failing(), host, options);
  EXPECT_EQ(r.exit_code, kGateUnhealthy);
  ASSERT_EQ(host.ran.size(), 1u);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0],
            "slurm (dry run): would drain node gpu-01 with reason "
            "\"rocm-doctor: hardware.gpu.none_found\"");
  EXPECT_EQ(r.lines[1],
            "slurm (dry run): would run: /usr/bin/scontrol update nodename=gpu-01 state=drain "
            "'reason=rocm-doctor: hardware.gpu.none_found'");
}

TEST(RunSlurmGate, UnreadableStateIsASlurmErrorAndNothingIsChanged) {
  CommandOutcome missing;
  missing.state = CommandOutcome::State::kSpawnFailed;
  missing.error = "scontrol: No such file or directory";
  CommandOutcome hung;
  hung.state = CommandOutcome::State::kTimedOut;
  hung.error = "timed out after 10000 ms";
  const struct {
    CommandOutcome outcome;
    std::string_view says;
  } cases[] = {
      {missing, "No such file or directory"},
      {hung, "timed out"},
      {Exited(1, "", "slurm_load_node error: Unable to contact slurm controller (connect failure)"),
       "exit 1: slurm_load_node error: Unable to contact slurm controller"},
      {Exited(1, "Node gpu-01 not found\n"), "Slurm does not know node gpu-01"},
      {Exited(0, "garbage\n"), "no record for node gpu-01"},
  };
  for (const auto& c : cases) {
    ScriptedHost host;
    host.Command(std::string(kSlurmShowCommand), c.outcome);
    SlurmGateResult r = RunSlurmGate(Failing(), host, Options());
    EXPECT_EQ(r.exit_code, kGateSlurmError) << c.says;
    EXPECT_NE(r.error.find(c.says), std::string::npos) << r.error;
    EXPECT_EQ(host.ran.size(), 1u) << c.says;
    // The error is said once (the caller prints `error`); the answer's line does not repeat it.
    for (const std::string& line : r.lines) {
      EXPECT_EQ(line.find(c.says), std::string::npos) << line;
    }
  }
}

// `gate --slurm --dry-run` without a slurmctld: the state cannot be read, yet the plan is
// printed in the future tense, nothing is run beyond the read, and the exit is the verdict's.
TEST(RunSlurmGate, DryRunWithoutSlurmctldStillPrintsThePlan) {
  const CommandOutcome down =
      Exited(1, "", "slurm_load_node error: Unable to contact slurm controller (connect failure)");
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), down);
  SlurmGateOptions options = Options();
  options.dry_run = true;
  SlurmGateResult r = RunSlurmGate(Failing(), host, options);
  EXPECT_EQ(r.exit_code, kGateUnhealthy);
  EXPECT_EQ(host.ran.size(), 1u);
  EXPECT_NE(r.error.find("Unable to contact slurm controller"), std::string::npos) << r.error;
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0],
            "slurm (dry run): would drain node gpu-01 with reason \"rocm-doctor: "
            "hardware.gpu.none_found\", unless a reason that is not rocm-doctor's is set on it "
            "(its state could not be read)");
  EXPECT_EQ(r.lines[1],
            "slurm (dry run): would run: scontrol update nodename=gpu-01 state=drain "
            "'reason=rocm-doctor: hardware.gpu.none_found'");

  ScriptedHost healthy_host;
  healthy_host.Command(std::string(kSlurmShowCommand), down);
  SlurmGateResult healthy = RunSlurmGate(Passing(), healthy_host, options);
  EXPECT_EQ(healthy.exit_code, kGateHealthy);
  ASSERT_EQ(healthy.lines.size(), 2u);
  EXPECT_EQ(healthy.lines[1],
            "slurm (dry run): would run: scontrol update nodename=gpu-01 state=resume");
}

// scontrol without slurm.conf prints three "error:" lines and then the one that says why.
TEST(RunSlurmGate, TheFatalLineOfScontrolIsTheOneQuoted) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand),
               Exited(1, "",
                      "scontrol: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host\n"
                      "scontrol: error: fetch_config: DNS SRV lookup failed\n"
                      "scontrol: error: _establish_config_source: failed to fetch config\n"
                      "scontrol: fatal: Could not establish a configuration source\n"));
  SlurmGateResult r = RunSlurmGate(Failing(), host, Options());
  EXPECT_EQ(r.exit_code, kGateSlurmError);
  EXPECT_NE(r.error.find("exit 1: scontrol: fatal: Could not establish a configuration source"),
            std::string::npos)
      << r.error;
}

TEST(RunSlurmGate, FailedUpdateIsASlurmError) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE")));
  host.Command(std::string(kSlurmUpdateCommand),
               Exited(1, "", "slurm_update error: Invalid user id\n"));
  SlurmGateResult r = RunSlurmGate(Failing(), host, Options());
  EXPECT_EQ(r.exit_code, kGateSlurmError);
  EXPECT_NE(r.error.find("Invalid user id"), std::string::npos) << r.error;
}

TEST(RunSlurmGate, UnknownVerdictReadsTheStateAndLeavesIt) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand),
               Exited(0, Shown("IDLE+DRAIN", "rocm-doctor: hardware.gpu.none_found")));
  GateSummary unknown;
  unknown.verdict = Verdict::kUnknown;
  unknown.code = "core.run.deadline";
  SlurmGateResult r = RunSlurmGate(unknown, host, Options());
  EXPECT_EQ(r.exit_code, kGateUnknown);
  EXPECT_EQ(host.ran.size(), 1u);
}

TEST(RunSlurmGate, CommandsAreCutToTheDeadlineButGetAtLeastASecond) {
  ScriptedHost host;
  host.Command(std::string(kSlurmShowCommand), Exited(0, Shown("IDLE")));
  host.Command(std::string(kSlurmUpdateCommand), Exited(0, ""));
  SlurmGateOptions options = Options();
  options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  RunSlurmGate(Failing(), host, options);
  ASSERT_EQ(host.ran.size(), 2u);
  EXPECT_EQ(host.ran[0].timeout, std::chrono::milliseconds(1000));
}

}  // namespace
}  // namespace rocm_doctor::gate
