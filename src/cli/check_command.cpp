// SPDX-License-Identifier: MIT
#include <CLI/CLI.hpp>
#include <chrono>
#include <future>
#include <iostream>

#include "rocm_doctor/exit_code.h"
#include "cli/bench_options.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "cli/policy_options.h"
#include "cli/report_outputs.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/interrupt.h"
#include "system/open_system_view.h"

namespace rocm_doctor::cli {

int RunCheckCommand(const CheckArgs& args) {
  // Waited for (a few milliseconds at most) whichever way this returns.
  const std::future<void> knowledge = PreloadKnowledge();
  auto fail = [&](std::string message) {
    // A step cut by the signal (an archive's extraction refused to start) is the signal's doing:
    // the doctor exits as interrupted (src/system/interrupt.h).
    const int code = system::InterruptRequested() ? system::InterruptExitCode()
                                                       : ToInt(ExitCode::kUsage);
    if (code != ToInt(ExitCode::kUsage)) {
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
    return ToInt(ExitCode::kUsage);
  }
  return report.exit_code;
}

CommandRun SetupCheckCommand(CLI::App& cmd) {
  struct CommandLine {
    CheckArgs args;
    std::string format = "terminal";
    std::vector<std::string> outputs;  // -o FILE | FORMAT=FILE, sorted by SplitOutputs
  };
  auto line = std::make_shared<CommandLine>();
  CheckArgs& check = line->args;
  cmd.add_option("--sysroot", check.sysroot,
                 "Diagnose a machine directory or .tar.gz instead of this host");
  AddSelectionOptions(cmd, check.selection);
  AddExpectGpusOption(cmd, check.options);
  AddFormatOption(cmd, line->format, {"terminal", "json", "junit", "prometheus", "markdown"},
                  "Output format on stdout (or the plain -o FILE)");
  cmd.add_option("-o,--output", line->outputs,
                 "FILE: the --format output goes to FILE; FORMAT=FILE (repeatable): also "
                 "write that format, e.g. -o junit=doctor.xml -o prometheus=rd.prom");
  AddPolicyOption(cmd, check.policy_file);
  cmd.add_flag("--redact", check.redact,
               "Remove hostnames, user names, serials, UUIDs, MAC/IP addresses from every output");
  AddCheckLevelOption(cmd, check.level, std::string(kCheckLevelHelp));
  AddThresholdsOption(cmd, check.thresholds);
  cmd.add_flag("-v,--verbose", check.verbose, "Show the evidence behind each line");
  cmd.add_flag("--no-color", check.no_color, "No colours (also: NO_COLOR=1)");
  AddFailOnOption(cmd, check.fail_on, "Exit 1 on warnings too with 'warn'");
  AddJobsOption(cmd, check.jobs);
  return [line] {
    CheckArgs& args = line->args;
    args.format = FormatFromString(line->format).value_or(Format::kTerminal);
    if (auto split = SplitOutputs(line->outputs, args); !split) {
      return UsageError(split.error(), args.format == Format::kJson);
    }
    return RunCheckCommand(args);
  };
}

}  // namespace rocm_doctor::cli
