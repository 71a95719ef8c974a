// SPDX-License-Identifier: MIT
// rocm-doctor: the command line. The only place that exits (architecture rule 11); the commands
// and their options are the table in src/cli/command_table.cpp.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "rocm_doctor/exit_code.h"
#include "cli/command_line.h"
#include "cli/command_table.h"
#include "cli/common_options.h"
#include "cli/printable_stderr.h"
#include "system/interrupt.h"

namespace cli = rocm_doctor::cli;

int main(int argc, char** argv) {
  cli::MakeStderrPrintable();  // first: every later message on stderr goes through it
  std::vector<std::string> args(argv + 1, argv + argc);
  const bool json = cli::WantsJson(args);
  if (auto unknown = cli::UnknownCommand(args)) return cli::UsageError(*unknown, json);
  cli::DefaultToCheck(args);
  // SIGINT/SIGTERM (src/system/interrupt.h): check and gate always end with a partial report
  // marked interrupted and exit 130/143, whenever the signal comes; set before the handlers, so
  // a signal pending at start is handled the same way. Other commands: a running helper gets
  // the signal (a benchmark frees the GPU and reports), else the doctor dies of it.
  const cli::Command* command = cli::FindCommand(args.empty() ? "" : args[0]);
  if (command != nullptr && command->report_on_interrupt) rocm_doctor::system::ReportOnInterrupt();
  rocm_doctor::system::InstallInterruptForwarding();

  CLI::App app{"rocm-doctor: tells why an AMD ROCm GPU stack does not work, and proves it when it does",
               "rocm-doctor"};  // the name in every usage line
  app.set_version_flag("--version", std::string("rocm-doctor ") + ROCMDOC_VERSION);
  app.require_subcommand(1, 1);
  const auto commands = cli::AddCommands(app, args.empty() ? "" : args[0]);
  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    return cli::ParseFailed(app, e, json);
  }
  try {
    for (const auto& [subcommand, run] : commands) {
      if (subcommand->parsed()) return run();
    }
  } catch (const std::exception& e) {
    return cli::UsageError(std::string("internal error: ") + e.what(), json);
  }
  std::cerr << app.help();
  return rocm_doctor::ToInt(rocm_doctor::ExitCode::kUsage);
}
