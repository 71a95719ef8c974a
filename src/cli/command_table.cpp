#include "cli/command_table.h"

#include <CLI/CLI.hpp>

namespace rocm_doctor::cli {
namespace {

// In the order `rocm-doctor --help` lists them.
constexpr Command kCommands[] = {
    {.name = "check",
     .summary = "Diagnose this host (or a captured machine)",
     .setup = SetupCheckCommand,
     .report_on_interrupt = true},
    {.name = "list",
     .summary = "List the checks, their layers and prerequisites",
     .setup = SetupListCommand},
    {.name = "explain",
     .summary = "Explain a finding code or a check",
     .setup = SetupExplainCommand},
    {.name = "capture",
     .summary = "Record what the checks read into a machine directory for offline replay",
     .setup = SetupCaptureCommand},
    {.name = "bench",
     .summary = "Measure what each GPU delivers and judge it against its model's floors",
     .setup = SetupBenchCommand},
    {.name = "gate",
     .summary = "Health gate for Slurm (drain/resume this node) or node-problem-detector",
     .setup = SetupGateCommand,
     .report_on_interrupt = true},
    {.name = "fleet",
     .summary = "Summaries over many nodes' JSON reports",
     .setup = SetupFleetCommand},
    {.name = "diff",
     .summary = "What changed between two JSON reports; exit 1 on a regression (docs/diff.md)",
     .setup = SetupDiffCommand},
    // The children the doctor runs to dlopen ROCm libraries safely: no help group.
    {.name = "probe-load",
     .summary = "dlopen LIB... and print JSON",
     .setup = SetupProbeLoadCommand,
     .hidden = true},
    {.name = "probe-smi",
     .summary = "dlopen rocm-smi-lib (the first LIB that loads), print JSON",
     .setup = SetupProbeSmiCommand,
     .hidden = true},
};

}  // namespace

std::span<const Command> Commands() { return kCommands; }

const Command* FindCommand(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

std::vector<std::pair<CLI::App*, CommandRun>> AddCommands(CLI::App& app) {
  std::vector<std::pair<CLI::App*, CommandRun>> added;
  for (const Command& command : kCommands) {
    CLI::App* cmd = app.add_subcommand(std::string(command.name), std::string(command.summary));
    if (command.hidden) cmd->group("");
    added.emplace_back(cmd, command.setup(*cmd));
  }
  return added;
}

}  // namespace rocm_doctor::cli
