// SPDX-License-Identifier: MIT
#pragma once
// What `rocm-doctor-hip --bench` measured, as plain data; bench_json.cpp prints it in the format
// of docs/hip-helper.md ("Benchmarks"). Free of GPU runtime types and C++17, so the GPU sources
// (hipcc/nvcc) fill it and host-only code (JSON, tests) reads it.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocm_doctor::hip_helper {

inline constexpr int kBenchFormatVersion = 1;

// ok: measured (for memtests: ran to the end, whatever it found); skipped: not run, `reason` says
// why; failed: a runtime call failed (reason: the runtime's text); verify_failed: it ran but the
// result was wrong; timeout: the GPU did not finish within the deadline.
enum class BenchStatus { kOk, kSkipped, kFailed, kVerifyFailed, kTimeout };

const char* BenchStatusName(BenchStatus status);

// Free-form "params" of one benchmark. Each value is already JSON text (use the setters), kept in
// insertion order; setting a key again replaces its value.
class BenchParams {
 public:
  BenchParams& SetString(const std::string& key, const std::string& value);
  BenchParams& SetInt(const std::string& key, std::int64_t value);
  BenchParams& SetDouble(const std::string& key, double value);  // non-finite -> null
  BenchParams& SetBool(const std::string& key, bool value);
  BenchParams& SetNull(const std::string& key);
  BenchParams& SetStrings(const std::string& key, const std::vector<std::string>& values);
  BenchParams& SetDoubles(const std::string& key, const std::vector<double>& values);
  // `json` must be one complete JSON value (an object or array built with JsonWriter).
  BenchParams& SetRaw(const std::string& key, std::string json);

  const std::vector<std::pair<std::string, std::string>>& items() const { return items_; }
  // The JSON text of `key`, or nullptr.
  const std::string* Find(const std::string& key) const;

 private:
  std::vector<std::pair<std::string, std::string>> items_;
};

struct BenchResult {
  std::string name;  // stable: "memory.triad", "host.h2d_pinned" ... (bench_plan.h)
  BenchStatus status = BenchStatus::kSkipped;
  std::optional<std::string> reason;
  std::string unit;  // "B/s", "FLOP/s", "s", "launch/s", "errors"
  std::optional<double> best;
  std::optional<double> median;
  std::optional<double> worst;
  std::optional<double> spread;       // (best - worst) / median, as a positive fraction
  std::int64_t samples = 0;           // timed batches
  std::int64_t iterations = 0;        // launches (or transfers, passes) per batch
  std::optional<std::int64_t> bytes;  // bytes counted per launch (STREAM: read + write)
  std::optional<std::int64_t> elements;
  std::optional<std::int64_t> element_bytes;
  std::optional<std::int64_t> clock_mhz_seen;  // SM/shader clock measured during or right after
  std::optional<bool> verified;                // null: nothing to check against
  BenchParams params;
};

struct BenchDevice {
  int index = 0;
  std::optional<std::string> name;
  std::optional<std::string> arch;        // "sm_90", "gfx90a:sramecc+:xnack-"
  std::optional<std::string> pci_bus_id;  // sysfs form 0000:19:00.0
  std::optional<std::int64_t> compute_units;
  std::optional<std::int64_t> clock_mhz;  // the runtime's peak clock attribute
  std::optional<std::int64_t> memory_clock_mhz;
  std::optional<std::int64_t> memory_bus_width_bits;
  std::optional<std::int64_t> total_bytes;
  std::optional<std::int64_t> free_bytes;  // at the start of the run
  std::optional<std::int64_t> numa_node;   // sysfs numa_node of the GPU; null when -1 or unreadable
};

struct BenchReport {
  std::string backend;  // "hip" / "cuda"
  std::optional<std::int64_t> runtime_version;
  std::optional<std::int64_t> driver_version;
  std::string level;  // "quick" / "standard" / "stress"
  bool interrupted = false;
  // Runtime init or device selection failed: "hipErrorNoDevice: no ROCm-capable device is
  // detected". Then device is null and benchmarks is empty.
  std::optional<std::string> error;
  std::optional<BenchDevice> device;
  std::vector<BenchResult> benchmarks;
  double wall_seconds = 0.0;
  // From the helper's main() to the JSON, runtime start and library loads included: the figure
  // the doctor holds against a level's time budget (JSON "elapsed_s"). Set by HelperMain.
  std::optional<double> elapsed_seconds;
};

}  // namespace rocm_doctor::hip_helper
