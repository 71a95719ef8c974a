// SPDX-License-Identifier: MIT
#include "gate/slurm_gate.h"

#include <algorithm>

#include "gate/shell_quote.h"

namespace rocm_doctor::gate {
namespace {

using std::chrono::milliseconds;

// Each scontrol call gets what is left before the deadline, within these bounds: slurmctld
// answers in milliseconds, and its own MessageTimeout defaults to 10 s.
constexpr milliseconds kMinCommandTime{1000};
constexpr milliseconds kMaxCommandTime{10000};

milliseconds TimeLeft(std::chrono::steady_clock::time_point deadline) {
  auto left = std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
  return std::clamp(left, kMinCommandTime, kMaxCommandTime);
}

// The line of a command's message that says why: scontrol without slurm.conf prints three
// "error:" lines of its DNS lookup before the "fatal:" one that names the problem; otherwise
// the first line.
std::string TellingLine(const std::string& text) {
  std::size_t start = 0;
  const std::size_t fatal = text.find("fatal:");
  if (fatal != std::string::npos) {
    const std::size_t newline = text.rfind('\n', fatal);
    start = newline == std::string::npos ? 0 : newline + 1;
  }
  std::string line = text.substr(start, text.find('\n', start) - start);
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  return line;
}

// Why a command did not succeed, in one line; empty when it exited 0.
std::string Failure(const std::vector<std::string>& argv, const CommandOutcome& outcome) {
  const std::string what = ShellQuote(argv);
  switch (outcome.state) {
    case CommandOutcome::State::kExited:
      if (outcome.exit_code == 0) return {};
      {
        std::string said = TellingLine(!outcome.err.empty() ? outcome.err : outcome.out);
        return what + ": exit " + std::to_string(outcome.exit_code) +
               (said.empty() ? std::string() : ": " + said);
      }
    case CommandOutcome::State::kSignaled:
      return what + ": killed by signal " + std::to_string(outcome.signal);
    case CommandOutcome::State::kTimedOut:
      return what + ": " + outcome.error;
    case CommandOutcome::State::kSpawnFailed:
    case CommandOutcome::State::kNotRecorded:
      return what + ": " + outcome.error;
  }
  return what + ": failed";
}

int ExitFor(Health health) {
  switch (health) {
    case Health::kHealthy:
      return kGateHealthy;
    case Health::kUnhealthy:
      return kGateUnhealthy;
    case Health::kUndetermined:
      return kGateUnknown;
  }
  return kGateUnknown;
}

}  // namespace

SlurmGateResult RunSlurmGate(const GateSummary& summary, const SystemView& host,
                             const SlurmGateOptions& options) {
  SlurmGateResult result;
  const std::string& node = options.node;

  CommandSpec show;
  show.name = std::string(kSlurmShowCommand);
  show.argv = ScontrolShowArgv(options.scontrol, node);
  show.timeout = TimeLeft(options.deadline);
  show.max_output = 64 << 10;
  CommandOutcome shown = host.Run(show);
  Result<SlurmNodeState> state = Error{""};
  bool answered = false;  // slurmctld answered: the node's absence is a fact, not a failure
  if (shown.state == CommandOutcome::State::kExited && shown.exit_code == 0) {
    state = ParseScontrolShowNode(shown.out, node);
  } else if (SaysNodeNotFound(shown.out + shown.err)) {
    answered = true;
    state = Error{"Slurm does not know node " + node + " (" + ShellQuote(show.argv) + ": Node " +
                  node + " not found)"};
  } else {
    state = Error{Failure(show.argv, shown)};
  }
  // `error` is printed by the caller (stderr); the answer's lines do not repeat it, so a person
  // reading both streams on one terminal sees it once.
  const Health health = HealthOf(summary, options.policy);
  if (!state) {
    result.error = "cannot read the state of node " + node + ": " + state.error();
    if (!options.dry_run || answered) {
      result.lines.push_back("slurm: node " + node + " not changed: its state could not be read");
      result.exit_code = kGateSlurmError;
      return result;
    }
    // A dry run needs no slurmctld to say what the gate would do: it plans for the states that
    // matter, and exits with the verdict as a dry run with a readable state does.
    result.plan = PlanWithoutNodeState(summary, node, options.policy);
  } else {
    result.node = *state;
    result.plan = PlanSlurmAction(summary, *state, options.policy);
  }
  result.update_argv = ScontrolUpdateArgv(options.scontrol, node, result.plan);
  result.exit_code = ExitFor(health);
  if (options.dry_run) {
    result.lines.push_back("slurm (dry run): " + result.plan.would);
    if (!result.update_argv.empty()) {
      result.lines.push_back("slurm (dry run): would run: " + ShellQuote(result.update_argv));
    }
    return result;
  }
  if (result.update_argv.empty()) {
    result.lines.push_back("slurm: node " + node + ": " + result.plan.why);
    return result;
  }
  CommandSpec update;
  update.name = std::string(kSlurmUpdateCommand);
  update.argv = result.update_argv;
  update.timeout = TimeLeft(options.deadline);
  update.max_output = 64 << 10;
  std::string failed = Failure(update.argv, host.Run(update));
  if (!failed.empty()) {
    result.error = "cannot update node " + node + ": " + failed;
    result.lines.push_back("slurm: node " + node + " not changed: the update failed");
    result.exit_code = kGateSlurmError;
    return result;
  }
  result.lines.push_back("slurm: node " + node + ": " + result.plan.why);
  result.lines.push_back("slurm: ran " + ShellQuote(result.update_argv));
  return result;
}

}  // namespace rocm_doctor::gate
