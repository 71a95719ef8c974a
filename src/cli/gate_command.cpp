// SPDX-License-Identifier: MIT
// rocm-doctor gate: the check pipeline run as a scheduler's or monitor's health gate.
//   --slurm  HealthCheckProgram / Prolog: drain this node on failure, resume it once healthy
//            (docs/slurm.md).
//   --npd    node-problem-detector custom plugin: exit 0/1/2 and one line of at most 80 bytes
//            (docs/kubernetes/).
// The whole run, probes and scontrol included, finishes inside --deadline.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>

#include "rocm_doctor/exit_code.h"
#include "cli/bench_options.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/common_options.h"
#include "cli/option_setup.h"
#include "cli/policy_options.h"
#include "cli/report_outputs.h"
#include "gate/deadline_system_view.h"
#include "gate/gate_summary.h"
#include "gate/node_name.h"
#include "gate/npd.h"
#include "gate/slurm_gate.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/interrupt.h"
#include "system/open_system_view.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Slurm kills a HealthCheckProgram after 60 s (slurm.conf(5)); the default leaves half of it.
constexpr milliseconds kSlurmDefaultDeadline{30000};

// Time kept back from the diagnosis for what follows it: two scontrol calls (milliseconds when
// slurmctld is up; capped so a dead slurmctld still cannot overrun) or printing one line.
milliseconds Reserve(GateArgs::Mode mode, milliseconds deadline) {
  if (mode == GateArgs::Mode::kNpd) return std::min(milliseconds(300), deadline / 4);
  return std::min(milliseconds(5000), deadline / 4);
}

std::string VerdictLine(const std::string& who, const gate::GateSummary& summary) {
  std::string line = "rocm-doctor gate: " + who + std::string(ToString(summary.verdict));
  if (!summary.code.empty()) line += ": " + summary.code;
  if (!summary.message.empty()) line += ": " + summary.message;
  if (summary.more_causes > 0) line += " (+" + std::to_string(summary.more_causes) + " more)";
  return line;
}

}  // namespace

int RunGateCommand(const GateArgs& args) {
  const bool npd = args.mode == GateArgs::Mode::kNpd;
  const auto started = Clock::now();
  const milliseconds budget = args.deadline_s
                                  ? milliseconds(static_cast<long long>(*args.deadline_s * 1000))
                              : npd ? gate::kNpdDefaultDeadline
                                    : kSlurmDefaultDeadline;
  const auto deadline = started + budget;
  const milliseconds reserve = Reserve(args.mode, budget);

  // Usage problems: NPD reads one line on stdout and exit 2 as "unknown"; Slurm logs stderr.
  auto fail = [&](std::string message) {
    // Once SIGINT/SIGTERM came, the gate exits as interrupted (src/system/interrupt.h).
    const bool interrupted = system::InterruptRequested();
    if (interrupted) {
      message = "interrupted by " + std::string(system::InterruptSignalName()) + ": " + message;
    }
    if (npd)
      std::cout << gate::OneLineWithin("rocm-doctor: " + message, gate::kNpdMaxOutput) << '\n';
    std::cerr << "rocm-doctor: " << message << '\n';
    if (interrupted) return system::InterruptExitCode();
    return npd ? gate::kNpdUnknown : gate::kGateUnknown;
  };

  // Slurm acts on the live host whatever is diagnosed (--sysroot replays another machine).
  auto host = OpenSystemView(std::nullopt);
  if (!host) return fail(host.error());
  std::optional<gate::NodeName> node;
  if (!npd) {
    auto resolved = gate::ResolveNodeName(args.node, **host);
    if (!resolved) return fail(resolved.error());
    node = *resolved;
  }

  // The same preparation as `check`: the policy, the level's benchmarks, their thresholds.
  CheckArgs run = args.check;
  if (auto split = SplitOutputs(args.outputs, run); !split) return fail(split.error());
  if (auto loaded = LoadPolicyInto(run); !loaded) return fail(loaded.error());
  if (auto level = ApplyCheckLevel(run.level, run.options, run.selection); !level) {
    return fail(level.error());
  }
  auto thresholds = LoadThresholds(run.thresholds);
  if (!thresholds) return fail(thresholds.error());
  run.options.bench.thresholds = *thresholds;
  ApplyPolicyFloors(run.options);  // the policy's [[bench.floor]] rows (policy_options.h)
  auto selected = SelectChecks(run.selection);
  if (!selected) return fail(selected.error());
  std::vector<const RegisteredCheck*> checks = *selected;
  bool probes_skipped = false;
  if (npd && !args.probes) {
    // NPD runs every 30 s next to the workloads: by default only what reads sysfs/procfs, never
    // a child that initialises the GPU runtime.
    auto is_probe = [](const RegisteredCheck* c) { return c->info->cost != Cost::kCheap; };
    probes_skipped = std::any_of(checks.begin(), checks.end(), is_probe);
    checks.erase(std::remove_if(checks.begin(), checks.end(), is_probe), checks.end());
  }

  auto view = OpenSystemView(run.sysroot);
  if (!view) return fail(view.error());
  auto bounded = std::make_shared<gate::DeadlineSystemView>(*view, deadline, reserve);
  RunRequest request{checks, run.options, run.fail_on == "warn", run.jobs, deadline - reserve};
  // SIGINT/SIGTERM (a scheduler stopping the gate): the checks not finished are reported as
  // interrupted, the partial report goes to every -o output, the node's state is left alone and
  // the gate exits 130/143. The engine's own deadline still bounds the wait.
  request.interrupt_signal = [] { return system::InterruptSignal(); };
  request.interrupt_grace = system::kInterruptGrace + std::chrono::seconds(1);
  Report report = Diagnose(bounded, request, run.sysroot);

  // The report beside the gate's answer (stdout is the answer): a plain -o FILE is the JSON
  // report (for `rocm-doctor fleet summarize`), -o FORMAT=FILE any format. A write error is
  // logged and does not change the gate's exit status.
  std::vector<OutputFile> outputs = run.extra_outputs;
  if (run.output) outputs.insert(outputs.begin(), OutputFile{Format::kJson, *run.output});
  for (const OutputFile& file : outputs) {
    auto written =
        system::WriteOutputFile(file.path, RenderReport(report, file.format, false, false));
    if (!written) std::cerr << "rocm-doctor: " << written.error() << '\n';
  }

  const gate::GateSummary summary = gate::SummarizeForGate(report);
  const bool warn_is_failure = run.fail_on == "warn";
  if (!report.interrupted_by.empty()) {
    // A partial diagnosis is no ground to drain or resume a node: no scontrol, no verdict.
    const std::string line = "rocm-doctor gate: interrupted by " + report.interrupted_by +
                             " before the checks finished; " +
                             (npd ? "no answer" : "the node's state was not changed");
    std::cout << (npd ? gate::OneLineWithin(line, gate::kNpdMaxOutput) : line) << '\n'
              << std::flush;
    return report.exit_code;
  }
  if (npd) {
    gate::NpdAnswer answer = gate::AnswerForNpd(summary, warn_is_failure, probes_skipped);
    std::cout << answer.message << '\n' << std::flush;
    return answer.exit_code;
  }

  gate::SlurmGateOptions slurm;
  slurm.node = node->name;
  slurm.scontrol = args.scontrol;
  slurm.policy = {.warn_is_failure = warn_is_failure, .unknown_drains = args.drain_unknown};
  slurm.dry_run = args.dry_run;
  slurm.deadline = deadline;
  gate::SlurmGateResult result = gate::RunSlurmGate(summary, **host, slurm);
  std::cout << VerdictLine("node " + node->name + " (from " + node->source + "): ", summary)
            << '\n';
  for (const std::string& line : result.lines) std::cout << line << '\n';
  std::cout << std::flush;
  if (!result.error.empty()) std::cerr << "rocm-doctor: " << result.error << '\n';
  return result.exit_code;
}

