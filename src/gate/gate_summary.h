// SPDX-License-Identifier: MIT
#pragma once
// What a gate needs from a report: the verdict and the one finding that names it (the first root
// cause; for "could not tell", the first check that reached no answer).
#include <string>

#include "rocm_doctor/report.h"

namespace rocm_doctor::gate {

struct GateSummary {
  Verdict verdict = Verdict::kUnknown;
  std::string code;      // the naming finding's code; empty when the verdict is pass
  std::string message;   // that finding's message
  std::string check_id;  // the check that reported it
  int more_causes = 0;   // other root causes (or indeterminate checks) beside this one
  int checks_run = 0;    // checks that ran (not skipped)
};

GateSummary SummarizeForGate(const Report& report);

}  // namespace rocm_doctor::gate
