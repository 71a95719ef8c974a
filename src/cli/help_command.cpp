// SPDX-License-Identifier: MIT
// rocm-doctor help [COMMAND [SUBCOMMAND]]: the same text as `rocm-doctor [COMMAND] --help`.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/command_table.h"
#include "cli/common_options.h"
#include "report/text_escape.h"
#include "rocm_doctor/exit_code.h"

namespace rocm_doctor::cli {

CommandRun SetupHelpCommand(CLI::App& cmd) {
  auto words = std::make_shared<std::vector<std::string>>();
  cmd.add_option("command", *words, "A command (and its subcommand): check, fleet summarize, ...");
  CLI::App* program = cmd.get_parent();
  return [words, program] {
    const CLI::App* shown = program;
    std::string name = program->get_name();  // for the usage line: "rocm-doctor fleet summarize"
    for (const std::string& word : *words) {
      const CLI::App* sub = nullptr;
      for (const CLI::App* candidate : shown->get_subcommands({})) {
        if (candidate->get_name() == word) sub = candidate;
      }
      if (sub == nullptr) {
        std::string message = "help: '" + report_text::Printable(word) + "' is not a command";
        if (shown == program) {
          if (std::string closest = ClosestCommand(word); !closest.empty()) {
            message += "; did you mean '" + closest + "'?";
          }
        }
        return UsageError(message + " (rocm-doctor --help lists them)", /*json=*/false);
      }
      shown = sub;
      name += " " + shown->get_name();
    }
    // The formatter, not App::help(): that one shows the parsed subcommand's help (this one's).
    std::cout << shown->get_formatter()->make_help(shown, name, CLI::AppFormatMode::Normal);
    return ToInt(ExitCode::kOk);
  };
}

}  // namespace rocm_doctor::cli
