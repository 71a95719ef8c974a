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

std::string FirstLine(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
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
        std::string said = FirstLine(!outcome.err.empty() ? outcome.err : outcome.out);
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
  if (shown.state == CommandOutcome::State::kExited && shown.exit_code == 0) {
    state = ParseScontrolShowNode(shown.out, node);
  } else if (SaysNodeNotFound(shown.out + shown.err)) {
    state = Error{"Slurm does not know node " + node + " (" + ShellQuote(show.argv) + ": Node " +
                  node + " not found)"};
  } else {
    state = Error{Failure(show.argv, shown)};
  }
  if (!state) {
    result.error = "cannot read the state of node " + node + ": " + state.error();
    result.lines.push_back("slurm: " + result.error + "; node not changed");
    result.exit_code = kGateSlurmError;
    return result;
  }
  result.node = *state;

  result.plan = PlanSlurmAction(summary, *state, options.policy);
  result.update_argv = ScontrolUpdateArgv(options.scontrol, node, result.plan);
  const Health health = HealthOf(summary, options.policy);
  result.exit_code = ExitFor(health);
  if (result.update_argv.empty()) {
    result.lines.push_back("slurm: node " + node + ": " + result.plan.why);
    return result;
  }
  if (options.dry_run) {
    result.lines.push_back("slurm (dry run): node " + node + ": " + result.plan.why);
    result.lines.push_back("slurm (dry run): would run: " + ShellQuote(result.update_argv));
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
    result.lines.push_back("slurm: " + result.error);
    result.exit_code = kGateSlurmError;
    return result;
  }
  result.lines.push_back("slurm: node " + node + ": " + result.plan.why);
  result.lines.push_back("slurm: ran " + ShellQuote(result.update_argv));
  return result;
}

}  // namespace rocm_doctor::gate
