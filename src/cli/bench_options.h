// SPDX-License-Identifier: MIT
#pragma once
// What `check --level`, `capture --level` and `rocm-doctor bench` share: which levels run
// benchmarks, bench's own --level, loading --thresholds, and the progress line on a terminal.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/result.h"

namespace CLI {
class App;
}

namespace rocm_doctor::cli {

// check/capture/gate --level (kRunLevels, include/rocm_doctor/options.h): "basic" runs no
// benchmark; "standard", "extended" and "stress" run the benchmark checks at that level, the
// same as `bench --level`. Sets options.bench.level and selection.with_benchmarks.
Result<bool> ApplyCheckLevel(const std::string& level, CheckOptions& options,
                             SelectionArgs& selection);

// bench --level: standard, extended or stress, and "quick" (the name bench used for standard
// before the levels were one vocabulary: kept so scripts keep working). basic is refused: bench
// is GPU work. Adds the option to `cmd`, bound to `level`.
void AddBenchLevelOption(CLI::App& cmd, std::string& level);

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
