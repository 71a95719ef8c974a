// SPDX-License-Identifier: MIT
#pragma once
// The options several commands share (check, capture, gate, bench), added to a command's CLI11
// subcommand with one wording everywhere.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"

namespace CLI {
class App;
}

namespace rocm_doctor::cli {

// --only, --skip: check ids, layers or globs.
void AddSelectionOptions(CLI::App& cmd, SelectionArgs& selection);
// --expect-gpus N.
void AddExpectGpusOption(CLI::App& cmd, CheckOptions& options);
// --level of check, capture and gate: one of kRunLevels (include/rocm_doctor/options.h).
void AddCheckLevelOption(CLI::App& cmd, std::string& level, std::string description);
// The description of check's and gate's --level.
inline constexpr std::string_view kCheckLevelHelp =
    "basic: no GPU work; standard: also the short benchmark set; extended: the longer set and "
    "30 s of stress; stress: the stress level";
// --thresholds FILE: benchmark floors over the built-in ones.
void AddThresholdsOption(CLI::App& cmd, std::optional<std::string>& thresholds);
// --policy FILE.
void AddPolicyOption(CLI::App& cmd, std::optional<std::string>& policy_file);
// -j,--jobs N.
void AddJobsOption(CLI::App& cmd, unsigned& jobs);
// --fail-on fail|warn, with the command's own description.
void AddFailOnOption(CLI::App& cmd, std::string& fail_on, std::string description);
// --format with the given choices; `format` is set to the one given.
void AddFormatOption(CLI::App& cmd, std::string& format, std::vector<std::string> choices,
                     std::string description = "");

}  // namespace rocm_doctor::cli
