// SPDX-License-Identifier: MIT
#pragma once
// Power, temperature, clocks and throttle reasons sampled on a thread while a benchmark's timed
// batches run (docs/hip-helper.md, "Telemetry"): NVML loaded at run time on NVIDIA, amdgpu's
// sysfs files on AMD. Host code only, C++17 (the GPU families start and stop the sampler).
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace rocm_doctor::hip_helper {

struct TelemetrySample {
  std::optional<double> power_w;
  std::optional<double> temperature_c;
  std::optional<double> memory_temperature_c;
  std::optional<double> sclk_mhz;
  std::optional<double> mclk_mhz;
  std::vector<std::string> raw_reasons;  // the source's names of the reasons active now
};

class TelemetrySource {
 public:
  virtual ~TelemetrySource() = default;
  virtual const char* name() const = 0;  // "nvml" / "sysfs"
  virtual bool started() const = 0;      // false: no reading at all is possible (see error())
  virtual std::optional<double> PowerLimitW() = 0;
  virtual TelemetrySample Read() = 0;
  // Why readings are missing ("libnvidia-ml.so.1: cannot open shared object file ..."), or null.
  virtual std::optional<std::string> error() const = 0;
};

// NVML (libnvidia-ml.so.1) for the GPU at `pci_bdf` (sysfs form 0000:19:00.0). Never null.
std::unique_ptr<TelemetrySource> OpenNvmlTelemetry(const std::string& pci_bdf);
// amdgpu's files under `device_dir` (/sys/bus/pci/devices/<bdf>). Never null.
std::unique_ptr<TelemetrySource> OpenSysfsTelemetry(const std::string& device_dir);

struct MinMedMax {
  double min = 0.0;
  double median = 0.0;
  double max = 0.0;
};

struct ThrottleShare {
  std::string reason;  // power_cap | thermal | memory_thermal | hbm | sw_power | sync_boost | idle | other
  double fraction = 0.0;  // of the samples
  std::string raw;
};

struct TelemetrySummary {
  std::optional<std::string> source;
  int interval_ms = 0;
  std::int64_t count = 0;
  std::optional<MinMedMax> power_w;
  std::optional<double> power_limit_w;
  std::optional<MinMedMax> temperature_c;
  std::optional<MinMedMax> memory_temperature_c;
  std::optional<MinMedMax> sclk_mhz;
  std::optional<MinMedMax> mclk_mhz;
  std::vector<ThrottleShare> throttle;  // most frequent first
  std::optional<std::string> error;
};

TelemetrySummary SummarizeTelemetry(const std::optional<std::string>& source, int interval_ms,
                                    const std::vector<TelemetrySample>& samples,
                                    std::optional<double> power_limit_w,
                                    std::optional<std::string> error);
std::string TelemetryJson(const TelemetrySummary& summary);

// Samples `source` every interval from Start() to Stop() on its own thread. A null source gives
// a summary with source null and `error` "no telemetry source".
class TelemetrySampler {
 public:
  explicit TelemetrySampler(TelemetrySource* source, int interval_ms = 20);
  ~TelemetrySampler();
  TelemetrySampler(const TelemetrySampler&) = delete;
  TelemetrySampler& operator=(const TelemetrySampler&) = delete;
  void Start();
  TelemetrySummary Stop();

 private:
  TelemetrySource* source_;
  int interval_ms_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::vector<TelemetrySample> samples_;
};

// Reason names (telemetry_reasons.cpp). The contract's reason for a raw name; "other" for names
// it does not know.
const char* ThrottleReasonOf(std::string_view raw);
// nvmlDeviceGetCurrentClocksEventReasons' bits (nvml.h nvmlClocksEventReason*) as raw names;
// unknown bits as "bit N".
std::vector<std::string> NvmlReasonNames(std::uint64_t bits);
// gpu_metrics' indep_throttle_status (amdgpu_smu.h SMU_THROTTLER_*_BIT) as raw names.
std::vector<std::string> SmuIndependentThrottlerNames(std::uint64_t bits);
// gpu_metrics v1.4/v1.5 throttle_status of SMU 13.0.6 (MI300: smu13_driver_if_v13_0_6.h
// THROTTLER_*_BIT) as raw names.
std::vector<std::string> Smu1306ThrottlerNames(std::uint32_t bits);

// sysfs parsing (telemetry_sysfs.cpp): "12345\n" -> 12345; nullopt for anything else.
std::optional<double> ParseSysfsNumber(std::string_view text);
struct GpuMetricsThrottle {
  bool present = false;  // the table carries a throttle field this code reads
  std::vector<std::string> raw;
  std::optional<std::string> error;
};
GpuMetricsThrottle ParseGpuMetricsThrottle(const std::vector<std::uint8_t>& bytes);

}  // namespace rocm_doctor::hip_helper
