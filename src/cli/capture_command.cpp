// SPDX-License-Identifier: MIT
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "rocm_doctor/exit_code.h"
#include "cli/bench_options.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/archive.h"
#include "system/capture_redact.h"
#include "system/open_system_view.h"
#include "system/recording_system_view.h"
#include "system/temp_dir.h"

namespace rocm_doctor::cli {
namespace {

// What was at the output before the capture, so a failed capture (a full disk) removes what it
// wrote and nothing else: a directory it created goes, an empty one the user made is emptied,
// anything else was refused before a byte was written. An archive removes itself on failure.
enum class OutputWas { kAbsent, kEmptyDir, kOther };

OutputWas Before(const std::string& out) {
  struct stat st {};
  if (::lstat(out.c_str(), &st) != 0)
    return errno == ENOENT ? OutputWas::kAbsent : OutputWas::kOther;
  if (!S_ISDIR(st.st_mode)) return OutputWas::kOther;
  std::error_code ec;
  return std::filesystem::is_empty(out, ec) && !ec ? OutputWas::kEmptyDir : OutputWas::kOther;
}

void RemoveWritten(const std::string& out, OutputWas before) {
  if (system::IsArchiveName(out)) return;
  if (before == OutputWas::kAbsent) system::RemoveTree(out);
  if (before == OutputWas::kEmptyDir) system::RemoveContents(out);
}

}  // namespace

// Runs the checks through a RecordingSystemView and writes exactly what they read as a machine
// directory (architecture rule 3), with the report it produced beside it for the ticket.
int RunCaptureCommand(const CaptureArgs& capture_args) {
  // --level standard and up: the benchmark checks run too, so their helper runs are recorded
  // (.rocm-doctor/probes/hip-bench*.json) for `check --sysroot DIR --level ...`.
  CaptureArgs args = capture_args;
  if (auto level = ApplyCheckLevel(args.level, args.options, args.selection); !level) {
    std::cerr << "rocm-doctor: " << level.error() << '\n';
    return ToInt(ExitCode::kUsage);
  }
  auto selected = SelectChecks(args.selection);
  if (!selected) {
    std::cerr << "rocm-doctor: " << selected.error() << '\n';
    return ToInt(ExitCode::kUsage);
  }
  auto inner = OpenSystemView(args.sysroot);
  if (!inner) {
    std::cerr << "rocm-doctor: " << inner.error() << '\n';
    return ToInt(ExitCode::kUsage);
  }
  auto recorder = std::make_shared<RecordingSystemView>(*inner);
  RunRequest request{*selected, args.options, false, 4, {}};
  Report report = Diagnose(recorder, request, args.sysroot);

  std::string description = args.description;
  if (description.empty()) {
    description =
        fmt::format("captured by rocm-doctor {} on {}", report.tool_version, report.started_at);
  }
  // --redact: the names only the host knows are read through the inner view, so those reads
  // are not part of the capture; the redaction runs on the written tree before it is packed.
  std::optional<RedactionReport> redaction;
  RecordingSystemView::TreeHook redact;
  if (args.redact) {
    redact = [&redaction, names = IdentifyingNamesOf(**inner)](const std::string& dir,
                                                               CaptureStats&) -> Result<bool> {
      Redactor redactor(names);
      auto done = RedactMachineDirectory(dir, redactor);
      if (!done) return Error{"redaction failed, nothing was kept: " + done.error()};
      redaction = std::move(done).value();
      return true;
    };
  }
  const OutputWas before = Before(args.output);
  auto stats = recorder->WriteMachine(args.output, description, redact);
  if (!stats) {
    RemoveWritten(args.output, before);
    std::cerr << "rocm-doctor: " << stats.error() << "; the capture was not kept\n";
    return ToInt(ExitCode::kUsage);
  }
  std::cout << fmt::format(
      "Captured {} files, {} links, {} directories, {} device nodes and {} probes ({} bytes) "
      "into {}\n",
      stats->files, stats->links, stats->dirs, stats->nodes, stats->probes, stats->bytes,
      stats->path);
  std::vector<std::string> warnings = stats->warnings;
  if (redaction) {
    std::cout << "Redacted " << DescribeRemoved(redaction->removed)
              << "; machine.json \"redacted\" lists the counts\n";
    warnings.insert(warnings.end(), redaction->warnings.begin(), redaction->warnings.end());
  }
  constexpr std::size_t kShownWarnings = 10;
  for (std::size_t i = 0; i < warnings.size() && i < kShownWarnings; ++i) {
    std::cerr << "rocm-doctor: capture: " << warnings[i] << '\n';
  }
  if (warnings.size() > kShownWarnings) {
    std::cerr << "rocm-doctor: capture: " << warnings.size() - kShownWarnings << " more warnings\n";
  }
  std::cout << "Replay it with: rocm-doctor check --sysroot " << stats->path
            << (args.level == "basic" ? "" : " --level " + args.level) << '\n';
  return ToInt(ExitCode::kOk);
}

CommandRun SetupCaptureCommand(CLI::App& cmd) {
  auto capture = std::make_shared<CaptureArgs>();
  cmd.add_option("-o,--output", capture->output, "DIR or FILE.tar.gz")->required();
  cmd.add_option("--sysroot", capture->sysroot, "Re-capture a machine directory");
  cmd.add_option("--description", capture->description, "One line for machine.json");
  cmd.add_flag("--redact", capture->redact,
               "Replace hostnames, user names, serials, UUIDs, MAC and IP addresses with "
               "placeholders");
  AddSelectionOptions(cmd, capture->selection);
  AddExpectGpusOption(cmd, capture->options);
  AddCheckLevelOption(cmd, capture->level,
                      "standard, extended or stress: also run and record the benchmarks at that "
                      "level (basic: none)");
  return [capture] { return RunCaptureCommand(*capture); };
}

}  // namespace rocm_doctor::cli
