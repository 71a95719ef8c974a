// SPDX-License-Identifier: MIT
#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/command_table.h"
#include "report/text_escape.h"
#include "rocm_doctor/exit_code.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor::cli {

bool WantsJson(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--format=json" ||
        (args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "json")) {
      return true;
    }
  }
  return false;
}

void DefaultToCheck(std::vector<std::string>& args) {
  if (!args.empty()) {
    const std::string& first = args[0];
    if (FindCommand(first) != nullptr) return;
    if (first == "--help" || first == "-h" || first == "--version") return;
  }
  args.insert(args.begin(), "check");
}

std::optional<std::string> UnknownCommand(const std::vector<std::string>& args) {
  if (args.empty() || args[0].empty() || args[0][0] == '-' || FindCommand(args[0]) != nullptr) {
    return std::nullopt;
  }
  // The word is echoed printable: an escape sequence in it must not reach the terminal.
  std::string message = "'" + report_text::Printable(args[0]) + "' is not a rocm-doctor command";
  if (std::string closest = ClosestCommand(args[0]); !closest.empty()) {
    message += "; did you mean '" + closest + "'?";
  }
  return message + " (rocm-doctor --help lists them)";
}

int ParseFailed(const CLI::App& app, const CLI::ParseError& error, bool json) {
  // The command the arguments were given to: CLI11 keeps the subcommands it entered.
  std::string command = app.get_name();
  for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    command += " " + sub->get_name();
  }
  if (json) WriteJsonError(error.what(), ToInt(ExitCode::kUsage), std::cout);
  // CLI11 quotes the offending argument: printable, so an escape in it stays text.
  std::cerr << "rocm-doctor: " << report_text::Printable(error.what()) << "\nRun '" << command
            << " --help' for usage.\n";
  return ToInt(ExitCode::kUsage);
}

}  // namespace rocm_doctor::cli
