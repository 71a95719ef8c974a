// SPDX-License-Identifier: MIT
#pragma once
// What the bench.* checks share: the one request they all ask the collector for (so the helper
// runs once per GPU), the GPU a run measured, and the judgement of one family of benchmarks
// (memory.*, host.*, ...) against the thresholds. bench.run (run.cpp) and the family table
// (families.cpp) use it; bench_support.cpp and bench_judge.cpp hold the code.
#include <chrono>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/bench.h"

namespace rocm_doctor::bench {

// The run check needs a HIP runtime that sees its devices; the family checks need the run.
inline constexpr std::string_view kRunPrerequisites[] = {"runtime.hip_devices"};
inline constexpr std::string_view kFamilyPrerequisites[] = {"bench.run"};
// Each helper run has its own deadline (BenchTimeout: up to 900 s at the stress level) and the
// runs are sequential, one per GPU: the engine's deadline only has to outlast eight of them.
inline constexpr std::chrono::milliseconds kCheckDeadline = std::chrono::hours(3);

// The per-GPU runs the options ask for: one per usable GPU (or --device's), except when only
// collectives are asked for: then the one run over every GPU that bench.collective asks for too.
BenchRequest RequestFor(const CheckContext& ctx);
const BenchFacts& Facts(const CheckContext& ctx);
const BenchThresholds& Thresholds(const CheckContext& ctx);
BenchGpu Identify(const CheckContext& ctx, const BenchRun& run);
// "device 0 (AMD Instinct MI300X, gfx942, 0000:c1:00.0)"
std::string DescribeDevice(const BenchRun& run);
// {helper}, {device}, {bdf} where known, and {benchmark} when given.
std::map<std::string, std::string> Params(const BenchRun& run, std::string_view benchmark = {});
std::string Fig(std::optional<double> value, std::string_view unit);  // "4.12 TB/s" or "unknown"
// "median 4.12 TB/s (best 4.15, worst 4.05 TB/s; 20 batches x 5 launches, ...)"
std::string DescribeFigures(const Measurement& m);
// The report's row for `m`, before judgement.
BenchmarkResult ResultRow(std::string_view check_id, const BenchRun& run, const Measurement& m);

// One family of benchmarks and how its checks word a miss.
struct FamilySpec {
  std::string_view check_id;                // "bench.memory"
  std::string_view family;                  // "memory"
  std::span<const std::string_view> names;  // the family's benchmarks, as the helper names them
  std::string_view limit_code;              // the finding for a median past the limit
};

// The matrix family's findings (matrix_findings.cpp).
bool MatrixCorrupted(const Measurement& m);  // verify_failed, or wrong / NaN / repeat counts
Finding MatrixCorruption(const BenchRun& run, const Measurement& m);
bool BlasMissing(const Measurement& m);  // skipped with params.blas.loaded null
bool BlasRefused(const std::string& reason);  // a failed GEMM the library said it does not support
Finding MatrixBlasMissing(const BenchRun& run, const Measurement& m, std::size_t skipped);
Finding MatrixNoFloor(const BenchRun& run, const BenchGpu& gpu,
                      const std::vector<const Measurement*>& unjudged);

// The time each level may take per node (docs/benchmarks.md "Levels and their time budgets"):
// standard 15 s, extended 3 min, stress 15 min, as DCGM's r1-r4 and RVS's levels bound theirs.
std::chrono::seconds LevelBudget(BenchLevel level);

// The family's verdict over every run: a finding per run for the medians past their limits,
// failures, instability and missing results, and the report's rows.
CheckOutcome JudgeFamily(const CheckContext& ctx, const FamilySpec& spec);

}  // namespace rocm_doctor::bench
