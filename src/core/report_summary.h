// SPDX-License-Identifier: MIT
#pragma once
// The report's counts and verdict in words, computed once from its checks, root causes, verdict
// and GPU sighting, so that every reporter prints the same numbers (report.h: ReportCounts).
#include "rocm_doctor/report.h"

namespace rocm_doctor {

ReportCounts CountChecks(const std::vector<CheckRecord>& checks,
                         const std::vector<RootCause>& root_causes);

// "ready for ROCm work", "ready for ROCm work, with warnings", "not ready for ROCm work", "could
// not reach a verdict", or, when nothing failed but no GPU was seen through the stack, "not
// verified: no GPU seen through the stack".
std::string VerdictText(Verdict verdict, const GpuSighting& gpu_seen);

// Sets report.counts, report.root_cause_groups and report.verdict_text from the rest of the
// report.
void SummarizeReport(Report& report);

}  // namespace rocm_doctor
