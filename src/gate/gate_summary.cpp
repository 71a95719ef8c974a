// SPDX-License-Identifier: MIT
#include "gate/gate_summary.h"

#include "rocm_doctor/catalog.h"

namespace rocm_doctor::gate {
namespace {

// The first finding of `record` with exactly `status` (or, with indeterminate, any of unknown,
// timeout, error).
const Finding* FirstFinding(const CheckRecord& record, Status status, bool indeterminate) {
  for (const Finding& f : record.outcome.findings) {
    if (indeterminate ? IsIndeterminate(f.status) : f.status == status) return &f;
  }
  return nullptr;
}

void Name(GateSummary& summary, const std::string& check_id, const Finding& finding) {
  summary.check_id = check_id;
  summary.code = finding.code;
  summary.message = finding.message;
}

// The finding that asks for the strongest action that takes the node out (isolate, reset,
// replace), the first of them in check order; nullptr when none does. Waived findings do not
// count.
const Finding* StrongestAction(const Report& report, std::string& check_id) {
  const Finding* strongest = nullptr;
  FindingAction best = FindingAction::kNone;
  for (const CheckRecord& r : report.checks) {
    for (const Finding& f : r.outcome.findings) {
      const FindingAction action = Catalog::Instance().ActionFor(f.code);
      if (f.waived || !TakesNodeOut(action) || Stronger(best, action) == best) continue;
      best = action;
      strongest = &f;
      check_id = r.id;
    }
  }
  return strongest;
}

// Every counting warning asks only to be monitored (and there is at least one).
bool MonitorOnly(const Report& report) {
  int warnings = 0;
  for (const CheckRecord& r : report.checks) {
    for (const Finding& f : r.outcome.findings) {
      if (f.waived || f.status != Status::kWarn) continue;
      if (Catalog::Instance().ActionFor(f.code) != FindingAction::kMonitor) return false;
      ++warnings;
    }
  }
  return warnings > 0;
}

GateSummary Summarize(const Report& report);

}  // namespace

GateSummary SummarizeForGate(const Report& report) {
  GateSummary summary = Summarize(report);
  if (report.verdict == Verdict::kPass) return summary;
  std::string check_id;
  if (const Finding* strongest = StrongestAction(report, check_id);
      strongest != nullptr && Catalog::Instance().ActionFor(summary.code) !=
                                  Catalog::Instance().ActionFor(strongest->code)) {
    Name(summary, check_id, *strongest);
  }
  summary.action = Catalog::Instance().ActionFor(summary.code);
  summary.monitor_only = report.verdict == Verdict::kWarn && MonitorOnly(report);
  return summary;
}

namespace {

GateSummary Summarize(const Report& report) {
  GateSummary summary;
  summary.verdict = report.verdict;
  for (const CheckRecord& r : report.checks) {
    if (r.outcome.status != Status::kSkip) ++summary.checks_run;
  }
  if (report.verdict == Verdict::kPass) return summary;

  if (report.verdict == Verdict::kFail || report.verdict == Verdict::kWarn) {
    const Status wanted = report.verdict == Verdict::kFail ? Status::kFail : Status::kWarn;
    int matching = 0;
    for (const RootCause& cause : report.root_causes) {
      if (cause.finding.status != wanted) continue;
      if (matching++ == 0) Name(summary, cause.check_id, cause.finding);
    }
    if (matching > 0) {
      summary.more_causes = matching - 1;
      return summary;
    }
    // No root cause of that status (a failing check downstream of another failure only):
    // the first check with such a finding names it.
    for (const CheckRecord& r : report.checks) {
      if (const Finding* f = FirstFinding(r, wanted, false)) {
        Name(summary, r.id, *f);
        return summary;
      }
    }
    return summary;
  }

  int indeterminate = 0;
  for (const CheckRecord& r : report.checks) {
    if (!IsIndeterminate(r.outcome.status)) continue;
    const Finding* f = FirstFinding(r, r.outcome.status, true);
    if (indeterminate++ == 0) {
      if (f != nullptr) {
        Name(summary, r.id, *f);
      } else {
        summary.check_id = r.id;
        summary.message = r.outcome.summary;
      }
    }
  }
  summary.more_causes = indeterminate > 0 ? indeterminate - 1 : 0;
  return summary;
}

}  // namespace

}  // namespace rocm_doctor::gate
