// SPDX-License-Identifier: MIT
// rocm-doctor fleet summarize REPORT...: nodes grouped by root cause, counts per code, versions
// and benchmark outliers from many JSON reports (files or directories of *.json).
#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "rocm_doctor/exit_code.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "fleet/fleet_reporters.h"
#include "fleet/report_files.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {

int RunFleetSummarizeCommand(const FleetArgs& args) {
  fleet::ReportPaths paths = fleet::ExpandReportPaths(args.paths);
  fleet::FleetBuilder builder(fleet::FleetOptions{.outlier_fraction = args.outlier_percent / 100});
  fleet::ReadReports(paths, builder);
  fleet::FleetSummary summary = std::move(builder).Finish();

  std::ostringstream text;
  if (args.format == "json") {
    fleet::WriteFleetJson(summary, text);
  } else if (args.format == "html") {
    fleet::WriteFleetHtml(summary, text);
  } else {
    fleet::WriteFleetTerminal(summary, text);
  }
  if (args.output) {
    auto written = system::WriteOutputFile(*args.output, text.str());
    if (!written) {
      std::cerr << "rocm-doctor: " << written.error() << '\n';
      return ToInt(ExitCode::kUsage);
    }
  } else {
    std::cout << text.str() << std::flush;
  }
  // Bad files are reported in the summary and skipped; only "nothing could be read" fails.
  if (summary.files_read == 0) {
    std::cerr << "rocm-doctor: fleet summarize: no report could be read (" << summary.skipped.size()
              << " skipped)\n";
    return ToInt(ExitCode::kUsage);
  }
  return ToInt(ExitCode::kOk);
}

CommandRun SetupFleetCommand(CLI::App& cmd) {
  auto fleet = std::make_shared<FleetArgs>();
  cmd.require_subcommand(1, 1);
  CLI::App* summarize = cmd.add_subcommand(
      "summarize", "Nodes by root cause, counts per code, versions, benchmark outliers");
  summarize->add_option("reports", fleet->paths, "JSON reports and directories of them")
      ->required();
  AddFormatOption(*summarize, fleet->format, {"terminal", "json", "html"}, "Output format");
  summarize->add_option("-o,--output", fleet->output, "Write the summary to FILE");
  summarize
      ->add_option("--outlier-percent", fleet->outlier_percent,
                   "A figure this far from its model's fleet median is an outlier (default 10)")
      ->check(CLI::Range(0.1, 1000.0));
  // require_subcommand(1, 1): parsed `fleet` means parsed `fleet summarize`.
  return [fleet] { return RunFleetSummarizeCommand(*fleet); };
}

}  // namespace rocm_doctor::cli
