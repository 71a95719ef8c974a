// SPDX-License-Identifier: MIT
#include "gate/slurm_plan.h"

namespace rocm_doctor::gate {
namespace {

bool IsOurs(const std::optional<std::string>& reason) {
  return reason && reason->compare(0, kSlurmReasonPrefix.size(), kSlurmReasonPrefix) == 0;
}

std::string Quoted(const std::string& text) { return "\"" + text + "\""; }

}  // namespace

Health HealthOf(const GateSummary& summary, const SlurmGatePolicy& policy) {
  // The action ladder (issue 18): isolate or worse takes the node out; monitor never does.
  if (TakesNodeOut(summary.action)) return Health::kUnhealthy;
  switch (summary.verdict) {
    case Verdict::kPass:
      return Health::kHealthy;
    case Verdict::kWarn:
      return policy.warn_is_failure && !summary.monitor_only ? Health::kUnhealthy
                                                             : Health::kHealthy;
    case Verdict::kFail:
      return Health::kUnhealthy;
    case Verdict::kUnknown:
      return policy.unknown_drains ? Health::kUnhealthy : Health::kUndetermined;
  }
  return Health::kUndetermined;
}

std::string DrainReason(const GateSummary& summary) {
  std::string name = !summary.code.empty()       ? summary.code
                     : !summary.check_id.empty() ? summary.check_id
                                                 : std::string(ToString(summary.verdict));
  std::string reason = std::string(kSlurmReasonPrefix) + " " + name;
  // What is done to the GPU before the node comes back, when more than looking at it.
  if (summary.action == FindingAction::kReset || summary.action == FindingAction::kReplace) {
    reason += " (action: " + std::string(ToString(summary.action)) + ")";
  }
  return reason;
}

SlurmPlan PlanSlurmAction(const GateSummary& summary, const SlurmNodeState& node,
                          const SlurmGatePolicy& policy) {
  SlurmPlan plan;
  const bool ours = IsOurs(node.reason);
  const bool foreign = node.reason && !ours;
  const Health health = HealthOf(summary, policy);
  const std::string named = "node " + node.name;
  if (health == Health::kUndetermined) {
    plan.why = "could not tell whether the node is healthy: its state (" + node.state +
               ") is left as it is";
    plan.would = "would leave " + named + " as it is (" + node.state +
                 "): could not tell whether it is healthy";
    return plan;
  }
  if (foreign) {
    const std::string whose =
        "reason " + Quoted(*node.reason) +
        (node.reason_user ? " set by " + *node.reason_user : std::string()) +
        " is not rocm-doctor's";
    plan.why = whose + ": node left alone";
    plan.would = "would leave " + named + " alone: its " + whose;
    return plan;
  }
  if (health == Health::kUnhealthy) {
    const std::string reason = DrainReason(summary);
    if (ours && node.drained() && *node.reason == reason) {
      plan.why = "already drained with reason " + Quoted(reason);
      plan.would = "would change nothing: " + named + " is already drained with reason " +
                   Quoted(reason);
      return plan;
    }
    plan.action = SlurmPlan::Action::kDrain;
    plan.reason = reason;
    const bool update = ours && node.drained();
    plan.why = update ? "drain reason updated to " + Quoted(reason)
                      : "drained with reason " + Quoted(reason);
    plan.would = update ? "would update the drain reason of " + named + " to " + Quoted(reason)
                        : "would drain " + named + " with reason " + Quoted(reason);
    return plan;
  }
  if (ours && (node.drained() || node.down())) {
    plan.action = SlurmPlan::Action::kResume;
    plan.why =
        "healthy again: resumed (was " + node.state + ", reason " + Quoted(*node.reason) + ")";
    plan.would = "would resume " + named + " (now " + node.state + ", reason " +
                 Quoted(*node.reason) + "): healthy again";
    return plan;
  }
  plan.why = "healthy: node state " + node.state + " left as it is";
  plan.would = "would leave " + named + " as it is (" + node.state + "): healthy";
  return plan;
}

SlurmPlan PlanWithoutNodeState(const GateSummary& summary, const std::string& node,
                               const SlurmGatePolicy& policy) {
  SlurmPlan plan;
  const std::string named = "node " + node;
  const std::string unread = " (its state could not be read)";
  switch (HealthOf(summary, policy)) {
    case Health::kUndetermined:
      plan.would = "would leave " + named + " as it is: could not tell whether it is healthy";
      break;
    case Health::kUnhealthy:
      plan.action = SlurmPlan::Action::kDrain;
      plan.reason = DrainReason(summary);
      plan.would = "would drain " + named + " with reason " + Quoted(plan.reason) +
                   ", unless a reason that is not rocm-doctor's is set on it" + unread;
      break;
    case Health::kHealthy:
      plan.action = SlurmPlan::Action::kResume;
      plan.would =
          "would resume " + named + " if rocm-doctor drained it, else leave it as it is" + unread;
      break;
  }
  plan.why = plan.would;
  return plan;
}

std::vector<std::string> ScontrolShowArgv(const std::string& scontrol, const std::string& node) {
  return {scontrol, "show", "node", node};
}

std::vector<std::string> ScontrolUpdateArgv(const std::string& scontrol, const std::string& node,
                                            const SlurmPlan& plan) {
  switch (plan.action) {
    case SlurmPlan::Action::kNone:
      return {};
    case SlurmPlan::Action::kDrain:
      // One argv element: scontrol takes "reason=" with spaces when no shell splits it.
      return {scontrol, "update", "nodename=" + node, "state=drain", "reason=" + plan.reason};
    case SlurmPlan::Action::kResume:
      return {scontrol, "update", "nodename=" + node, "state=resume"};
  }
  return {};
}

bool IsPlainNodeName(std::string_view name) {
  if (name.empty() || name.size() > 256) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  // scontrol update takes the keyword ALL (any case) alone as every node of the cluster.
  const bool all = name.size() == 3 && (name[0] | 0x20) == 'a' && (name[1] | 0x20) == 'l' &&
                   (name[2] | 0x20) == 'l';
  return name.front() != '-' && !all;
}

}  // namespace rocm_doctor::gate
