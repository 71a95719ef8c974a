// SPDX-License-Identifier: MIT
// rocm-doctor fleet summarize REPORT...: nodes grouped by root cause, counts per code, versions
// and benchmark outliers from many JSON reports (files or directories of *.json).
// rocm-doctor fleet baseline REPORT... -o FILE: the fleet's own floors per GPU model and
// partition, in the format --thresholds reads (src/fleet/fleet_baseline.h, docs/fleet.md).
#include <CLI/CLI.hpp>
#include <chrono>
#include <ctime>
#include <iostream>
#include <sstream>

#include "rocm_doctor/exit_code.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "fleet/fleet_baseline.h"
#include "fleet/fleet_reporters.h"
#include "fleet/fleet_stats.h"
#include "fleet/report_files.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {
namespace {

struct SummarizeArgs {
  FleetArgs fleet;
  double outlier_mads = fleet::kDefaultOutlierMads;  // --outlier-mads
};

struct BaselineArgs {
  std::vector<std::string> paths;
  std::optional<std::string> output;
  double mads = fleet::kDefaultBaselineMads;  // --mads
};

fleet::FleetSummary Summarize(const std::vector<std::string>& paths, fleet::FleetOptions options) {
  fleet::ReportPaths expanded = fleet::ExpandReportPaths(paths);
  fleet::FleetBuilder builder(options);
  fleet::ReadReports(expanded, builder);
  return std::move(builder).Finish();
}

int Write(const std::optional<std::string>& output, const std::string& text) {
  if (output) {
    auto written = system::WriteOutputFile(*output, text);
    if (!written) {
      std::cerr << "rocm-doctor: " << written.error() << '\n';
      return ToInt(ExitCode::kUsage);
    }
  } else {
    std::cout << text << std::flush;
  }
  return ToInt(ExitCode::kOk);
}

int RunSummarize(const FleetArgs& args, double outlier_mads) {
  fleet::FleetSummary summary =
      Summarize(args.paths, fleet::FleetOptions{.outlier_fraction = args.outlier_percent / 100,
                                                .outlier_mads = outlier_mads});
  std::ostringstream text;
  if (args.format == "json") {
    fleet::WriteFleetJson(summary, text);
  } else if (args.format == "html") {
    fleet::WriteFleetHtml(summary, text);
  } else {
    fleet::WriteFleetTerminal(summary, text);
  }
  if (int rc = Write(args.output, text.str()); rc != ToInt(ExitCode::kOk)) return rc;
  // Bad files are reported in the summary and skipped; only "nothing could be read" fails.
  if (summary.files_read == 0) {
    std::cerr << "rocm-doctor: fleet summarize: no report could be read (" << summary.skipped.size()
              << " skipped)\n";
    return ToInt(ExitCode::kUsage);
  }
  return ToInt(ExitCode::kOk);
}

std::string TodayUtc() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char day[16];
  std::strftime(day, sizeof day, "%Y-%m-%d", &tm);
  return day;
}

// One group: FILE itself. Several: FILE with "-<model>[-<partition>]" before its extension.
std::string GroupPath(const std::string& file, const fleet::BaselineGroup& g, bool several) {
  if (!several) return file;
  const std::size_t slash = file.rfind('/');
  const std::size_t dot = file.rfind('.');
  const bool has_ext = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
  return has_ext ? file.substr(0, dot) + "-" + g.Slug() + file.substr(dot)
                 : file + "-" + g.Slug() + ".csv";
}

int RunBaseline(const BaselineArgs& args) {
  fleet::FleetSummary summary = Summarize(args.paths, fleet::FleetOptions{});
  for (const fleet::SkippedFile& f : summary.skipped) {
    std::cerr << "rocm-doctor: fleet baseline: skipped " << f.path << ": " << f.reason << '\n';
  }
  fleet::BaselineOptions options{.mads = args.mads, .date = TodayUtc()};
  std::vector<fleet::BaselineGroup> groups = fleet::BuildBaseline(summary, options);
  if (groups.empty()) {
    std::cerr << "rocm-doctor: fleet baseline: no benchmark figure in " << summary.files_read
              << " report(s) (run bench or check --level standard with --format json)\n";
    return ToInt(ExitCode::kUsage);
  }
  const bool several = groups.size() > 1;
  if (several && !args.output) {
    std::cerr << "rocm-doctor: fleet baseline: " << groups.size()
              << " groups (GPU model and partition): give -o FILE (one file per group, "
                 "FILE-<model>[-<partition>].csv)\n";
    return ToInt(ExitCode::kUsage);
  }
  for (const fleet::BaselineGroup& g : groups) {
    std::ostringstream text;
    fleet::WriteBaselineCsv(g, options, text);
    std::optional<std::string> path;
    if (args.output) path = GroupPath(*args.output, g, several);
    if (int rc = Write(path, text.str()); rc != ToInt(ExitCode::kOk)) return rc;
    if (path) {
      std::cerr << "rocm-doctor: fleet baseline: " << g.Name() << ": " << g.rows.size()
                << " rows from " << g.nodes << " nodes -> " << *path << '\n';
    }
  }
  return ToInt(ExitCode::kOk);
}

}  // namespace

int RunFleetSummarizeCommand(const FleetArgs& args) {
  return RunSummarize(args, fleet::kDefaultOutlierMads);
}

CommandRun SetupFleetCommand(CLI::App& cmd) {
  auto summarize_args = std::make_shared<SummarizeArgs>();
  auto baseline_args = std::make_shared<BaselineArgs>();
  cmd.require_subcommand(1, 1);
  CLI::App* summarize = cmd.add_subcommand(
      "summarize", "Nodes by root cause, counts per code, versions, benchmark outliers");
  FleetArgs& fleet = summarize_args->fleet;
  summarize->add_option("reports", fleet.paths, "JSON reports and directories of them")
      ->required();
  AddFormatOption(*summarize, fleet.format, {"terminal", "json", "html"}, "Output format");
  summarize->add_option("-o,--output", fleet.output, "Write the summary to FILE");
  summarize
      ->add_option("--outlier-percent", fleet.outlier_percent,
                   "A figure this far from its model's fleet median is an outlier (default 10)")
      ->check(CLI::Range(0.1, 1000.0));
  summarize
      ->add_option("--outlier-mads", summarize_args->outlier_mads,
                   "A figure more than this many median absolute deviations on the worse side of "
                   "its model's median trails the fleet (default 3; 3 nodes of a model at least)")
      ->check(CLI::Range(0.5, 100.0));

  CLI::App* baseline = cmd.add_subcommand(
      "baseline",
      "The fleet's own benchmark floors per GPU model and partition, for --thresholds FILE");
  baseline->add_option("reports", baseline_args->paths, "JSON reports and directories of them")
      ->required();
  baseline->add_option("-o,--output", baseline_args->output,
                       "Write the thresholds to FILE (several GPU models or partitions: "
                       "FILE-<model>[-<partition>].csv each)");
  baseline
      ->add_option("--mads", baseline_args->mads,
                   "The floor sits this many median absolute deviations below the median "
                   "(default 5)")
      ->check(CLI::Range(0.5, 100.0));
  return [summarize_args, baseline_args, baseline] {
    if (baseline->parsed()) return RunBaseline(*baseline_args);
    return RunSummarize(summarize_args->fleet, summarize_args->outlier_mads);
  };
}

}  // namespace rocm_doctor::cli
