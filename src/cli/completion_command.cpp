// SPDX-License-Identifier: MIT
// rocm-doctor completion bash|zsh (hidden): prints the shell's completion script, made from the
// command line that AddCommands built. The build writes both (packaging/cli_files.cmake).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "cli/cli_model.h"
#include "cli/command_table.h"
#include "cli/completion_scripts.h"
#include "rocm_doctor/exit_code.h"

namespace rocm_doctor::cli {

CommandRun SetupCompletionCommand(CLI::App& cmd) {
  auto shell = std::make_shared<std::string>();
  cmd.add_option("shell", *shell, "The shell to complete for")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh"}));
  const CLI::App* program = cmd.get_parent();
  return [shell, program] {
    const CommandModel model = ReadCommandLine(*program);
    std::cout << (*shell == "bash" ? BashCompletion(model) : ZshCompletion(model));
    return ToInt(ExitCode::kOk);
  };
}

}  // namespace rocm_doctor::cli
