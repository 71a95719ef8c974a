#pragma once
// What `check --level`, `capture --level` and `rocm-doctor bench` share: which levels run
// benchmarks, loading --thresholds, and the progress line on a terminal.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::cli {

// check/capture --level: "basic" runs no benchmark; "standard" runs the quick benchmarks as
// checks; "stress" the stress level. Sets options.bench.level and selection.with_benchmarks.
Result<bool> ApplyCheckLevel(const std::string& level, CheckOptions& options,
                             SelectionArgs& selection);

// --thresholds FILE over the built-in table; nullopt file: the built-in table (null pointer).
// Errors name the file and line.
Result<std::shared_ptr<const BenchThresholds>> LoadThresholds(
    const std::optional<std::string>& file);

// bench --only items: each a benchmark name (memory.triad) or a family (memory); the first item
// that names nothing is an error with the names listed.
Result<bool> CheckBenchmarkNames(const std::vector<std::string>& only);
// The bench.* checks that judge what `only` asks for (bench.run always).
std::vector<std::string> BenchCheckIds(const std::vector<std::string>& only);

// Writes each progress line over the last one on stderr, when stderr is a terminal; empty
// otherwise. EndProgressLine() clears what is left.
std::function<void(std::string_view)> TerminalProgress();
void EndProgressLine();

}  // namespace rocm_doctor::cli
