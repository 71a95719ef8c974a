// SPDX-License-Identifier: MIT
#pragma once
// One benchmark figure as the report carries it: what was measured (figures in base units, the
// sizes and clocks behind them) and how it was judged (the floor, the datasheet figure, the
// verdict). A bench check attaches these to its outcome; the report collects them in check
// order; reporters render them and compute nothing (architecture rule 9).
#include <cstdint>
#include <optional>
#include <string>

#include "rocm_doctor/status.h"

namespace rocm_doctor {

struct BenchmarkResult {
  std::string check;                   // the check that judged it, "bench.memory"
  std::optional<std::int64_t> device;  // runtime ordinal
  std::optional<std::string> device_name;
  std::optional<std::string> pci;
  std::string name;    // "memory.triad"
  std::string status;  // the helper's: "ok", "skipped", "failed", "verify_failed", "timeout"
  std::optional<std::string> reason;
  std::string unit;  // "B/s", "FLOP/s", "s", "launch/s", "errors"
  std::optional<double> best, median, worst, spread;
  std::optional<std::int64_t> samples, iterations, bytes;
  std::optional<std::int64_t> clock_mhz_seen;
  // The median shader clock over the telemetry samples of the timed batches (matrix.*,
  // stress.mixed); shown beside the compute figure.
  std::optional<std::int64_t> sustained_clock_mhz;
  std::optional<bool> verified;
  std::string params_json = "{}";  // the helper's params, a JSON object as text
  // The judgement. `limit` is a floor, or a ceiling when `limit_is_ceiling` (latency, errors).
  std::optional<double> limit;
  bool limit_is_ceiling = false;
  std::optional<double> datasheet;        // the peak the floor derives from, in `unit`
  std::optional<double> percent_of_peak;  // 100 * median / datasheet
  std::string basis;      // "65% of the 5.30 TB/s datasheet memory bandwidth", or why not
  std::string threshold;  // the row it was judged by: "checks/data/bench_thresholds.csv:14"
  Status verdict = Status::kInfo;  // pass / warn / fail / info (measured, not judged) / skip ...
};

}  // namespace rocm_doctor
