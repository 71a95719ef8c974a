// SPDX-License-Identifier: MIT
#pragma once
// What the GPU delivers: the result of running the benchmark helper
// `rocm-doctor-hip --bench` (JSON: docs/hip-helper.md "Benchmarks"; the doctor's side:
// docs/benchmarks.md) in a child process with a deadline per level, once per GPU, or its recordings
// `.rocm-doctor/probes/hip-bench*.json` in replay. Collected by
// src/collect/bench/hip_bench_collector.cpp; the bench.* checks ask for
// ctx.facts.Get<BenchFacts>(request). Measuring is not judging (architecture rule 10): the floors
// come from include/rocm_doctor/bench_thresholds.h.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/helper_run.h"

namespace rocm_doctor {

// How long and how hard the helper measures, in the doctor's words (the levels of check,
// capture, gate and bench: basic < standard < extended < stress; basic runs no benchmark).
// standard: every benchmark once, a memory test on a slice, no stress (under 15 s on an H200);
// extended: a larger memory-test slice and 30 s of stress; stress: a memory test over most of
// free memory and 300 s of stress. The helper names them quick, standard and stress
// (HelperLevelName): its "standard" is the doctor's extended.
enum class BenchLevel { kStandard, kExtended, kStress };
std::string_view ToString(BenchLevel level);  // "standard", "extended", "stress"
std::optional<BenchLevel> BenchLevelFromString(std::string_view text);  // the doctor's words
// The helper's own word for `level` (its --level and its JSON's "level"): "quick", "standard",
// "stress"; and back.
std::string_view HelperLevelName(BenchLevel level);
std::optional<BenchLevel> BenchLevelFromHelper(std::string_view text);

// The helper's benchmarks, stable names in the order they run (docs/hip-helper.md).
inline constexpr std::string_view kBenchmarkNames[] = {
    "memory.copy",       "memory.scale",      "memory.add",        "memory.triad",
    "memory.dot",        "host.h2d_pinned",   "host.d2h_pinned",   "host.bidir_pinned",
    "host.h2d_pageable", "host.d2h_pageable", "peer.copy",         "peer.kernel_copy",
    "launch.enqueue",    "launch.roundtrip",  "launch.throughput", "compute.fp32_fma",
    "compute.fp16_fma",  "compute.bf16_fma",  "matrix.bf16",       "matrix.fp16",
    "matrix.fp32",       "matrix.fp64",       "matrix.fp8",        "matrix.int8",
    "matrix.bf16_gst",   "matrix.fp16_gst",   "matrix.fp32_gst",   "matrix.fp64_gst",
    "matrix.fp8_gst",    "matrix.int8_gst",   "memtest.address",   "memtest.moving_inversions",
    "memtest.random",    "stress.mixed",
    // One run over every GPU, never in the default set (bench.collective, issue 19).
    "collective.all_reduce", "collective.all_gather"};

// How one benchmark ended, as the helper says ("ok", "skipped", ...). A failed benchmark is data,
// not an exit status.
enum class MeasurementStatus { kOk, kSkipped, kFailed, kVerifyFailed, kTimeout };
std::string_view ToString(MeasurementStatus status);  // "ok", "skipped", "failed", ...

// min / median / max of one reading over the telemetry samples; each null when no sample had it.
struct TelemetryRange {
  std::optional<double> min, median, max;
};

// One throttle / clock-event reason and the share of samples it was active in
// (docs/hip-helper.md "Telemetry": power_cap, thermal, memory_thermal, hbm, sw_power, sync_boost,
// idle, other; `raw` is the source's own name: NVML's SwPowerCap, amdgpu's PPT0, ...).
struct ThrottleShare {
  std::string reason;
  double fraction = 0;
  std::string raw;
};

// Power, temperature, clocks and throttle reasons sampled while a benchmark's timed batches ran
// (params.telemetry of matrix.* and stress.mixed).
struct BenchTelemetry {
  std::optional<std::string> source;  // "nvml", "sysfs"; null when no sampler could start
  std::optional<std::int64_t> interval_ms, count;
  std::optional<TelemetryRange> power_w, temperature_c, memory_temperature_c, sclk_mhz, mclk_mhz;
  std::optional<double> power_limit_w;
  std::vector<ThrottleShare> throttle;  // most frequent first
  std::optional<std::string> error;     // why some or all readings are missing
};

// The BLAS a matrix.* benchmark loaded, and every library tried (params.blas).
struct BenchBlas {
  struct Tried {
    std::string library;
    std::optional<std::string> error;  // dlerror() verbatim; null for the one loaded
  };
  std::optional<std::string> loaded;  // "libhipblaslt.so.0"; null: none could be loaded
  std::optional<std::int64_t> version;
  std::optional<std::string> api;  // "hipblaslt", "rocblas", "cublasLt", "cublas"
  std::vector<Tried> tried;
};

// One benchmark's figures. Units are base units: "B/s", "FLOP/s", "OP/s" (int8 GEMM), "s",
// "launch/s", "errors".
// Unknown is nullopt (the helper prints null), never 0.
struct Measurement {
  std::string name;  // stable: "memory.triad", "host.h2d_pinned", "launch.roundtrip", ...
  MeasurementStatus status = MeasurementStatus::kOk;
  std::optional<std::string> reason;  // why skipped/failed: the runtime's error text verbatim
  std::string unit;
  std::optional<double> best, median, worst;  // best is the highest rate / the lowest time
  std::optional<double> spread;               // (best - worst) / median, a fraction
  std::optional<std::int64_t> samples;        // timed batches
  std::optional<std::int64_t> iterations;     // kernel launches per batch
  std::optional<std::int64_t> bytes;          // bytes counted per launch (STREAM accounting)
  std::optional<std::int64_t> elements, element_bytes;
  std::optional<std::int64_t> clock_mhz_seen;  // shader clock read during or after the run
  std::optional<bool> verified;                // checked against the analytic answer; null: n/a
  // The helper's free-form "params", one entry per key, each value as compact JSON text.
  std::map<std::string, std::string> params;
  // Read from params where the helper gives them (matrix.*, stress.mixed): the samples taken
  // while it ran, the median shader clock over them, the BLAS it used.
  std::optional<BenchTelemetry> telemetry;
  std::optional<std::int64_t> sustained_clock_mhz;
  std::optional<BenchBlas> blas;

