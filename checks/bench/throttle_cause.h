// SPDX-License-Identifier: MIT
#pragma once
// Why a GPU fell short while a benchmark ran, named from the telemetry the helper sampled during
// its timed batches (params.telemetry, docs/hip-helper.md "Telemetry"): a power cap, a thermal
// limit, a memory (HBM) limit, or none seen, with the samples as evidence. Used by the matrix and
// stress judgements (bench_judge.cpp).
#include <optional>
#include <string>

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/bench.h"

namespace rocm_doctor::bench {

struct ThrottleCause {
  // "power cap", "thermal limit", "memory (HBM) limit", "none seen", or "unknown" (no samples).
  std::string name;
  // "power cap: SwPowerCap active in 82% of 11 samples, power 688 W median of its 700 W limit"
  std::string text;
  std::optional<Evidence> evidence;  // the samples; absent without telemetry
};

// A reason counts when active in at least this share of the samples (one sample in ten: a clock
// event that comes and goes still costs throughput over the batch).
inline constexpr double kThrottleShareCounted = 0.10;
// Without a throttle status (old gpu_metrics, NVML without event reasons), power this close to
// its limit for the median sample is read as the power cap.
inline constexpr double kPowerAtLimit = 0.97;
// A power-cap reason with the median power under this share of the limit is said to be so.
inline constexpr double kPowerFarBelowLimit = 0.80;

ThrottleCause NameThrottleCause(const Measurement& m, const std::string& source);

// "power 688 W (612–699, limit 700 W), 54 °C (51–56), HBM 80 °C max, shader clock 1830 MHz
// (1755–1980), memory clock 3201 MHz; 11 samples every 20 ms (nvml)": the samples in one line.
std::string DescribeTelemetry(const BenchTelemetry& t);

}  // namespace rocm_doctor::bench
