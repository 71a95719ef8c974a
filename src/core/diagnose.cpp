// SPDX-License-Identifier: MIT
#include "core/diagnose.h"

#include <chrono>
#include <ctime>
#include <future>
#include <system_error>

#include "core/report_builder.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/facts/gpu_table.h"

namespace rocm_doctor {

Report Diagnose(std::shared_ptr<const SystemView> view, const RunRequest& request,
                const std::optional<std::string>& sysroot) {
  auto started = std::chrono::steady_clock::now();
  std::time_t started_unix = std::time(nullptr);
  std::string started_at = Iso8601(started_unix);
  std::string description = view->Describe();
  auto facts = std::make_shared<const FactStore>(std::move(view));
  // The report reads these whatever checks run, and the first checks wait on them (the KFD
  // topology of an 8-GPU MI300X is about 1100 files): they are collected on a thread of their
  // own from the start, beside the checks. A check that asks meanwhile waits for the one
  // collection. A collector that throws here leaves its fact uncollected: the next to ask sees
  // the error.
  std::future<void> report_facts;
  try {
    report_facts = std::async(std::launch::async, [facts] { CollectReportFacts(*facts); });
  } catch (const std::system_error&) {
    // No thread to be had (RLIMIT_NPROC): the checks and the report collect them as they ask.
  }
  EngineResult result = RunChecks(request, facts);
  if (report_facts.valid()) report_facts.wait();
  ReportContext context{description, sysroot, started_at, 0, started_unix,
                        request.options.policy.get()};
  Report report = BuildReport(std::move(result), *facts, context);
  report.duration_ms = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started)
                           .count();
  return report;
}

std::future<void> PreloadKnowledge() {
  try {
    return std::async(std::launch::async, [] {
      GpuTable::Builtin();
      SupportMatrix::Builtin();
    });
  } catch (const std::system_error&) {
    return {};  // no thread to be had (RLIMIT_NPROC)
  }
}

}  // namespace rocm_doctor
