// SPDX-License-Identifier: MIT
#include "cli/common_options.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>

#include "report/text_escape.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/exit_code.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor::cli {
std::size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {

bool Matches(std::string_view pattern, const RegisteredCheck& check) {
  if (pattern == check.info->id) return true;
  if (pattern == ToString(check.info->layer)) return true;
  return pattern.find('*') != std::string_view::npos && GlobMatch(pattern, check.info->id);
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view text) {
  if (pattern.empty()) return text.empty();
  if (pattern.front() == '*') {
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (GlobMatch(pattern.substr(1), text.substr(i))) return true;
    }
    return false;
  }
  return !text.empty() && pattern.front() == text.front() &&
         GlobMatch(pattern.substr(1), text.substr(1));
}

std::string DidYouMean(const std::string& word) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(3, word.size() / 3) + 1;
  auto consider = [&](std::string_view candidate) {
    std::size_t d = EditDistance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = std::string(candidate);
    }
  };
  for (const RegisteredCheck& c : CheckRegistry::Instance().All()) consider(c.info->id);
  for (const FindingSpec* spec : Catalog::Instance().All()) consider(spec->code);
  for (std::string_view layer :
       {"hardware", "driver", "runtime", "libraries", "frameworks", "bench", "policy"}) {
    consider(layer);
  }
  return best;
}

Result<std::vector<const RegisteredCheck*>> SelectChecks(const SelectionArgs& selection) {
  const auto& all = CheckRegistry::Instance().All();
  for (const auto* list : {&selection.only, &selection.skip}) {
    for (const std::string& pattern : *list) {
      bool any = std::any_of(all.begin(), all.end(),
                             [&](const RegisteredCheck& c) { return Matches(pattern, c); });
      if (!any) {
        // Echoed printable: an escape sequence in an argument must not reach the terminal.
        std::string message = "no check matches '" + report_text::Printable(pattern) + "'";
        std::string suggestion = DidYouMean(pattern);
        if (!suggestion.empty()) message += "; did you mean '" + suggestion + "'?";
        message += " (rocm-doctor list shows them all)";
        return Error{message};
      }
      // --only bench.memory without a level would select nothing and pass in silence.
      const bool only_benchmarks = list == &selection.only && !selection.with_benchmarks &&
                                   std::all_of(all.begin(), all.end(), [&](const RegisteredCheck& c) {
                                     return !Matches(pattern, c) || c.info->cost == Cost::kBenchmark;
                                   });
      if (only_benchmarks) {
        return Error{report_text::Printable(pattern) +
                     " is a benchmark check: run it with --level standard, extended or stress, "
                               "or with rocm-doctor bench"};
      }
    }
  }
  std::vector<const RegisteredCheck*> selected;
  for (const RegisteredCheck& c : all) {
    bool wanted = selection.only.empty() ||
                  std::any_of(selection.only.begin(), selection.only.end(),
                              [&](const std::string& p) { return Matches(p, c); });
    bool skipped = std::any_of(selection.skip.begin(), selection.skip.end(),
                               [&](const std::string& p) { return Matches(p, c); });
    // The policy layer judges a policy file: without one its checks have nothing to judge.
    bool needs_policy = c.info->layer == Layer::kPolicy && !selection.with_policy;
    // Benchmarks take seconds to minutes of GPU time: only when a level asks for them.
    bool needs_level = c.info->cost == Cost::kBenchmark && !selection.with_benchmarks;
    if (wanted && !skipped && !needs_policy && !needs_level) selected.push_back(&c);
  }
  return selected;
}

int UsageError(const std::string& message, bool json) {
  if (json) WriteJsonError(message, ToInt(ExitCode::kUsage), std::cout);
  // Printable: a message may quote an argument, and an escape sequence in it stays text.
  std::cerr << "rocm-doctor: " << report_text::Printable(message) << '\n';
  return ToInt(ExitCode::kUsage);
}

bool UseColor(bool no_color_flag) {
  if (no_color_flag) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) == 1;
}

}  // namespace rocm_doctor::cli
