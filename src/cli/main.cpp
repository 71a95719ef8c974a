// rocm-doctor: the command line. The only place that exits (architecture rule 11).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/printable_stderr.h"
#include "cli/report_outputs.h"
#include "report/text_escape.h"
#include "rocm_doctor/reporters.h"
#include "system/interrupt.h"

namespace {

using rocm_doctor::cli::Format;

// JSON mode prints JSON only, even when the arguments cannot be parsed: look for it up front.
bool WantsJson(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--format=json" || (a == "--format" && i + 1 < argc && std::strcmp(argv[i + 1], "json") == 0)) {
      return true;
    }
  }
  return false;
}

void AddSelection(CLI::App* cmd, rocm_doctor::cli::SelectionArgs& selection) {
  cmd->add_option("--only", selection.only,
                  "Run only these checks: ids, layers or globs (driver.*)")
      ->delimiter(',');
  cmd->add_option("--skip", selection.skip, "Skip these checks: ids, layers or globs")
      ->delimiter(',');
}

void AddPolicy(CLI::App* cmd, rocm_doctor::CheckOptions& options) {
  cmd->add_option("--expect-gpus", options.expect_gpus, "Fail unless exactly N AMD GPUs are present")
      ->check(CLI::Range(0, 4096));
}

}  // namespace

