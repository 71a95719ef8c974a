// SPDX-License-Identifier: MIT
#include "hip/bench/bench_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rocm_doctor::hip_helper {
namespace {

std::vector<double> Usable(const std::vector<double>& values) {
  std::vector<double> usable;
  usable.reserve(values.size());
  for (const double value : values) {
    if (std::isfinite(value) && value > 0.0) usable.push_back(value);
  }
  return usable;
}

std::optional<SampleSummary> Summarize(const std::vector<double>& values, bool higher_is_better) {
  std::vector<double> usable = Usable(values);
  if (usable.empty()) return std::nullopt;
  const auto [min, max] = std::minmax_element(usable.begin(), usable.end());
  SampleSummary summary;
  summary.best = higher_is_better ? *max : *min;
  summary.worst = higher_is_better ? *min : *max;
  summary.samples = static_cast<std::int64_t>(usable.size());
  summary.median = *Median(std::move(usable));
  summary.spread = std::fabs(summary.best - summary.worst) / summary.median;
  return summary;
}

}  // namespace

std::optional<double> Median(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2 == 1) return upper;
  const double lower =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
  return lower + (upper - lower) / 2.0;
}

std::optional<SampleSummary> SummarizeHigherIsBetter(const std::vector<double>& values) {
  return Summarize(values, true);
}

std::optional<SampleSummary> SummarizeLowerIsBetter(const std::vector<double>& values) {
  return Summarize(values, false);
}

std::vector<double> RatesFromBatches(const std::vector<double>& batch_seconds,
                                     double amount_per_launch, std::int64_t iterations) {
  std::vector<double> rates;
  rates.reserve(batch_seconds.size());
  const double amount = amount_per_launch * static_cast<double>(iterations);
  for (const double seconds : batch_seconds) {
    rates.push_back(seconds > 0.0 ? amount / seconds : std::numeric_limits<double>::infinity());
  }
  return rates;
}

std::vector<double> PerLaunchSeconds(const std::vector<double>& batch_seconds,
                                     std::int64_t iterations) {
  std::vector<double> out;
  out.reserve(batch_seconds.size());
  for (const double seconds : batch_seconds) {
    out.push_back(iterations > 0 ? seconds / static_cast<double>(iterations)
                                 : std::numeric_limits<double>::quiet_NaN());
  }
  return out;
}

std::optional<double> CoefficientOfVariation(const std::vector<double>& values) {
  if (values.size() < 2) return std::nullopt;
  double sum = 0.0;
  for (const double value : values) sum += value;
  const double mean = sum / static_cast<double>(values.size());
  if (mean == 0.0 || !std::isfinite(mean)) return std::nullopt;
  double squares = 0.0;
  for (const double value : values) squares += (value - mean) * (value - mean);
  return std::sqrt(squares / static_cast<double>(values.size())) / std::fabs(mean);
}

std::int64_t ScaleIterations(double measured_seconds, std::int64_t iterations,
                             double target_seconds, std::int64_t max_iterations) {
  const std::int64_t ceiling = std::max<std::int64_t>(1, max_iterations);
  if (!(measured_seconds > 0.0) || !std::isfinite(measured_seconds) || iterations <= 0) {
    return std::min<std::int64_t>(std::max<std::int64_t>(1, iterations), ceiling);
  }
  const double scaled = static_cast<double>(iterations) * target_seconds / measured_seconds;
  if (!(scaled >= 1.0)) return 1;
  if (scaled >= static_cast<double>(ceiling)) return ceiling;
  return static_cast<std::int64_t>(std::llround(scaled));
}

}  // namespace rocm_doctor::hip_helper
