// SPDX-License-Identifier: MIT
#pragma once
// The subcommands. Each returns the process exit status; only main() exits (architecture rule 11).
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/options.h"

namespace rocm_doctor::cli {

enum class Format { kTerminal, kJson, kMarkdown, kJunit, kPrometheus };

// An `-o FORMAT=FILE` output (src/cli/report_outputs.h).
struct OutputFile {
  Format format = Format::kJson;
  std::string path;
};

struct SelectionArgs {
  std::vector<std::string> only;  // ids, layers or globs ("driver.*")
  std::vector<std::string> skip;
  bool with_policy = false;  // select the policy layer's checks (set when a policy is loaded)
  bool with_benchmarks = false;  // select the bench.* checks (--level standard and up, bench)
};

struct CheckArgs {
  std::optional<std::string> sysroot;
  SelectionArgs selection;
  Format format = Format::kTerminal;
  std::optional<std::string> output;  // -o FILE
  std::optional<std::string> policy_file;  // --policy FILE (LoadPolicyInto: policy_options.h)
  std::vector<OutputFile> extra_outputs;   // -o FORMAT=FILE (SplitOutputs: report_outputs.h)
  bool redact = false;                     // --redact: every output of the redacted report
  bool verbose = false;
  bool no_color = false;
  std::string fail_on = "fail";  // "fail" or "warn"
  unsigned jobs = 4;
  std::string level = "basic";  // --level: kRunLevels (ApplyCheckLevel: bench_options.h)
  std::optional<std::string> thresholds;  // --thresholds FILE for the benchmark checks
  CheckOptions options;
};

// rocm-doctor bench (src/cli/bench_command.cpp).
struct BenchArgs {
  std::optional<std::string> sysroot;
  std::string level = "standard";  // --level standard|extended|stress (quick: standard)
  std::vector<std::string> only;  // --only: benchmark names or families (memory, memory.triad)
  std::optional<int> device;      // --device N
  std::optional<int> stress_seconds;  // --stress-seconds S, 1..86400
  std::optional<std::string> thresholds;  // --thresholds FILE
  Format format = Format::kTerminal;
  std::optional<std::string> output;  // -o FILE
  bool verbose = false;
  bool no_color = false;
  unsigned jobs = 4;
};

struct CaptureArgs {
  std::string output;  // DIR or FILE.tar.gz
  std::optional<std::string> sysroot;
  std::string description;
  bool redact = false;  // --redact: strip identifying values (src/system/capture_redact.h)
  std::string level = "basic";  // --level: standard and up also record the benchmark runs
  SelectionArgs selection;
  CheckOptions options;
};

// rocm-doctor gate --slurm | --npd (src/cli/gate_command.cpp, docs/slurm.md, docs/kubernetes/).
struct GateArgs {
  enum class Mode { kSlurm, kNpd };
  Mode mode = Mode::kSlurm;
  CheckArgs check;                      // what to diagnose: --sysroot, --only/--skip, -j, ...
  std::optional<double> deadline_s;     // --deadline; the mode's default when unset
  std::optional<std::string> node;      // --node
  std::string scontrol = "scontrol";    // --scontrol PATH
  bool dry_run = false;                 // --dry-run
  bool drain_unknown = false;           // --drain-unknown
  bool probes = false;                  // --probes (NPD mode runs them only when asked)
  std::vector<std::string> outputs;     // -o FILE (the JSON report) or FORMAT=FILE, repeatable
};

// rocm-doctor fleet summarize (src/cli/fleet_command.cpp).
struct FleetArgs {
  std::vector<std::string> paths;     // report files and directories of *.json
  std::string format = "terminal";    // terminal | json | html
  std::optional<std::string> output;  // -o FILE
  double outlier_percent = 10;        // --outlier-percent
};

// rocm-doctor diff BASE.json CURRENT.json (src/cli/diff_command.cpp, docs/diff.md).
struct DiffArgs {
  std::string base, current;              // two JSON reports
  Format format = Format::kTerminal;      // terminal | json | markdown
  std::optional<std::string> output;      // -o FILE
  std::vector<OutputFile> extra_outputs;  // -o FORMAT=FILE
  double band_percent = 5;      // --band: the noise band of a figure without a spread
  double min_band_percent = 1;  // --min-band: the narrowest band
  bool no_color = false;
};

int RunCheckCommand(const CheckArgs& args);
int RunDiffCommand(const DiffArgs& args);
int RunBenchCommand(const BenchArgs& args);
int RunGateCommand(const GateArgs& args);
int RunFleetSummarizeCommand(const FleetArgs& args);
int RunListCommand(Format format);
int RunExplainCommand(const std::string& what, Format format);
// Every finding code; with kMarkdown this is docs/findings.md.
int RunExplainAllCommand(Format format);
int RunCaptureCommand(const CaptureArgs& args);
// Hidden: dlopen()s each library in this process, prints JSON; the doctor runs it as a child.
int RunProbeLoadCommand(const std::vector<std::string>& libraries);
// Hidden: dlopen()s the first library that loads as rocm-smi-lib, asks it, prints JSON.
int RunProbeSmiCommand(const std::vector<std::string>& libraries);

}  // namespace rocm_doctor::cli
