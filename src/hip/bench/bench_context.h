// SPDX-License-Identifier: MIT
#pragma once
// What every benchmark family gets from the runner: the device, its limits, the level's plan and
// the main stream; and the helpers that turn timed batches into a BenchResult. GPU sources only.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hip/bench/bench_plan.h"
#include "hip/bench/bench_report.h"
#include "hip/bench/bench_stats.h"
#include "hip/bench/run_control.h"
#include "hip/bench/telemetry.h"
#include "hip/bench/timing.h"

namespace rocm_doctor::hip_helper {

struct BenchContext {
  int device = 0;
  int device_count = 1;
  std::string backend;  // "hip" / "cuda"
  std::string arch;     // "sm_90", "gfx90a:sramecc+:xnack-"
  std::string pci_bdf;  // sysfs form, "" when unknown
  int compute_units = 1;
  std::size_t free_bytes = 0;  // at the start of the run
  std::size_t l2_bytes = 0;    // 0 when unknown
  std::optional<int> numa_node;
  BenchPlan plan;
  StreamConfig stream;        // STREAM kernel shape (defaults or $ROCMDOC_BENCH_STREAM)
  std::string stream_source;  // "default" or "ROCMDOC_BENCH_STREAM=..."
  gpuStream_t main_stream = nullptr;
  std::function<void(const std::string& name)> progress;  // "bench: NAME (i/n)" on stderr
  // Power, clocks and throttle reasons for matrix.* and stress.mixed: NVML on CUDA, amdgpu's
  // sysfs on HIP; null when neither family was selected.
  TelemetrySource* telemetry = nullptr;

  // Between benchmarks: stop when Ctrl-C was pressed or the GPU stopped answering; the runner
  // reports the names not run.
  bool ShouldStop() const { return BenchStopRequested() || GpuWedged(); }
};

// The SM/shader clock now, in MHz, and how it was read: CUDA times clock64() cycles against
// events on one block for ~1 ms; HIP reads amdgpu's pp_dpm_sclk (clock_probe.cu).
struct ClockReading {
  std::optional<std::int64_t> mhz;
  std::string source;
};
ClockReading ReadClockNow(const BenchContext& ctx);

inline BenchResult NewResult(const std::string& name, const char* unit) {
  BenchResult result;
  result.name = name;
  result.unit = unit;
  return result;
}

inline BenchResult SkippedResult(const std::string& name, const char* unit, std::string reason) {
  BenchResult result = NewResult(name, unit);
  result.status = BenchStatus::kSkipped;
  result.reason = std::move(reason);
  return result;
}

// Copies a summary into the result (best/median/worst/spread/samples).
inline void ApplySummary(BenchResult& result, const std::optional<SampleSummary>& summary) {
  if (!summary) return;
  result.best = summary->best;
  result.median = summary->median;
  result.worst = summary->worst;
  result.spread = summary->spread;
  result.samples = summary->samples;
}

// The outcome of TimeBatches as the result's status: failed / timeout / ok (interrupted runs keep
// the batches they finished, marked in params). Returns true when there are figures to report.
inline bool ApplyBatchOutcome(BenchResult& result, const BatchTimes& times, double deadline) {
  if (times.timed_out) {
    result.status = BenchStatus::kTimeout;
    result.reason = "the GPU did not finish a batch within " +
                    std::to_string(static_cast<int>(deadline)) + " s";
    return false;
  }
  if (times.failure) {
    result.status = BenchStatus::kFailed;
    result.reason = *times.failure;
    return false;
  }
  if (times.interrupted) result.params.SetBool("interrupted", true);
  if (times.seconds.empty()) {
    result.status = BenchStatus::kSkipped;
    result.reason = "interrupted before the first batch";
    return false;
  }
  result.status = BenchStatus::kOk;
  return true;
}

// A rate benchmark (B/s, FLOP/s): `amount_per_launch` bytes or FLOPs per launch.
inline void ApplyRate(BenchResult& result, const BatchTimes& times, double amount_per_launch,
                      int iterations, double deadline) {
  result.iterations = iterations;
  if (!ApplyBatchOutcome(result, times, deadline)) return;
  ApplySummary(result, SummarizeHigherIsBetter(
                           RatesFromBatches(times.seconds, amount_per_launch, iterations)));
  if (!result.median) {
    result.status = BenchStatus::kFailed;
    result.reason = "the device timer returned no positive durations";
  }
}

inline void ApplyClock(BenchResult& result, const ClockReading& clock) {
  result.clock_mhz_seen = clock.mhz;
  result.params.SetString("clock_source", clock.source);
}

}  // namespace rocm_doctor::hip_helper
