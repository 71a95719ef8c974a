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
    if (FindCommand(first) != nullptr || first == "help") return;
    if (first == "--help" || first == "-h" || first == "--version") return;
  }
  args.insert(args.begin(), "check");
}

int ParseFailed(const CLI::App& app, const CLI::ParseError& error, bool json) {
  (void)app;
  if (json) WriteJsonError(error.what(), ToInt(ExitCode::kUsage), std::cout);
  // CLI11 quotes the offending argument: printable, so an escape in it stays text.
  std::cerr << "rocm-doctor: " << report_text::Printable(error.what())
            << "\nRun 'rocm-doctor --help' for usage.\n";
  return ToInt(ExitCode::kUsage);
}

}  // namespace rocm_doctor::cli
