// SPDX-License-Identifier: MIT
#pragma once
// What the Slurm gate does to a node, decided from the gate's verdict and the node's state alone
// (pure, so every case is a table test). The rules:
//   - a node is touched only when it has no reason, or a reason this gate set ("rocm-doctor:");
//     a reason someone else set (an admin's "maintenance", Slurm's "Not responding") is never
//     replaced, whatever the verdict;
//   - unhealthy: drain with reason "rocm-doctor: <code>" (an existing rocm-doctor reason naming
//     another code is updated; the same one is left as it is); a code whose action is reset or
//     replace says so: "rocm-doctor: <code> (action: reset)";
//   - the action ladder (rocm_doctor/finding_action.h): a finding whose action is isolate or
//     worse drains whatever the verdict and --fail-on; warnings that only ask to be monitored
//     never drain, even with --fail-on warn;
//   - healthy: resume only a node drained (or down) with a rocm-doctor reason;
//   - could not tell: nothing changes, unless the caller asked for unknown to drain.
#include <string>
#include <vector>

#include "gate/gate_summary.h"
#include "gate/slurm_node_state.h"

namespace rocm_doctor::gate {

inline constexpr std::string_view kSlurmReasonPrefix = "rocm-doctor:";

struct SlurmGatePolicy {
  bool warn_is_failure = false;  // --fail-on warn
  bool unknown_drains = false;   // --drain-unknown
};

enum class Health { kHealthy, kUnhealthy, kUndetermined };
Health HealthOf(const GateSummary& summary, const SlurmGatePolicy& policy);

struct SlurmPlan {
  enum class Action { kNone, kDrain, kResume };
  Action action = Action::kNone;
  std::string reason;  // kDrain: "rocm-doctor: hardware.gpu.none_found"
  std::string why;     // one line for the log, once done: "drained with reason ..."
  std::string would;   // the same for --dry-run, in the future tense, naming the node
};

// "rocm-doctor: <code>", or "rocm-doctor: <check id>" when no finding names the verdict;
// " (action: reset)" / " (action: replace)" after a code with that action.
std::string DrainReason(const GateSummary& summary);

SlurmPlan PlanSlurmAction(const GateSummary& summary, const SlurmNodeState& node,
                          const SlurmGatePolicy& policy);

// The plan of a dry run whose `scontrol show node` failed (no slurmctld, no slurm.conf): what
// the gate would do for the states that matter, said as a condition in `would` (a foreign
// reason is still never touched; a resume happens only to rocm-doctor's own drain). `action`
// is the action taken in the case that acts, so its update can be printed.
SlurmPlan PlanWithoutNodeState(const GateSummary& summary, const std::string& node,
                               const SlurmGatePolicy& policy);

// The scontrol command lines (argv, no shell) for the plan; empty for kNone.
std::vector<std::string> ScontrolShowArgv(const std::string& scontrol, const std::string& node);
std::vector<std::string> ScontrolUpdateArgv(const std::string& scontrol, const std::string& node,
                                            const SlurmPlan& plan);

// A Slurm node name this gate accepts: one node, not a hostlist expression ("n[1-4]", "a,b")
// or the keyword ALL that would drain several; letters, digits, '.', '_' and '-', 1 to 256
// characters. (A NodeSet name passes this test; the state read then finds no node record of
// that name and the gate stops there.)
bool IsPlainNodeName(std::string_view name);

}  // namespace rocm_doctor::gate
