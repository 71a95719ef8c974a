// SPDX-License-Identifier: MIT
#pragma once
// What the HIP runtime itself says about the GPUs: the result of running the probe helper
// `rocm-doctor-hip --probe` (docs/hip-helper.md, JSON format 1) in a child process with a deadline,
// or its recording `.rocm-doctor/probes/hip-probe.json` in replay (docs/probes.md).
// Collected by src/collect/hip_probe/hip_probe_collector.cpp; checks use ctx.facts.Get<HipProbeFacts>().
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rocm_doctor/fact_store.h"

namespace rocm_doctor {

// A runtime call that failed: the gpuError_t value, hipGetErrorName / hipGetErrorString verbatim
// and the API call that returned it. Judge on `name`: HIP 5.2's message is the name again, newer
// HIP prints prose ("no ROCm-capable device is detected").
struct HipError {
  std::int64_t code = 0;
  std::string name;     // "hipErrorNoDevice"
  std::string message;  // "hipErrorNoDevice" (HIP 5.2) / "no ROCm-capable device is detected"
  std::string call;     // "hipGetDeviceCount"
};

// The first element the smoke kernel got wrong and how many were wrong; `got` 4294967295 is the
// untouched 0xFF fill (the kernel did not run).
struct HipSmokeMismatch {
  std::int64_t index = 0;
  std::int64_t expected = 0;
  std::int64_t got = 0;
  std::int64_t count = 0;
};

// The per-device smoke test: 16 KiB allocated, a 16 x 256 kernel writes i*3+1, copied back.
struct HipSmoke {
  bool ok = false;
  std::optional<double> kernel_ms;  // event-timed, milliseconds, includes launch latency
  std::optional<HipError> error;    // the first failing call; later steps were not attempted
  std::optional<HipSmokeMismatch> mismatch;
  std::int64_t checked_elements = 0;
};

// One runtime device. Unknown properties are nullopt (the helper prints null), never 0.
struct HipDevice {
  std::int64_t index = 0;           // runtime ordinal, after *_VISIBLE_DEVICES
  std::optional<std::string> name;  // "AMD Instinct MI210"
  std::optional<std::string> arch;  // gcnArchName: "gfx90a:sramecc+:xnack-"
  std::optional<std::int64_t> compute_units;
  std::optional<std::int64_t> total_memory_bytes;
  std::optional<std::int64_t> clock_khz;
  std::optional<std::int64_t> memory_clock_khz;
  std::optional<std::int64_t> memory_bus_width_bits;
  std::optional<std::string> pci_bdf;  // sysfs form "0000:c1:00.0"
  std::optional<bool> large_bar;
  std::optional<HipError> error;  // the properties query failed
  std::optional<HipSmoke> smoke;  // nullopt with --no-smoke

  // "gfx90a" from "gfx90a:sramecc+:xnack-"; "" when unknown.
  std::string BaseArch() const;
};

// The helper's JSON, validated (src/collect/hip_probe/hip_probe_parse.cpp).
struct HipProbeReport {
  int format_version = 0;
  std::string backend;               // "hip" or "cuda": the runtime the helper was built against
  std::vector<std::string> targets;  // ISAs its kernels carry: "gfx90a", "gfx1030"
  // HIP: major*10000000 + minor*100000 + patch (50221153 = 5.2.21153); CUDA: 13000 = 13.0.
  std::optional<std::int64_t> runtime_version;
  std::optional<std::int64_t> driver_version;  // on HIP the HIP version again, not amdgpu's
  std::int64_t device_count = 0;               // 0 when enumeration failed
  std::optional<HipError> error;               // enumeration failed
  std::vector<HipDevice> devices;
};

// How the probe ended, as the checks judge it.
enum class HipProbeState {
  kNotRecorded,    // replay of a capture that holds no hip-probe recording
  kHelperMissing,  // live: rocm-doctor-hip was not found (not built or not installed)
  kError,          // spawn failed, or it exited non-zero (usage error = version mismatch, 127 =
                   // the dynamic loader could not start it)
  kTimedOut,       // killed at the deadline: HIP init or the smoke kernel hung
  kCrashed,        // killed by a signal (SIGSEGV, SIGABRT, ...)
  kBadOutput,      // exited 0 but stdout is not the helper's JSON
  kParsed,         // `report` holds what the runtime said
};
std::string_view ToString(HipProbeState state);  // "not_recorded", "helper_missing", ...

struct HipProbeFacts {
  HipProbeState state = HipProbeState::kNotRecorded;
  // Where the result came from, for evidence: "/usr/libexec/rocm-doctor/rocm-doctor-hip --probe"
  // live, ".rocm-doctor/probes/hip-probe.json" in replay.
  std::string source;
  std::vector<std::string> argv;
  // Why the state is not kParsed, in words: the spawn error, "exit 2", the parse error, the
  // deadline, the signal.
  std::string detail;
  std::vector<std::string> searched;  // kHelperMissing: every place looked, in order
  std::optional<int> exit_code;       // when it exited
  std::optional<int> signal;          // kCrashed: the signal number; kTimedOut: the kill signal
  std::string signal_name;            // "SIGSEGV"
  std::string stderr_tail;            // the last lines of stderr, printable
  std::string stdout_excerpt;         // kBadOutput: the start of stdout, printable
  bool output_truncated = false;      // the runner kept only the first max_output bytes
  double wall_seconds = 0;
  std::int64_t timeout_ms = 0;  // the deadline it ran under
  // *_VISIBLE_DEVICES / GPU_DEVICE_ORDINAL as the helper inherited them (name=value, set ones
  // only): they decide which devices the runtime shows, so the report echoes them.
  std::vector<std::pair<std::string, std::string>> visibility_env;
  HipProbeReport report;  // valid when state == kParsed
};

// The runtime's version number in words: HIP 50221153 -> "5.2.21153", CUDA 13000 -> "13.0".
std::string FormatRuntimeVersion(std::int64_t version, std::string_view backend);

template <>
HipProbeFacts CollectFacts<HipProbeFacts>(const SystemView& view);

}  // namespace rocm_doctor