int main(int argc, char** argv) {
  rocm_doctor::cli::MakeStderrPrintable();
  std::vector<std::string> args(argv + 1, argv + argc);
  // `rocm-doctor` and `rocm-doctor -v` mean `rocm-doctor check ...`.
  static const std::vector<std::string> kCommands{"check", "list", "explain", "capture", "help",
                                                     "probe-load", "probe-smi", "gate", "fleet", "bench",
                                                     "diff"};
  bool has_command = !args.empty() && std::find(kCommands.begin(), kCommands.end(), args[0]) !=
                                          kCommands.end();
  bool top_level_flag = !args.empty() && (args[0] == "--help" || args[0] == "-h" ||
                                          args[0] == "--version");
  if (!has_command && !top_level_flag) args.insert(args.begin(), "check");
  // SIGINT/SIGTERM (src/system/interrupt.h): check and gate always end with a partial report
  // marked interrupted and exit 130/143, whenever the signal comes; set before the handlers, so
  // a signal pending at start is handled the same way. Other commands: a running helper gets
  // the signal (a benchmark frees the GPU and reports), else the doctor dies of it.
  if (!args.empty() && (args[0] == "check" || args[0] == "gate")) {
    rocm_doctor::system::ReportOnInterrupt();
  }
  rocm_doctor::system::InstallInterruptForwarding();
  bool json = WantsJson(argc, argv);

  CLI::App app{"rocm-doctor: tells why an AMD ROCm GPU stack does not work, and proves it when it does"};
  app.set_version_flag("--version", std::string("rocm-doctor ") + ROCMDOC_VERSION);
  app.require_subcommand(1, 1);

  rocm_doctor::cli::CheckArgs check;
  std::string check_format = "terminal";
  CLI::App* check_cmd = app.add_subcommand("check", "Diagnose this host (or a captured machine)");
  check_cmd->add_option("--sysroot", check.sysroot,
                        "Diagnose a machine directory or .tar.gz instead of this host");
  AddSelection(check_cmd, check.selection);
  AddPolicy(check_cmd, check.options);
  check_cmd->add_option("--format", check_format, "Output format on stdout (or the plain -o FILE)")
      ->check(CLI::IsMember({"terminal", "json", "junit", "prometheus", "markdown"}));
  std::vector<std::string> check_outputs;
  check_cmd->add_option("-o,--output", check_outputs,
                        "FILE: the --format output goes to FILE; FORMAT=FILE (repeatable): also "
                        "write that format, e.g. -o junit=doctor.xml -o prometheus=rd.prom");
  check_cmd->add_option("--policy", check.policy_file,
                        "Judge against a policy file (TOML, docs/policies/)");
  check_cmd->add_flag("--redact", check.redact,
                      "Remove hostnames, user names, serials, UUIDs, MAC/IP addresses from "
                      "every output");
  check_cmd->add_option("--level", check.level,
                        "basic; standard: also the quick benchmarks; stress: the stress level")
      ->check(CLI::IsMember({"basic", "standard", "stress"}));
  check_cmd->add_option("--thresholds", check.thresholds,
                        "Benchmark floors (CSV, checks/data/README.md) over the built-in ones");
  check_cmd->add_flag("-v,--verbose", check.verbose, "Show the evidence behind each line");
  check_cmd->add_flag("--no-color", check.no_color, "No colours (also: NO_COLOR=1)");
  check_cmd->add_option("--fail-on", check.fail_on, "Exit 1 on warnings too with 'warn'")
      ->check(CLI::IsMember({"fail", "warn"}));
  check_cmd->add_option("-j,--jobs", check.jobs, "Checks run at once")->check(CLI::Range(1, 64));

  std::string list_format = "terminal";
  CLI::App* list_cmd = app.add_subcommand("list", "List the checks, their layers and prerequisites");
  list_cmd->add_option("--format", list_format)->check(CLI::IsMember({"terminal", "json"}));

  std::string explain_what;
  std::string explain_format = "terminal";
  bool explain_all = false;
  CLI::App* explain_cmd = app.add_subcommand("explain", "Explain a finding code or a check");
  explain_cmd->add_option("what", explain_what, "A finding code or a check id");
  explain_cmd->add_flag("--all", explain_all, "Every finding code (docs/findings.md)");
  explain_cmd->add_option("--format", explain_format)
      ->check(CLI::IsMember({"terminal", "json", "markdown"}));

  rocm_doctor::cli::CaptureArgs capture;
  CLI::App* capture_cmd = app.add_subcommand(
      "capture", "Record what the checks read into a machine directory for offline replay");
  capture_cmd->add_option("-o,--output", capture.output, "DIR or FILE.tar.gz")->required();
  capture_cmd->add_option("--sysroot", capture.sysroot, "Re-capture a machine directory");
  capture_cmd->add_option("--description", capture.description, "One line for machine.json");
  capture_cmd->add_flag("--redact", capture.redact,
                        "Replace hostnames, user names, serials, UUIDs, MAC and IP addresses "
                        "with placeholders");
  AddSelection(capture_cmd, capture.selection);
  AddPolicy(capture_cmd, capture.options);
  capture_cmd->add_option("--level", capture.level,
                          "standard|stress: also run and record the benchmarks")
      ->check(CLI::IsMember({"basic", "standard", "stress"}));

  rocm_doctor::cli::BenchArgs bench;
  std::string bench_format = "terminal";
  CLI::App* bench_cmd = app.add_subcommand(
      "bench", "Measure what each GPU delivers and judge it against its model's floors");
  bench_cmd->add_option("--level", bench.level,
                        "quick (all benchmarks, memory test on a slice), standard, stress")
      ->check(CLI::IsMember({"quick", "standard", "stress"}));
  bench_cmd->add_option("--only", bench.only, "Benchmarks or families: memory, memory.triad, ...")
      ->delimiter(',');
  bench_cmd->add_option("--device", bench.device, "Only this runtime device (ordinal)")
      ->check(CLI::Range(0, 4095));
  bench_cmd->add_option("--thresholds", bench.thresholds,
                        "Benchmark floors (CSV, checks/data/README.md) over the built-in ones");
  bench_cmd->add_option("--sysroot", bench.sysroot,
                        "Judge a machine directory's recorded benchmark runs instead");
  bench_cmd->add_option("--format", bench_format, "Output format")
      ->check(CLI::IsMember({"terminal", "json"}));
  bench_cmd->add_option("-o,--output", bench.output, "Write the report to FILE");
  bench_cmd->add_flag("-v,--verbose", bench.verbose, "Sizes, iterations, clocks and evidence");
  bench_cmd->add_flag("--no-color", bench.no_color, "No colours (also: NO_COLOR=1)");
  bench_cmd->add_option("-j,--jobs", bench.jobs, "Checks run at once")->check(CLI::Range(1, 64));

  rocm_doctor::cli::GateArgs gate;
  CLI::App* gate_cmd = app.add_subcommand(
      "gate", "Health gate for Slurm (drain/resume this node) or node-problem-detector");
  CLI::Option* gate_slurm = gate_cmd->add_flag_callback(
      "--slurm", [&gate] { gate.mode = rocm_doctor::cli::GateArgs::Mode::kSlurm; },
      "HealthCheckProgram/Prolog: drain on failure, resume once healthy (docs/slurm.md)");
  CLI::Option* gate_npd = gate_cmd->add_flag_callback(
      "--npd", [&gate] { gate.mode = rocm_doctor::cli::GateArgs::Mode::kNpd; },
      "node-problem-detector custom plugin: exit 0/1/2, one line <= 80 bytes");
  gate_slurm->excludes(gate_npd);
  gate_cmd->add_option("--sysroot", gate.check.sysroot,
                       "Diagnose a machine directory or .tar.gz instead of this host");
  AddSelection(gate_cmd, gate.check.selection);
  AddPolicy(gate_cmd, gate.check.options);
  gate_cmd->add_option("--deadline", gate.deadline_s,
                       "Finish within SECONDS, probes and scontrol included (slurm 30, npd 4)")
      ->check(CLI::Range(1.0, 3600.0));
  gate_cmd->add_option("--node", gate.node,
                       "Slurm node name (default: $SLURMD_NODENAME, else the short hostname)");
  gate_cmd->add_option("--scontrol", gate.scontrol, "scontrol to run (default: from PATH)");
  gate_cmd->add_flag("--dry-run", gate.dry_run, "Read the node state, print the scontrol update");
  gate_cmd->add_flag("--drain-unknown", gate.drain_unknown,
                     "Drain also when the checks could not tell (verdict unknown)");
  gate_cmd->add_flag("--probes", gate.probes, "NPD: also run the GPU probes (HIP runtime)");
  gate_cmd->add_option("--fail-on", gate.check.fail_on, "Treat warnings as failures with 'warn'")
      ->check(CLI::IsMember({"fail", "warn"}));
  gate_cmd->add_option("-o,--output", gate.outputs,
                       "FILE: also write the JSON report there; FORMAT=FILE (repeatable): that "
                       "format, e.g. -o prometheus=/var/lib/node_exporter/rocm-doctor.prom");
  gate_cmd->add_option("--policy", gate.check.policy_file,
                       "Judge against a policy file (TOML, docs/policies/)");
  gate_cmd->add_option("--level", gate.check.level,
                       "basic; standard: also the quick benchmarks; stress: the stress level")
      ->check(CLI::IsMember({"basic", "standard", "stress"}));
  gate_cmd->add_option("--thresholds", gate.check.thresholds,
                       "Benchmark floors (CSV, checks/data/README.md) over the built-in ones");
  gate_cmd->add_option("-j,--jobs", gate.check.jobs, "Checks run at once")
      ->check(CLI::Range(1, 64));

  rocm_doctor::cli::FleetArgs fleet;
  CLI::App* fleet_cmd = app.add_subcommand("fleet", "Summaries over many nodes' JSON reports");
  fleet_cmd->require_subcommand(1, 1);
  CLI::App* fleet_summarize_cmd = fleet_cmd->add_subcommand(
      "summarize", "Nodes by root cause, counts per code, versions, benchmark outliers");
  fleet_summarize_cmd->add_option("reports", fleet.paths, "JSON reports and directories of them")
      ->required();
  fleet_summarize_cmd->add_option("--format", fleet.format, "Output format")
      ->check(CLI::IsMember({"terminal", "json", "html"}));
  fleet_summarize_cmd->add_option("-o,--output", fleet.output, "Write the summary to FILE");
  fleet_summarize_cmd
      ->add_option("--outlier-percent", fleet.outlier_percent,
                   "A figure this far from its model's fleet median is an outlier (default 10)")
      ->check(CLI::Range(0.1, 1000.0));

  rocm_doctor::cli::DiffArgs diff;
  std::string diff_format = "terminal";
  std::vector<std::string> diff_outputs;
  CLI::App* diff_cmd = app.add_subcommand(
      "diff", "What changed between two JSON reports; exit 1 on a regression (docs/diff.md)");
  diff_cmd
      ->add_option("base", diff.base, "The report to compare with (last week's, a golden node's)")
      ->required();
  diff_cmd->add_option("current", diff.current, "The report to judge")->required();
  diff_cmd->add_option("--format", diff_format, "Output format on stdout (or the plain -o FILE)")
      ->check(CLI::IsMember({"terminal", "json", "markdown"}));
  diff_cmd->add_option("-o,--output", diff_outputs,
                       "FILE: the --format output goes to FILE; FORMAT=FILE (repeatable): also "
                       "write that format, e.g. -o markdown=diff.md");
  diff_cmd->add_option("--band", diff.band_percent,
                       "Noise band in percent for a figure neither report gives a spread for "
                       "(default 5)")
      ->check(CLI::Range(0.0, 1000.0));
  diff_cmd->add_option("--min-band", diff.min_band_percent,
                       "The narrowest noise band in percent, whatever the spreads (default 1)")
      ->check(CLI::Range(0.0, 1000.0));
  diff_cmd->add_flag("--no-color", diff.no_color, "No colours (also: NO_COLOR=1)");

  // Hidden (no help group): the child the doctor runs to dlopen ROCm libraries safely.
  std::vector<std::string> probe_libraries;
  CLI::App* probe_load_cmd = app.add_subcommand("probe-load", "dlopen LIB... and print JSON");
  probe_load_cmd->group("");
  probe_load_cmd->add_option("libraries", probe_libraries, "Library paths")->required();
  std::vector<std::string> smi_libraries;
  CLI::App* probe_smi_cmd =
      app.add_subcommand("probe-smi", "dlopen rocm-smi-lib (the first LIB that loads), print JSON");
  probe_smi_cmd->group("");
  probe_smi_cmd->add_option("libraries", smi_libraries, "Library paths, in order")->required();

  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    if (json) rocm_doctor::WriteJsonError(e.what(), 2, std::cout);
    // CLI11 quotes the offending argument: printable, so an escape in it stays text.
    std::cerr << "rocm-doctor: " << rocm_doctor::report_text::Printable(e.what())
              << "\nRun 'rocm-doctor --help' for usage.\n";
    return 2;
  }

  try {
    if (check_cmd->parsed()) {
      check.format = rocm_doctor::cli::FormatFromString(check_format).value_or(Format::kTerminal);
      if (auto split = rocm_doctor::cli::SplitOutputs(check_outputs, check); !split) {
        if (json) rocm_doctor::WriteJsonError(split.error(), 2, std::cout);
        std::cerr << "rocm-doctor: " << rocm_doctor::report_text::Printable(split.error()) << '\n';
        return 2;
      }
      return rocm_doctor::cli::RunCheckCommand(check);
    }
    if (list_cmd->parsed()) {
      return rocm_doctor::cli::RunListCommand(list_format == "json" ? Format::kJson
                                                                    : Format::kTerminal);
    }
    if (explain_cmd->parsed()) {
      Format format = explain_format == "json"       ? Format::kJson
                      : explain_format == "markdown" ? Format::kMarkdown
                                                     : Format::kTerminal;
      if (explain_all) return rocm_doctor::cli::RunExplainAllCommand(format);
      if (explain_what.empty()) {
        std::cerr << "rocm-doctor: explain needs a finding code, a check id, or --all\n";
        return 2;
      }
      return rocm_doctor::cli::RunExplainCommand(explain_what, format);
    }
    if (capture_cmd->parsed()) return rocm_doctor::cli::RunCaptureCommand(capture);
    if (bench_cmd->parsed()) {
      bench.format = bench_format == "json" ? Format::kJson : Format::kTerminal;
      return rocm_doctor::cli::RunBenchCommand(bench);
    }
    if (fleet_summarize_cmd->parsed()) return rocm_doctor::cli::RunFleetSummarizeCommand(fleet);
    if (diff_cmd->parsed()) {
      diff.format = rocm_doctor::cli::FormatFromString(diff_format).value_or(Format::kTerminal);
      if (auto split = rocm_doctor::cli::SplitOutputs(diff_outputs, diff.output,
                                                      diff.extra_outputs);
          !split) {
        std::cerr << "rocm-doctor: " << rocm_doctor::report_text::Printable(split.error()) << '\n';
        return 2;
      }
      return rocm_doctor::cli::RunDiffCommand(diff);
    }
    if (gate_cmd->parsed()) {
      if (gate_slurm->count() + gate_npd->count() != 1) {
        std::cerr << "rocm-doctor: gate needs --slurm or --npd\n";
        return 2;
      }
      return rocm_doctor::cli::RunGateCommand(gate);
    }
    if (probe_load_cmd->parsed()) return rocm_doctor::cli::RunProbeLoadCommand(probe_libraries);
    if (probe_smi_cmd->parsed()) return rocm_doctor::cli::RunProbeSmiCommand(smi_libraries);
  } catch (const std::exception& e) {
    if (json) rocm_doctor::WriteJsonError(std::string("internal error: ") + e.what(), 2, std::cout);
    std::cerr << "rocm-doctor: internal error: " << e.what() << '\n';
    return 2;
  }
  std::cerr << app.help();
  return 2;
}
