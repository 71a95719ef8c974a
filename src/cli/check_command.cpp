#include <iostream>

#include "cli/bench_options.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/policy_options.h"
#include "cli/report_outputs.h"
#include "rocm_doctor/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/open_system_view.h"

namespace rocm_doctor::cli {

int RunCheckCommand(const CheckArgs& args) {
  auto fail = [&](const std::string& message) {
    if (args.format == Format::kJson) WriteJsonError(message, 2, std::cout);
    std::cerr << "rocm-doctor: " << message << '\n';
    return 2;
  };
  CheckArgs run = args;
  if (auto loaded = LoadPolicyInto(run); !loaded) return fail(loaded.error());
  if (auto level = ApplyCheckLevel(run.level, run.options, run.selection); !level) {
    return fail(level.error());
  }
  auto thresholds = LoadThresholds(run.thresholds);
  if (!thresholds) return fail(thresholds.error());
  run.options.bench.thresholds = *thresholds;
  ApplyPolicyFloors(run.options);
  if (run.selection.with_benchmarks) run.options.bench.progress = TerminalProgress();
  auto selected = SelectChecks(run.selection);
  if (!selected) return fail(selected.error());
  auto view = OpenSystemView(run.sysroot);
  if (!view) return fail(view.error());

  RunRequest request{*selected, run.options, run.fail_on == "warn", run.jobs, {}};
  Report report = Diagnose(*view, request, run.sysroot);
  EndProgressLine();
  if (run.redact) RedactReport(report);

  if (auto written = WriteReportOutputs(report, run); !written) {
    std::cerr << "rocm-doctor: " << written.error() << '\n';
    return 2;
  }
  return report.exit_code;
}

}  // namespace rocm_doctor::cli
