// SPDX-License-Identifier: MIT
#pragma once
// Command-line arguments of rocm-doctor-hip. Parsing is pure so it is tested without a GPU.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hip/bench/bench_plan.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::hip_helper {

enum class HelperMode { kHelp, kVersion, kProbe, kBench };

struct HelperArgs {
  HelperMode mode = HelperMode::kHelp;
  std::optional<int> device;  // --device N: probe only device N / benchmark device N (default 0)
  bool smoke = true;          // --no-smoke: enumerate and query, launch nothing
  // --bench options (docs/hip-helper.md, "Benchmarks").
  BenchLevel level = BenchLevel::kQuick;
  std::vector<std::string> only;          // selected benchmark names, in run order; empty: all
  std::optional<double> memtest_fraction;  // (0, 0.95] of free memory
  std::optional<double> stress_seconds;    // [0, 86400]
  bool plant_matrix_corruption = false;    // hidden: --plant-corruption matrix
};

// `args` excludes argv[0]. An error message names the offending argument.
Result<HelperArgs> ParseHelperArgs(std::span<const std::string_view> args);

std::string HelperUsage();

}  // namespace rocm_doctor::hip_helper
