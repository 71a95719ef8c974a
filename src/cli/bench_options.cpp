// SPDX-License-Identifier: MIT
#include "cli/bench_options.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

#include "cli/printable_stderr.h"
#include "report/text_escape.h"
#include "rocm_doctor/facts/bench.h"
#include "system/config_file.h"

namespace rocm_doctor::cli {
namespace {

// The helper's families and the check that judges each (checks/bench/).
constexpr std::pair<std::string_view, std::string_view> kFamilyChecks[] = {
    {"memory", "bench.memory"},   {"host", "bench.host_link"},  {"peer", "bench.peer"},
    {"launch", "bench.launch"},   {"compute", "bench.compute"}, {"matrix", "bench.matrix"},
    {"memtest", "bench.memtest"}, {"stress", "bench.stress"},
    // One helper run over every GPU; without --only it runs only at extended/stress on several
    // GPUs (checks/bench/collective.cpp).
    {"collective", "bench.collective"}};

constexpr std::size_t kMaxThresholdsBytes = 1 << 20;

std::string_view FamilyOf(std::string_view item) { return item.substr(0, item.find('.')); }

std::mutex g_progress_mutex;
bool g_progress_shown = false;

}  // namespace

Result<bool> ApplyCheckLevel(const std::string& level, CheckOptions& options,
                             SelectionArgs& selection) {
  if (level == "basic") {
    options.bench.level.clear();
    selection.with_benchmarks = false;
  } else if (BenchLevelFromString(level)) {
    options.bench.level = level;  // the same word bench takes; the collector maps it
    selection.with_benchmarks = true;
  } else {
    return Error{"--level " + report_text::Printable(level) +
                 ": expected basic, standard, extended or stress"};
  }
  return true;
}

void AddBenchLevelOption(CLI::App& cmd, std::string& level) {
  // A transform rather than a list check: "quick" becomes "standard" before anything reads it,
  // and basic gets its own reason instead of "not in {...}".
  CLI::Validator levels(
      [](std::string& word) -> std::string {
        if (word == "quick") word = "standard";
        if (BenchLevelFromString(word)) return {};
        if (word == "basic") {
          return "basic runs no GPU work, and bench is GPU work: give standard, extended or "
                 "stress (rocm-doctor check runs the checks without benchmarks)";
        }
        return "'" + report_text::Printable(word) +
               "' is not a level: give standard, extended or stress";
      },
      "LEVEL");
  cmd.add_option("--level", level,
                 "standard (default: every benchmark once, memory test on a slice), extended "
                 "(a larger memory-test slice, 30 s of stress), stress (most of free memory, "
                 "300 s of stress); quick is the old name of standard, still accepted")
      ->transform(levels);
}

Result<std::shared_ptr<const BenchThresholds>> LoadThresholds(
    const std::optional<std::string>& file) {
  if (!file) return std::shared_ptr<const BenchThresholds>();
  // The one reader of user-named files: a FIFO, a device or a directory is refused at once
  // (src/system/config_file.h).
  std::string text;
  if (std::string error = system::ReadUserFileInto(*file, kMaxThresholdsBytes, text);
      !error.empty()) {
    return Error{"--thresholds " + *file + ": " + error};
  }
  auto parsed = BenchThresholds::Parse(text, *file);
  if (!parsed) return Error{"--thresholds: " + parsed.error()};
  return std::make_shared<const BenchThresholds>(
      BenchThresholds::Builtin().WithOverrides(parsed.value()));
}

Result<bool> CheckBenchmarkNames(const std::vector<std::string>& only) {
  for (const std::string& item : only) {
    bool known = false;
    for (std::string_view name : kBenchmarkNames) {
      known |= item == name || item == FamilyOf(name);
    }
    if (!known) {
      std::string families;
      for (const auto& [family, check] : kFamilyChecks) {
        families += (families.empty() ? "" : ", ") + std::string(family);
      }
      return Error{"--only " + item + ": not a benchmark or a family (" + families +
                   "; or a name such as memory.triad)"};
    }
  }
  return true;
}

std::vector<std::string> BenchCheckIds(const std::vector<std::string>& only) {
  std::vector<std::string> ids{"bench.run"};
  for (const auto& [family, check] : kFamilyChecks) {
    bool wanted = only.empty();
    for (const std::string& item : only) wanted |= FamilyOf(item) == family;
    if (wanted) ids.emplace_back(check);
  }
  // bench.path (issue 19) sets each bandwidth figure of a whole run against what its path
  // carries; --only narrows a run to the families named.
  if (only.empty()) ids.emplace_back("bench.path");
  return ids;
}

std::function<void(std::string_view)> TerminalProgress() {
  const char* term = std::getenv("TERM");
  if (isatty(STDERR_FILENO) != 1 || (term != nullptr && std::strcmp(term, "dumb") == 0)) {
    return {};
  }
  return [](std::string_view line) {
    std::lock_guard<std::mutex> lock(g_progress_mutex);
    // One line, rewritten in place: carriage return, erase to the end of the line. The line is
    // the helper's stderr (a probe's text): printable, so only these two codes are escapes.
    RawStderr() << "\r\033[K" << report_text::Printable(line.substr(0, 96)) << std::flush;
    g_progress_shown = true;
  };
}

void EndProgressLine() {
  std::lock_guard<std::mutex> lock(g_progress_mutex);
  if (g_progress_shown) RawStderr() << "\r\033[K" << std::flush;
  g_progress_shown = false;
}

}  // namespace rocm_doctor::cli
