// SPDX-License-Identifier: MIT
#include "core/report_summary.h"

#include <set>

#include "core/root_cause_groups.h"

namespace rocm_doctor {

ReportCounts CountChecks(const std::vector<CheckRecord>& checks,
                         const std::vector<RootCause>& root_causes) {
  // The engine names a failing check a root cause when none of its prerequisites failed
  // (DeriveRootCauses); a check with several failing findings is one root cause here.
  std::set<std::string> cause_checks;
  for (const RootCause& c : root_causes) {
    if (c.finding.status == Status::kFail) cause_checks.insert(c.check_id);
  }
  ReportCounts n;
  for (const CheckRecord& r : checks) {
    ++n.checks;
    switch (r.outcome.status) {
      case Status::kFail:
        ++n.failures;
        ++(cause_checks.count(r.id) ? n.root_causes : n.symptoms);
        break;
      case Status::kWarn:
        ++n.warnings;
        break;
      case Status::kPass:
        ++n.passed;
        break;
      case Status::kInfo:
        ++n.info;
        break;
      case Status::kSkip:
        ++n.skipped;
        break;
      case Status::kUnknown:
      case Status::kTimeout:
      case Status::kError:
        ++n.undetermined;
        break;
    }
  }
  return n;
}

std::string VerdictText(Verdict verdict, const GpuSighting& gpu_seen) {
  switch (verdict) {
    case Verdict::kFail:
      return "not ready for ROCm work";
    case Verdict::kUnknown:
      return "could not reach a verdict";
    case Verdict::kPass:
    case Verdict::kWarn:
      break;
  }
  // Nothing failed: that is "ready" only where a GPU was seen at work (src/core/gpu_seen.h).
  if (!gpu_seen.seen) return "not verified: no GPU seen through the stack";
  return verdict == Verdict::kWarn ? "ready for ROCm work, with warnings" : "ready for ROCm work";
}

void SummarizeReport(Report& report) {
  report.counts = CountChecks(report.checks, report.root_causes);
  report.root_cause_groups = GroupRootCauses(report.root_causes);
  report.verdict_text = VerdictText(report.verdict, report.gpu_seen);
}

}  // namespace rocm_doctor