CommandRun SetupGateCommand(CLI::App& cmd) {
  auto gate = std::make_shared<GateArgs>();
  GateArgs* g = gate.get();  // the flag callbacks run while `gate` is alive (during the parse)
  CLI::Option* slurm = cmd.add_flag_callback(
      "--slurm", [g] { g->mode = GateArgs::Mode::kSlurm; },
      "HealthCheckProgram/Prolog: drain on failure, resume once healthy (docs/slurm.md)");
  CLI::Option* npd = cmd.add_flag_callback(
      "--npd", [g] { g->mode = GateArgs::Mode::kNpd; },
      "node-problem-detector custom plugin: exit 0/1/2, one line <= 80 bytes");
  slurm->excludes(npd);
  cmd.add_option("--sysroot", gate->check.sysroot,
                 "Diagnose a machine directory or .tar.gz instead of this host");
  AddSelectionOptions(cmd, gate->check.selection);
  AddExpectGpusOption(cmd, gate->check.options);
  cmd.add_option("--deadline", gate->deadline_s,
                 "Finish within SECONDS, probes and scontrol included (slurm 30, npd 4)")
      ->check(CLI::Range(1.0, 3600.0));
  cmd.add_option("--node", gate->node,
                 "Slurm node name (default: $SLURMD_NODENAME, else the short hostname)");
  cmd.add_option("--scontrol", gate->scontrol, "scontrol to run (default: from PATH)");
  cmd.add_flag("--dry-run", gate->dry_run, "Read the node state, print the scontrol update");
  cmd.add_flag("--drain-unknown", gate->drain_unknown,
               "Drain also when the checks could not tell (verdict unknown)");
  cmd.add_flag("--probes", gate->probes, "NPD: also run the GPU probes (HIP runtime)");
  AddFailOnOption(cmd, gate->check.fail_on, "Treat warnings as failures with 'warn'");
  cmd.add_option("-o,--output", gate->outputs,
                 "FILE: also write the JSON report there; FORMAT=FILE (repeatable): that "
                 "format, e.g. -o prometheus=/var/lib/node_exporter/rocm-doctor.prom");
  AddPolicyOption(cmd, gate->check.policy_file);
  AddCheckLevelOption(cmd, gate->check.level, std::string(kCheckLevelHelp));
  AddThresholdsOption(cmd, gate->check.thresholds);
  AddJobsOption(cmd, gate->check.jobs);
  return [gate, slurm, npd] {
    if (slurm->count() + npd->count() != 1) {
      std::cerr << "rocm-doctor: gate needs --slurm or --npd\n";
      return ToInt(ExitCode::kUsage);
    }
    return RunGateCommand(*gate);
  };
}

}  // namespace rocm_doctor::cli
