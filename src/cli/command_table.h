// SPDX-License-Identifier: MIT
#pragma once
// The subcommands of rocm-doctor as one table: each row names a command, says what it does,
// adds its options (the setup function lives with the command, in <name>_command.cpp). main()
// parses against the table and runs the one command that was parsed; nothing else in the
// program knows the list of commands.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/exit_code.h"

namespace CLI {
class App;
}

namespace rocm_doctor::cli {

// Runs the command once its options are parsed; returns the process exit status. Only main()
// exits (architecture rule 11).
using CommandRun = std::function<int()>;

// One line of a command's "Exit status:" help footer.
struct ExitCodeLine {
  ExitCode code;
  std::string_view meaning;
};

struct Command {
  std::string_view name;
  std::string_view summary;
  // Adds the command's options to `cmd`, bound to state that the returned CommandRun reads.
  CommandRun (*setup)(CLI::App& cmd);
  std::span<const ExitCodeLine> exit_codes;  // the command's help footer
  // check and gate: a SIGINT/SIGTERM ends the run with a partial report, marked interrupted
  // (src/system/interrupt.h); set before anything else runs.
  bool report_on_interrupt = false;
  // The probe children the doctor runs itself (probe-load, probe-smi) and the build's
  // generators (man, completion): not in --help, the man page or the completions.
  bool hidden = false;
  // help, man and completion show the options of the other commands: all are added for them.
  bool reads_every_command = false;
};

std::span<const Command> Commands();
const Command* FindCommand(std::string_view name);

// "Exit status:" and one line per code, for a help footer.
std::string ExitCodeFooter(std::span<const ExitCodeLine> codes);
// The footer of `rocm-doctor --help`: what every command's exit status means.
std::string ProgramFooter();
// The lines of that footer (the man page's EXIT STATUS).
std::span<const ExitCodeLine> ProgramExitCodes();

// The visible command closest to `word` (at most two edits, or a third of a long word), or "".
std::string ClosestCommand(std::string_view word);

// Adds every command of the table to `app` (its summary and exit-status footer) and returns
// each one's subcommand with the function that runs it. The options are added to the command
// `first_word` names alone (its parse is all that runs, and a check's start waits for it: the
// options of all 13 commands cost about a quarter of a millisecond more), and to every command
// when the word names none (--help) or one that reads the others (help, man, completion).
std::vector<std::pair<CLI::App*, CommandRun>> AddCommands(CLI::App& app,
                                                          std::string_view first_word);

// Each command's setup function (in its own file).
CommandRun SetupCheckCommand(CLI::App& cmd);
CommandRun SetupListCommand(CLI::App& cmd);
CommandRun SetupExplainCommand(CLI::App& cmd);
CommandRun SetupCaptureCommand(CLI::App& cmd);
CommandRun SetupBenchCommand(CLI::App& cmd);
CommandRun SetupGateCommand(CLI::App& cmd);
CommandRun SetupFleetCommand(CLI::App& cmd);
CommandRun SetupDiffCommand(CLI::App& cmd);
CommandRun SetupHelpCommand(CLI::App& cmd);
CommandRun SetupProbeLoadCommand(CLI::App& cmd);
CommandRun SetupProbeSmiCommand(CLI::App& cmd);
CommandRun SetupManCommand(CLI::App& cmd);
CommandRun SetupCompletionCommand(CLI::App& cmd);

}  // namespace rocm_doctor::cli
