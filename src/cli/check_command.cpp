#include <chrono>
#include <iostream>

#include "cli/bench_options.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/policy_options.h"
#include "cli/report_outputs.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/interrupt.h"
#include "system/open_system_view.h"

namespace rocm_doctor::cli {

int RunCheckCommand(const CheckArgs& args) {
  auto fail = [&](std::string message) {
    // A step cut by the signal (an archive's extraction refused to start) is the signal's doing:
    // the doctor exits as interrupted (src/system/interrupt.h).
    const int code = system::InterruptRequested() ? system::InterruptExitCode() : 2;
    if (code != 2) {
      message = "interrupted by " + std::string(system::InterruptSignalName()) +
                " before the checks started: " + message;
    }
    if (args.format == Format::kJson) WriteJsonError(message, code, std::cout);
    std::cerr << "rocm-doctor: " << message << '\n';
    return code;
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
  // SIGINT/SIGTERM from here on (or already): the checks not finished are reported as
  // interrupted and the report, partial, still goes to every output; exit 130/143. A signal
  // after the diagnosis changes nothing: the outputs are completed and the exit status is the
  // report's, whatever comes.
  request.interrupt_signal = [] { return system::InterruptSignal(); };
  request.interrupt_grace = system::kInterruptGrace + std::chrono::seconds(1);
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
