// SPDX-License-Identifier: MIT
// rocm-doctor bench: the benchmark checks (and every check they rest on), with a compact table of
// what each GPU delivered against what its model must deliver.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <set>
#include <sstream>

#include "rocm_doctor/exit_code.h"
#include "cli/bench_options.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/open_system_view.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {
namespace {

// `checks` plus, transitively, every prerequisite: a benchmark only means something on a stack
// whose lower layers were checked (a broken one blocks it with the root cause).
std::vector<const RegisteredCheck*> WithPrerequisites(std::vector<const RegisteredCheck*> checks) {
  std::set<std::string_view> have;
  for (const RegisteredCheck* c : checks) have.insert(c->info->id);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    for (std::string_view p : checks[i]->info->prerequisites) {
      if (have.count(p)) continue;
      if (const RegisteredCheck* pre = CheckRegistry::Instance().Find(p)) {
        have.insert(p);
        checks.push_back(pre);
      }
    }
  }
  return checks;
}

}  // namespace

int RunBenchCommand(const BenchArgs& args) {
  auto fail = [&](const std::string& message) {
    if (args.format == Format::kJson) WriteJsonError(message, ToInt(ExitCode::kUsage), std::cout);
    std::cerr << "rocm-doctor: " << message << '\n';
    return ToInt(ExitCode::kUsage);
  };
  if (auto known = CheckBenchmarkNames(args.only); !known) return fail(known.error());
  auto thresholds = LoadThresholds(args.thresholds);
  if (!thresholds) return fail(thresholds.error());

  SelectionArgs selection;
  selection.only = BenchCheckIds(args.only);
  selection.with_benchmarks = true;
  auto selected = SelectChecks(selection);
  if (!selected) return fail(selected.error());
  auto view = OpenSystemView(args.sysroot);
  if (!view) return fail(view.error());

  RunRequest request;
  request.checks = WithPrerequisites(*selected);
  request.options.bench.level = args.level;
  request.options.bench.only = args.only;
  request.options.bench.device = args.device;
  request.options.bench.stress_seconds = args.stress_seconds;
  request.options.bench.thresholds = *thresholds;
  request.options.bench.progress = TerminalProgress();
  request.max_parallel = args.jobs;
  Report report = Diagnose(*view, request, args.sysroot);
  EndProgressLine();

  std::ostringstream text;
  if (args.format == Format::kJson) {
    WriteJsonReport(report, text);
  } else {
    const bool color = !args.output && UseColor(args.no_color);
    WriteBenchReport(report, text, TerminalStyle{color, args.verbose});
  }
  if (args.output) {
    auto written = system::WriteOutputFile(*args.output, text.str());
    if (!written) return fail(written.error());
  } else {
    std::cout << text.str() << std::flush;
  }
  return report.exit_code;
}

CommandRun SetupBenchCommand(CLI::App& cmd) {
  struct CommandLine {
    BenchArgs args;
    std::string format = "terminal";
  };
  auto line = std::make_shared<CommandLine>();
  BenchArgs& bench = line->args;
  AddBenchLevelOption(cmd, bench.level);
  cmd.add_option("--only", bench.only, "Benchmarks or families: memory, memory.triad, ...")
      ->delimiter(',');
  cmd.add_option("--device", bench.device, "Only this runtime device (ordinal)")
      ->check(CLI::Range(0, 4095));
  // What the helper's own skip line asks for ("give --stress-seconds S"); a day at most, so a
  // typo cannot hold the GPU for a year, and the deadline (level's + S) stays small.
  cmd.add_option("--stress-seconds", bench.stress_seconds,
                 "Run stress.mixed for S seconds (1-86400) at any level; the run's deadline "
                 "grows by S")
      ->check(CLI::Range(1, 86400));
  AddThresholdsOption(cmd, bench.thresholds);
  cmd.add_option("--sysroot", bench.sysroot,
                 "Judge a machine directory's recorded benchmark runs instead");
  AddFormatOption(cmd, line->format, {"terminal", "json"}, "Output format");
  cmd.add_option("-o,--output", bench.output, "Write the report to FILE");
  cmd.add_flag("-v,--verbose", bench.verbose, "Sizes, iterations, clocks and evidence");
  cmd.add_flag("--no-color", bench.no_color, "No colours (also: NO_COLOR=1)");
  AddJobsOption(cmd, bench.jobs);
  return [line] {
    line->args.format = line->format == "json" ? Format::kJson : Format::kTerminal;
    return RunBenchCommand(line->args);
  };
}

}  // namespace rocm_doctor::cli
