// SPDX-License-Identifier: MIT
#include "fleet/fleet_stats.h"

#include <algorithm>
#include <cmath>

namespace rocm_doctor::fleet {

double MedianOf(std::vector<double> values) {
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  double upper = values[mid];
  if (values.size() % 2 == 1) return upper;
  double lower =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid));
  return (lower + upper) / 2;
}

double MadOf(const std::vector<double>& values, double median) {
  std::vector<double> deviations;
  deviations.reserve(values.size());
  for (double v : values) deviations.push_back(std::abs(v - median));
  return MedianOf(std::move(deviations));
}

RobustSpread SpreadOf(const std::vector<double>& values) {
  RobustSpread s;
  s.median = MedianOf(values);
  s.mad = MadOf(values, s.median);
  const double least = kMinSpreadFraction * std::abs(s.median);
  s.floored = s.mad < least;
  s.spread = s.floored ? least : s.mad;
  return s;
}

}  // namespace rocm_doctor::fleet
