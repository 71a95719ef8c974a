// SPDX-License-Identifier: MIT
#include "cli/command_table.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/common_options.h"

namespace rocm_doctor::cli {
namespace {

// What each exit status means, per command (include/rocm_doctor/exit_code.h; docs/cli.md).
constexpr ExitCodeLine kUsageLine{ExitCode::kUsage, "bad usage, or an input could not be read"};
constexpr ExitCodeLine kCheckExits[] = {
    {ExitCode::kOk, "ready for ROCm work (warnings only, unless --fail-on warn)"},
    {ExitCode::kProblems, "a check failed (or warned, with --fail-on warn)"},
    {ExitCode::kUnknown, "the checks could not tell; bad usage; an input could not be read"},
    {ExitCode::kSigint, "interrupted by SIGINT: the report is partial and says so"},
    {ExitCode::kSigterm, "interrupted by SIGTERM: the report is partial and says so"}};
constexpr ExitCodeLine kBenchExits[] = {
    {ExitCode::kOk, "every benchmark met its floor"},
    {ExitCode::kProblems, "a benchmark or a check it rests on failed"},
    {ExitCode::kUnknown, "could not tell (not measured, interrupted); bad usage"}};
constexpr ExitCodeLine kGateExits[] = {
    {ExitCode::kOk, "healthy: nothing to do, or the node was resumed"},
    {ExitCode::kProblems, "unhealthy: the node was drained (or left drained)"},
    {ExitCode::kUnknown, "could not tell (NPD: Unknown); bad usage"},
    {ExitCode::kSlurmError, "--slurm: the node's state could not be read or changed"},
    {ExitCode::kSigint, "interrupted by SIGINT: the node's state was not changed"},
    {ExitCode::kSigterm, "interrupted by SIGTERM: the node's state was not changed"}};
constexpr ExitCodeLine kDiffExits[] = {{ExitCode::kOk, "no regression"},
                                       {ExitCode::kProblems, "a regression"},
                                       {ExitCode::kUsage, "a report could not be read; bad usage"}};
constexpr ExitCodeLine kProgramExits[] = {
    {ExitCode::kOk, "ready for ROCm work; no regression; done"},
    {ExitCode::kProblems, "a check failed; a regression (diff); the node is unhealthy (gate)"},
    {ExitCode::kUnknown, "could not tell; bad usage; an input could not be read"},
    {ExitCode::kSlurmError, "gate --slurm: the node's state could not be read or changed"},
    {ExitCode::kSigint, "interrupted by SIGINT (check, gate: a partial report)"},
    {ExitCode::kSigterm, "interrupted by SIGTERM (check, gate: a partial report)"}};
constexpr ExitCodeLine kPlainExits[] = {{ExitCode::kOk, "done"}, kUsageLine};

// In the order `rocm-doctor --help` lists them.
constexpr Command kCommands[] = {
    {.name = "check",
     .summary = "Diagnose this host (or a captured machine)",
     .setup = SetupCheckCommand,
     .exit_codes = kCheckExits,
     .report_on_interrupt = true},
    {.name = "list",
     .summary = "List the checks, their layers and prerequisites",
     .setup = SetupListCommand,
     .exit_codes = kPlainExits},
    {.name = "explain",
     .summary = "Explain a finding code or a check",
     .setup = SetupExplainCommand,
     .exit_codes = kPlainExits},
    {.name = "capture",
     .summary = "Record what the checks read into a machine directory for offline replay",
     .setup = SetupCaptureCommand,
     .exit_codes = kPlainExits},
    {.name = "bench",
     .summary = "Measure what each GPU delivers and judge it against its model's floors",
     .setup = SetupBenchCommand,
     .exit_codes = kBenchExits},
    {.name = "gate",
     .summary = "Health gate for Slurm (drain/resume this node) or node-problem-detector",
     .setup = SetupGateCommand,
     .exit_codes = kGateExits,
     .report_on_interrupt = true},
    {.name = "fleet",
     .summary = "Summaries over many nodes' JSON reports",
     .setup = SetupFleetCommand,
     .exit_codes = kPlainExits},
    {.name = "diff",
     .summary = "What changed between two JSON reports; exit 1 on a regression (docs/diff.md)",
     .setup = SetupDiffCommand,
     .exit_codes = kDiffExits},
    {.name = "help",
     .summary = "Show the help of rocm-doctor or of a command: help [COMMAND]",
     .setup = SetupHelpCommand,
     .exit_codes = kPlainExits,
     .reads_every_command = true},
    // The children the doctor runs to dlopen ROCm libraries safely: no help group.
    {.name = "probe-load",
     .summary = "dlopen LIB... and print JSON",
     .setup = SetupProbeLoadCommand,
     .exit_codes = kPlainExits,
     .hidden = true},
    {.name = "probe-smi",
     .summary = "dlopen rocm-smi-lib (the first LIB that loads), print JSON",
     .setup = SetupProbeSmiCommand,
     .exit_codes = kPlainExits,
     .hidden = true},
    // What the build installs beside the binary, made from this table.
    {.name = "man",
     .summary = "Print the man page rocm-doctor(1) in roff",
     .setup = SetupManCommand,
     .exit_codes = kPlainExits,
     .hidden = true,
     .reads_every_command = true},
    {.name = "completion",
     .summary = "Print the bash or zsh completion script",
     .setup = SetupCompletionCommand,
     .exit_codes = kPlainExits,
     .hidden = true,
     .reads_every_command = true},
};

}  // namespace

std::span<const Command> Commands() { return kCommands; }

const Command* FindCommand(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

std::string ClosestCommand(std::string_view word) {
  std::string best;
  // Two edits always (a swapped pair of letters is two), a third of a longer word.
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const Command& command : kCommands) {
    if (command.hidden) continue;
    if (std::size_t d = EditDistance(word, command.name); d < best_distance) {
      best_distance = d;
      best = std::string(command.name);
    }
  }
  return best;
}

std::string ExitCodeFooter(std::span<const ExitCodeLine> codes) {
  std::string footer = "Exit status:";
  for (const ExitCodeLine& line : codes) {
    footer += fmt::format("\n  {:<3}  {}", ToInt(line.code), line.meaning);
  }
  return footer;
}

std::span<const ExitCodeLine> ProgramExitCodes() { return kProgramExits; }

std::string ProgramFooter() {
  return ExitCodeFooter(kProgramExits) + "\nEach command's own: rocm-doctor help COMMAND";
}

std::vector<std::pair<CLI::App*, CommandRun>> AddCommands(CLI::App& app,
                                                          std::string_view first_word) {
  app.footer(ProgramFooter());
  const Command* named = FindCommand(first_word);
  const bool every = named == nullptr || named->reads_every_command;
  std::vector<std::pair<CLI::App*, CommandRun>> added;
  for (const Command& command : kCommands) {
    CLI::App* cmd = app.add_subcommand(std::string(command.name), std::string(command.summary));
    if (command.hidden) cmd->group("");
    cmd->footer(ExitCodeFooter(command.exit_codes));
    if (every || &command == named) {
      added.emplace_back(cmd, command.setup(*cmd));
    } else {
      // Never parsed: one subcommand is parsed, the one named first.
      added.emplace_back(cmd, [name = command.name] {
        return UsageError("'" + std::string(name) + "' must come first", /*json=*/false);
      });
    }
  }
  return added;
}

}  // namespace rocm_doctor::cli
