// SPDX-License-Identifier: MIT
#pragma once
// What a gate needs from a report: the verdict and the one finding that names it (the first root
// cause; for "could not tell", the first check that reached no answer). A finding whose code takes
// the node out of service (the action ladder, rocm_doctor/finding_action.h: isolate, reset,
// replace) names it before any other: it is why the node leaves service.
#include <string>

#include "rocm_doctor/finding_action.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor::gate {

struct GateSummary {
  Verdict verdict = Verdict::kUnknown;
  std::string code;      // the naming finding's code; empty when the verdict is pass
  std::string message;   // that finding's message
  std::string check_id;  // the check that reported it
  int more_causes = 0;   // other root causes (or indeterminate checks) beside this one
  int checks_run = 0;    // checks that ran (not skipped)
  // The catalog's action for `code` (kNone for a code without one, or when nothing is named).
  FindingAction action = FindingAction::kNone;
  // Every finding that makes the verdict warn asks only to be monitored: a gate never takes the
  // node out for it, --fail-on warn or not. False for any other verdict.
  bool monitor_only = false;
};

GateSummary SummarizeForGate(const Report& report);

}  // namespace rocm_doctor::gate
