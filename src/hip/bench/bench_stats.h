// SPDX-License-Identifier: MIT
#pragma once
// Statistics over timed batches: best, median, worst and spread of a benchmark's samples. Pure
// host logic (unit-tested); C++17 because the GPU sources call it.
#include <cstdint>
#include <optional>
#include <vector>

namespace rocm_doctor::hip_helper {

struct SampleSummary {
  double best = 0.0;
  double median = 0.0;
  double worst = 0.0;
  double spread = 0.0;  // |best - worst| / median
  std::int64_t samples = 0;
};

// Median of `values` (the mean of the two middle values for an even count); nullopt when empty.
std::optional<double> Median(std::vector<double> values);

// Summaries of finite positive values; non-finite and non-positive ones (a timer that returned 0)
// are dropped. nullopt when nothing is left. "Higher is better" for rates (B/s, FLOP/s,
// launch/s): best is the largest; "lower is better" for latencies (s): best is the smallest.
std::optional<SampleSummary> SummarizeHigherIsBetter(const std::vector<double>& values);
std::optional<SampleSummary> SummarizeLowerIsBetter(const std::vector<double>& values);

// amount_per_launch * iterations / seconds for each batch: bytes or FLOPs per second. Batches of
// non-positive duration give +inf, which the summaries drop.
std::vector<double> RatesFromBatches(const std::vector<double>& batch_seconds,
                                     double amount_per_launch, std::int64_t iterations);

// seconds / iterations for each batch: the time of one launch.
std::vector<double> PerLaunchSeconds(const std::vector<double>& batch_seconds,
                                     std::int64_t iterations);

// Standard deviation over mean (population), a stability measure; nullopt for fewer than two
// values or a zero mean.
std::optional<double> CoefficientOfVariation(const std::vector<double>& values);

// Launches per batch that make one batch last about `target_seconds`, from a calibration batch of
// `iterations` launches that took `measured_seconds`; at least 1, at most `max_iterations`.
std::int64_t ScaleIterations(double measured_seconds, std::int64_t iterations,
                             double target_seconds, std::int64_t max_iterations);

}  // namespace rocm_doctor::hip_helper
