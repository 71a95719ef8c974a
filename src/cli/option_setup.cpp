// SPDX-License-Identifier: MIT
#include "cli/option_setup.h"

#include <CLI/CLI.hpp>
#include <iterator>

#include "rocm_doctor/options.h"

namespace rocm_doctor::cli {

void AddSelectionOptions(CLI::App& cmd, SelectionArgs& selection) {
  cmd.add_option("--only", selection.only, "Run only these checks: ids, layers or globs (driver.*)")
      ->delimiter(',');
  cmd.add_option("--skip", selection.skip, "Skip these checks: ids, layers or globs")
      ->delimiter(',');
}

void AddExpectGpusOption(CLI::App& cmd, CheckOptions& options) {
  cmd.add_option("--expect-gpus", options.expect_gpus, "Fail unless exactly N AMD GPUs are present (physical GPUs, PCI functions: an MI300X in CPX counts once)")
      ->check(CLI::Range(0, 4096));
}

void AddCheckLevelOption(CLI::App& cmd, std::string& level, std::string description) {
  cmd.add_option("--level", level, std::move(description))
      ->check(CLI::IsMember(std::vector<std::string>(std::begin(kRunLevels), std::end(kRunLevels))));
}

void AddThresholdsOption(CLI::App& cmd, std::optional<std::string>& thresholds) {
  cmd.add_option("--thresholds", thresholds,
                 "Benchmark floors (CSV, checks/data/README.md) over the built-in ones");
}

void AddPolicyOption(CLI::App& cmd, std::optional<std::string>& policy_file) {
  cmd.add_option("--policy", policy_file, "Judge against a policy file (TOML, docs/policies/)");
}

void AddJobsOption(CLI::App& cmd, unsigned& jobs) {
  cmd.add_option("-j,--jobs", jobs, "Checks run at once")->check(CLI::Range(1, 64));
}

void AddFailOnOption(CLI::App& cmd, std::string& fail_on, std::string description) {
  cmd.add_option("--fail-on", fail_on, std::move(description))
      ->check(CLI::IsMember({"fail", "warn"}));
}

void AddFormatOption(CLI::App& cmd, std::string& format, std::vector<std::string> choices,
                     std::string description) {
  cmd.add_option("--format", format, std::move(description))->check(CLI::IsMember(choices));
}

}  // namespace rocm_doctor::cli
