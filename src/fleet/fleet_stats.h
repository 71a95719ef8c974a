// SPDX-License-Identifier: MIT
#pragma once
// Robust statistics of one benchmark figure across a fleet: the median and the median absolute
// deviation (MAD), as Azure's AI-infrastructure guidance uses them to flag nodes that trail
// their peers while still above every absolute threshold
// (https://github.com/Azure/ai-infrastructure-on-azure/blob/main/skills/ai-infra/references/outlier_detection.md:
// "modified_z = 0.6745 * (node_metric - median) / MAD; if modified_z < -2.0: flag as outlier",
// i.e. about 3 MADs below the median). `fleet summarize` and `fleet baseline` share these.
#include <cstddef>
#include <string>
#include <vector>

namespace rocm_doctor::fleet {

// A node is an outlier when its figure sits more than this many MADs on the worse side of its
// model's median: 2.0 / 0.6745 = 2.97, Azure's modified z-score limit, rounded to 3.
inline constexpr double kDefaultOutlierMads = 3.0;
// A baseline floor sits this many MADs below the median (a ceiling above it): looser than the
// outlier mark, so a node the floor fails is past doubt and one it passes may still be flagged.
inline constexpr double kDefaultBaselineMads = 5.0;
// Fewer nodes than this give no outlier judgement: the median of two values is their mean and
// each is exactly one MAD from it.
inline constexpr std::size_t kMinNodesForMad = 3;
// The smallest spread, as a fraction of the median. When most nodes report the same figure the
// MAD is 0 and any difference at all would be "infinitely many MADs" away (Oracle's note on the
// MAD method: "if more than 50% of the data points have the same value, MAD is computed to be
// 0, so any value different from the residual median is classified as an outlier",
// https://docs.oracle.com/cd/E36352_01/epm.1112/cb_predictor_user/apcs09s01s02.html). 1% is
// below the run-to-run variation the bench checks accept (their `unstable` limits are 5-25%).
inline constexpr double kMinSpreadFraction = 0.01;

double MedianOf(std::vector<double> values);  // values must not be empty
// Median of |v - median|.
double MadOf(const std::vector<double>& values, double median);

struct RobustSpread {
  double median = 0;
  double mad = 0;
  double spread = 0;     // what k multiplies: the MAD, or kMinSpreadFraction·|median| if larger
  bool floored = false;  // the MAD was below that floor (0 when most values are equal)
};
RobustSpread SpreadOf(const std::vector<double>& values);

}  // namespace rocm_doctor::fleet
