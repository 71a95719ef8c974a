// SPDX-License-Identifier: MIT
#pragma once
// The command line as data, read back from the CLI11 app that AddCommands built: the man page
// and the shell completions are printed from it, so a command or an option added to the table
// (command_table.cpp, <name>_command.cpp) appears in both without anyone editing them.
#include <span>
#include <string>
#include <vector>

#include "cli/command_table.h"

namespace CLI {
class App;
}

namespace rocm_doctor::cli {

struct OptionModel {
  std::vector<std::string> names;  // "-o", "--output"; empty for a positional argument
  std::string positional;          // "reports": the argument's name when it is positional
  bool takes_value = false;        // false for a flag
  bool repeatable = false;         // a list: may be given more than once (or take several)
  std::string value_name;          // CLI11's type name without its validators: TEXT, INT, UINT
  std::vector<std::string> choices;  // an IsMember validator's set: {terminal,json}
  std::string help;
};

struct CommandModel {
  std::vector<std::string> path;  // {"fleet", "summarize"}: the words after the program name
  std::string summary;
  std::vector<OptionModel> options;  // --help first, as CLI11 adds it
  std::vector<CommandModel> subcommands;
  std::span<const ExitCodeLine> exit_codes;  // the table's row (top-level commands only)
};

// The program itself (path empty, its own options) and, below it, every command that --help
// shows; the hidden ones (probe children, man, completion) are left out.
CommandModel ReadCommandLine(const CLI::App& program);

}  // namespace rocm_doctor::cli
