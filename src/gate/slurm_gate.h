// SPDX-License-Identifier: MIT
#pragma once
// The Slurm side of `rocm-doctor gate --slurm`: reads the node's state with scontrol, plans
// (slurm_plan.h) and runs the one scontrol update the plan needs. Every command goes through
// `host.Run` (the live host's command runner: argv, no shell, a deadline), so tests drive it
// with a fake view.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "gate/gate_summary.h"
#include "gate/slurm_node_state.h"
#include "gate/slurm_plan.h"
#include "rocm_doctor/exit_code.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::gate {

// Exit status of gate --slurm (docs/slurm.md). Stable.
// pass (or warn): nothing to do, or resumed
inline constexpr int kGateHealthy = ToInt(ExitCode::kOk);
// fail: drained, or left alone under another reason
inline constexpr int kGateUnhealthy = ToInt(ExitCode::kProblems);
// could not tell; bad usage; internal error
inline constexpr int kGateUnknown = ToInt(ExitCode::kUnknown);
// the node's state could not be read or changed
inline constexpr int kGateSlurmError = ToInt(ExitCode::kSlurmError);

// CommandSpec names, for tests and logs.
inline constexpr std::string_view kSlurmShowCommand = "slurm-show-node";
inline constexpr std::string_view kSlurmUpdateCommand = "slurm-update-node";

struct SlurmGateOptions {
  std::string node;
  std::string scontrol = "scontrol";
  SlurmGatePolicy policy;
  bool dry_run = false;  // read the state, print the update, change nothing
  std::chrono::steady_clock::time_point deadline;  // scontrol calls are cut to fit
};

struct SlurmGateResult {
  std::optional<SlurmNodeState> node;  // as read before any change
  SlurmPlan plan;
  std::vector<std::string> update_argv;  // what was (or, in a dry run, would be) run
  std::vector<std::string> lines;        // for stdout
  std::string error;                     // why the Slurm step failed; empty when it did not
  int exit_code = kGateUnknown;
};

SlurmGateResult RunSlurmGate(const GateSummary& summary, const SystemView& host,
                             const SlurmGateOptions& options);

}  // namespace rocm_doctor::gate