  // params[key] as a number, when it is one; as text: a string's value, else its JSON text.
  std::optional<double> ParamNumber(std::string_view key) const;
  std::optional<std::string> ParamText(std::string_view key) const;
  // "memory" for "memory.triad".
  std::string_view Family() const;
};

// The device the helper measured, as its runtime describes it.
struct BenchDevice {
  std::int64_t index = 0;
  std::optional<std::string> name;        // "AMD Instinct MI300X", "NVIDIA H200"
  std::optional<std::string> arch;        // "gfx942:sramecc+:xnack-", "sm_90"
  std::optional<std::string> pci_bus_id;  // sysfs form "0000:c1:00.0"
  std::optional<std::int64_t> compute_units;
  std::optional<std::int64_t> clock_mhz;  // the runtime's peak shader clock
  std::optional<std::int64_t> memory_clock_mhz;
  std::optional<std::int64_t> memory_bus_width_bits;
  std::optional<std::int64_t> total_bytes, free_bytes;
  std::optional<std::int64_t> numa_node;

  std::string BaseArch() const;  // "gfx942" from "gfx942:sramecc+:xnack-"
};

// The helper's JSON (format 1), validated by src/collect/bench/hip_bench_parse.cpp.
struct BenchReport {
  int format_version = 0;
  std::string backend;  // "hip" or "cuda"
  std::optional<std::int64_t> runtime_version, driver_version;
  // The level the helper ran, in the doctor's words (its "quick" is "standard", its "standard"
  // "extended": BenchLevelFromHelper).
  std::string level;
  bool interrupted = false;           // SIGINT/SIGTERM: it stopped after the current kernel
  std::optional<std::string> error;   // no device / runtime init failed
  std::optional<BenchDevice> device;  // null when no device could be opened
  std::vector<Measurement> benchmarks;
  std::optional<double> wall_seconds;
  // The helper's own elapsed time, main() to the printed JSON (runtime start included): what the
  // level's time budget is compared with. Null from a helper older than issue 17.
  std::optional<double> elapsed_seconds;

  const Measurement* Find(std::string_view name) const;
};

// What the bench checks ask the collector for; equal requests share one run.
struct BenchRequest {
  BenchLevel level = BenchLevel::kStandard;
  std::vector<std::string> only;  // --only NAME,...: benchmark names; empty = all
  // The runtime ordinals to measure, one helper run each, in order; empty = one run without
  // --device (the helper's default device).
  std::vector<std::int64_t> devices;
  // --stress-seconds S for the helper: stress.mixed's length over the level's (0 s at quick);
  // the run's deadline grows by S. Unset: the level's.
  std::optional<int> stress_seconds;
  // Called with each line the helper writes on stderr while it runs ("bench: memory.triad 3/5"),
  // prefixed with the device; not part of the request's identity.
  std::function<void(std::string_view)> progress;

  std::string Key() const;  // level, only, devices, stress seconds: the identity of the run
};

// One helper run (one device).
struct BenchRun {
  std::optional<std::int64_t> device;  // the --device asked for
  std::string probe_name;              // "hip-bench", "hip-bench.1", ...
  HelperRun run;                       // how the child ended; kOk once its JSON parsed
  BenchReport report;                  // valid when run.state == HelperRunState::kOk
};

struct BenchFacts {
  BenchLevel level = BenchLevel::kStandard;
  std::vector<std::string> only;
  std::vector<BenchRun> runs;
};

// The recording name of the run for `device`: "hip-bench" for device 0 and for the helper's
// default device, "hip-bench.N" for device N.
std::string BenchProbeName(std::optional<std::int64_t> device);

template <>
BenchFacts CollectFacts<BenchFacts, BenchRequest>(const SystemView& view,
                                                  const BenchRequest& request);

}  // namespace rocm_doctor
