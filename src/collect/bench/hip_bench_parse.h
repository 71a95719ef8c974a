// SPDX-License-Identifier: MIT
#pragma once
// Parses and validates what `rocm-doctor-hip --bench` prints (docs/hip-helper.md "Benchmarks", JSON
// format 1): exactly that format, anything else rejected with the JSON path of the first problem
// ("benchmarks[3].median: expected a number, got string"). Keys it does not know are ignored, so
// a newer helper that adds fields still parses.
#include <cstddef>
#include <string_view>

#include "rocm_doctor/facts/bench.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::parse {

inline constexpr int kBenchFormatVersion = 1;
// Bounds on hostile input, far above a real run (22 benchmarks, params of a few hundred bytes).
inline constexpr std::size_t kMaxBenchBytes = 4 << 20;
inline constexpr std::size_t kMaxBenchmarks = 256;
inline constexpr std::size_t kMaxBenchJsonDepth = 32;
inline constexpr std::size_t kMaxBenchStringBytes = 1024;  // longer strings are cut
inline constexpr std::size_t kMaxBenchParams = 64;         // per benchmark
inline constexpr std::size_t kMaxBenchParamBytes = 4096;   // per value; long arrays are cut
// params.telemetry, .blas (a dlerror per library tried) and .first_wrong, read into typed fields.
inline constexpr std::size_t kMaxBenchStructuredParamBytes = 16384;

Result<BenchReport> ParseHipBenchJson(std::string_view text);

}  // namespace rocm_doctor::parse
