// SPDX-License-Identifier: MIT
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::cli {

// Resolves --only/--skip against the registry. A pattern is a check id, a layer name, or a glob
// with '*'. A pattern that matches nothing is an error with a did-you-mean suggestion.
Result<std::vector<const RegisteredCheck*>> SelectChecks(const SelectionArgs& selection);

// The registered check id or finding code closest to `word` (edit distance), or "".
std::string DidYouMean(const std::string& word);

// Levenshtein distance: insertions, deletions and substitutions.
std::size_t EditDistance(std::string_view a, std::string_view b);

bool GlobMatch(std::string_view pattern, std::string_view text);

// A usage error: "rocm-doctor: MESSAGE" on stderr and, in JSON mode, the JSON error document on
// stdout (JSON mode prints JSON only); returns the exit status, 2.
int UsageError(const std::string& message, bool json);

// Colour only on a TTY, never with NO_COLOR set or TERM=dumb (https://no-color.org).
bool UseColor(bool no_color_flag);

}  // namespace rocm_doctor::cli
