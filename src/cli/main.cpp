// rocm-doctor: the command line. The only place that exits (DESIGN rule 11).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "rocm_doctor/reporters.h"

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
  std::vector<std::string> args(argv + 1, argv + argc);
  // `rocm-doctor` and `rocm-doctor -v` mean `rocm-doctor check ...`.
  static const std::vector<std::string> kCommands{"check", "list", "explain", "capture", "help",
                                                     "probe-load"};
  bool has_command = !args.empty() && std::find(kCommands.begin(), kCommands.end(), args[0]) !=
                                          kCommands.end();
  bool top_level_flag = !args.empty() && (args[0] == "--help" || args[0] == "-h" ||
                                          args[0] == "--version");
  if (!has_command && !top_level_flag) args.insert(args.begin(), "check");
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
  check_cmd->add_option("--format", check_format, "Output format")
      ->check(CLI::IsMember({"terminal", "json"}));
  check_cmd->add_option("-o,--output", check.output, "Write the report to FILE");
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
  AddSelection(capture_cmd, capture.selection);
  AddPolicy(capture_cmd, capture.options);

  // Hidden (no help group): the child the doctor runs to dlopen ROCm libraries safely.
  std::vector<std::string> probe_libraries;
  CLI::App* probe_load_cmd = app.add_subcommand("probe-load", "dlopen LIB... and print JSON");
  probe_load_cmd->group("");
  probe_load_cmd->add_option("libraries", probe_libraries, "Library paths")->required();

  try {
    std::reverse(args.begin(), args.end());  // CLI11 takes a reversed vector
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    if (json) rocm_doctor::WriteJsonError(e.what(), 2, std::cout);
    std::cerr << "rocm-doctor: " << e.what() << "\nRun 'rocm-doctor --help' for usage.\n";
    return 2;
  }

  try {
    if (check_cmd->parsed()) {
      check.format = check_format == "json" ? Format::kJson : Format::kTerminal;
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
    if (probe_load_cmd->parsed()) return rocm_doctor::cli::RunProbeLoadCommand(probe_libraries);
  } catch (const std::exception& e) {
    if (json) rocm_doctor::WriteJsonError(std::string("internal error: ") + e.what(), 2, std::cout);
    std::cerr << "rocm-doctor: internal error: " << e.what() << '\n';
    return 2;
  }
  std::cerr << app.help();
  return 2;
}
