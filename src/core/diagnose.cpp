// SPDX-License-Identifier: MIT
#include "core/diagnose.h"

#include <chrono>
#include <ctime>

#include "core/report_builder.h"

namespace rocm_doctor {

Report Diagnose(std::shared_ptr<const SystemView> view, const RunRequest& request,
                const std::optional<std::string>& sysroot) {
  auto started = std::chrono::steady_clock::now();
  std::time_t started_unix = std::time(nullptr);
  std::string started_at = Iso8601(started_unix);
  std::string description = view->Describe();
  auto facts = std::make_shared<const FactStore>(std::move(view));
  EngineResult result = RunChecks(request, facts);
  ReportContext context{description, sysroot, started_at, 0, started_unix,
                        request.options.policy.get()};
  Report report = BuildReport(std::move(result), *facts, context);
  report.duration_ms = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started)
                           .count();
  return report;
}

}  // namespace rocm_doctor
