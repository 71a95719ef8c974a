// SPDX-License-Identifier: MIT
// rocm-doctor diff BASE.json CURRENT.json: what changed between two reports; exit 1 on a
// regression, 0 without, 2 when a report cannot be read (docs/diff.md).
#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "rocm_doctor/exit_code.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "cli/report_outputs.h"
#include "diff/diff_reporters.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {
namespace {

std::string Render(const diff::ReportDiff& d, Format format, bool color) {
  std::ostringstream text;
  if (format == Format::kJson) {
    diff::WriteDiffJson(d, text);
  } else if (format == Format::kMarkdown) {
    diff::WriteDiffMarkdown(d, text);
  } else {
    diff::WriteDiffTerminal(d, text, color);
  }
  return text.str();
}

int Fail(const DiffArgs& args, const std::string& message) {
  if (args.format == Format::kJson && !args.output) diff::WriteDiffJsonError(message, std::cout);
  std::cerr << "rocm-doctor: diff: " << message << '\n';
  return ToInt(ExitCode::kUsage);
}

bool Supported(Format format) {
  return format == Format::kTerminal || format == Format::kJson || format == Format::kMarkdown;
}

}  // namespace

int RunDiffCommand(const DiffArgs& args) {
  for (const OutputFile& extra : args.extra_outputs) {
    if (!Supported(extra.format)) {
      return Fail(args, "-o " + std::string(FormatName(extra.format)) + "=" + extra.path +
                            ": diff writes terminal, json or markdown");
    }
  }
  auto base = diff::ReadDiffSide(args.base);
  if (!base) return Fail(args, "base report " + base.error());
  auto current = diff::ReadDiffSide(args.current);
  if (!current) return Fail(args, "current report " + current.error());

  const diff::DiffOptions options{.default_band = args.band_percent / 100,
                                  .min_band = args.min_band_percent / 100};
  const diff::ReportDiff d = diff::CompareReports(*base, *current, options);

  const bool color = !args.output && args.format == Format::kTerminal && UseColor(args.no_color);
  std::string main = Render(d, args.format, color);
  bool write_failed = false;
  if (args.output) {
    if (auto written = system::WriteOutputFile(*args.output, main); !written) {
      std::cerr << "rocm-doctor: " << written.error() << '\n';
      write_failed = true;
    }
  } else {
    std::cout << main << std::flush;
  }
  for (const OutputFile& extra : args.extra_outputs) {
    auto written = system::WriteOutputFile(extra.path, Render(d, extra.format, /*color=*/false));
    if (!written) {
      std::cerr << "rocm-doctor: " << written.error() << '\n';
      write_failed = true;
    }
  }
  if (write_failed) return ToInt(ExitCode::kUsage);
  return ToInt(d.Regressed() ? ExitCode::kProblems : ExitCode::kOk);
}

CommandRun SetupDiffCommand(CLI::App& cmd) {
  struct CommandLine {
    DiffArgs args;
    std::string format = "terminal";
    std::vector<std::string> outputs;
  };
  auto line = std::make_shared<CommandLine>();
  DiffArgs& diff = line->args;
  cmd.add_option("base", diff.base, "The report to compare with (last week's, a golden node's)")
      ->required();
  cmd.add_option("current", diff.current, "The report to judge")->required();
  AddFormatOption(cmd, line->format, {"terminal", "json", "markdown"},
                  "Output format on stdout (or the plain -o FILE)");
  cmd.add_option("-o,--output", line->outputs,
                 "FILE: the --format output goes to FILE; FORMAT=FILE (repeatable): also "
                 "write that format, e.g. -o markdown=diff.md");
  cmd.add_option("--band", diff.band_percent,
                 "Noise band in percent for a figure neither report gives a spread for "
                 "(default 5)")
      ->check(CLI::Range(0.0, 1000.0));
  cmd.add_option("--min-band", diff.min_band_percent,
                 "The narrowest noise band in percent, whatever the spreads (default 1)")
      ->check(CLI::Range(0.0, 1000.0));
  cmd.add_flag("--no-color", diff.no_color, "No colours (also: NO_COLOR=1)");
  return [line] {
    DiffArgs& args = line->args;
    args.format = FormatFromString(line->format).value_or(Format::kTerminal);
    if (auto split = SplitOutputs(line->outputs, args.output, args.extra_outputs); !split) {
      // diff's JSON error is its own document (WriteDiffJsonError): none for a usage error.
      return UsageError(split.error(), /*json=*/false);
    }
    return RunDiffCommand(args);
  };
}

}  // namespace rocm_doctor::cli
