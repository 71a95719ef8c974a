// SPDX-License-Identifier: MIT
// NVIDIA telemetry through NVML, loaded at run time (libnvidia-ml.so.1 ships with the driver; the
// helper links nothing of it). Functions and values from nvml.h (CUDA 12/13).
#include <dlfcn.h>

#include <cctype>

#include "hip/bench/telemetry.h"

namespace rocm_doctor::hip_helper {
namespace {

// nvml.h: nvmlReturn_t is an int enum (NVML_SUCCESS 0); nvmlDevice_t an opaque pointer.
using NvmlInit = int (*)();
using NvmlShutdown = int (*)();
using NvmlErrorString = const char* (*)(int);
using NvmlGetHandleByPciBusId = int (*)(const char* bus_id, void** device);
using NvmlGetUInt = int (*)(void* device, unsigned int* value);
using NvmlGetTemperature = int (*)(void* device, int sensor, unsigned int* value);
using NvmlGetClockInfo = int (*)(void* device, int type, unsigned int* mhz);
using NvmlGetReasons = int (*)(void* device, unsigned long long* reasons);
constexpr int kNvmlTemperatureGpu = 0;  // NVML_TEMPERATURE_GPU
constexpr int kNvmlClockSm = 1;         // NVML_CLOCK_SM
constexpr int kNvmlClockMem = 2;        // NVML_CLOCK_MEM

class NvmlTelemetry final : public TelemetrySource {
 public:
  explicit NvmlTelemetry(const std::string& pci_bdf) { Open(pci_bdf); }
  ~NvmlTelemetry() override {
    if (device_ != nullptr && shutdown_ != nullptr) shutdown_();
  }
  const char* name() const override { return "nvml"; }
  bool started() const override { return device_ != nullptr; }
  std::optional<std::string> error() const override { return error_; }

  std::optional<double> PowerLimitW() override {
    unsigned int mw = 0;
    if (device_ == nullptr || limit_ == nullptr || limit_(device_, &mw) != 0) return std::nullopt;
    return mw / 1000.0;
  }

  TelemetrySample Read() override {
    TelemetrySample s;
    unsigned int value = 0;
    if (power_ != nullptr && power_(device_, &value) == 0) s.power_w = value / 1000.0;  // mW
    if (temperature_ != nullptr && temperature_(device_, kNvmlTemperatureGpu, &value) == 0) {
      s.temperature_c = value;
    }
    if (clock_ != nullptr && clock_(device_, kNvmlClockSm, &value) == 0) s.sclk_mhz = value;
    if (clock_ != nullptr && clock_(device_, kNvmlClockMem, &value) == 0) s.mclk_mhz = value;
    unsigned long long reasons = 0;
    if (reasons_ != nullptr && reasons_(device_, &reasons) == 0) {
      s.raw_reasons = NvmlReasonNames(reasons);
    }
    return s;
  }

 private:
  template <class Fn>
  Fn Symbol(const char* name) {
    return reinterpret_cast<Fn>(dlsym(library_, name));
  }

  void Open(const std::string& pci_bdf) {
    dlerror();
    library_ = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library_ == nullptr) {
      const char* why = dlerror();
      error_ = why != nullptr ? why : "libnvidia-ml.so.1: dlopen failed";
      return;
    }
    const auto init = Symbol<NvmlInit>("nvmlInit_v2");
    const auto by_bus = Symbol<NvmlGetHandleByPciBusId>("nvmlDeviceGetHandleByPciBusId_v2");
    shutdown_ = Symbol<NvmlShutdown>("nvmlShutdown");
    error_string_ = Symbol<NvmlErrorString>("nvmlErrorString");
    power_ = Symbol<NvmlGetUInt>("nvmlDeviceGetPowerUsage");
    limit_ = Symbol<NvmlGetUInt>("nvmlDeviceGetEnforcedPowerLimit");
    temperature_ = Symbol<NvmlGetTemperature>("nvmlDeviceGetTemperature");
    clock_ = Symbol<NvmlGetClockInfo>("nvmlDeviceGetClockInfo");
    // Renamed in CUDA 12.2's NVML; the old name stays exported for older drivers.
    reasons_ = Symbol<NvmlGetReasons>("nvmlDeviceGetCurrentClocksEventReasons");
    if (reasons_ == nullptr) {
      reasons_ = Symbol<NvmlGetReasons>("nvmlDeviceGetCurrentClocksThrottleReasons");
    }
    if (init == nullptr || by_bus == nullptr) {
      error_ = "libnvidia-ml.so.1 lacks nvmlInit_v2 or nvmlDeviceGetHandleByPciBusId_v2";
      return;
    }
    if (const int status = init(); status != 0) {
      error_ = "nvmlInit_v2: " + Text(status);
      return;
    }
    // NVML's bus id has an 8-digit domain: 00000000:19:00.0.
    std::string bus = pci_bdf;
    if (bus.size() == 12) bus = "0000" + bus;
    for (char& c : bus) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    void* device = nullptr;
    if (const int status = by_bus(bus.c_str(), &device); status != 0 || device == nullptr) {
      error_ = "nvmlDeviceGetHandleByPciBusId_v2(" + bus + "): " + Text(status);
      shutdown_();
      return;
    }
    device_ = device;
    if (reasons_ == nullptr) error_ = "libnvidia-ml.so.1 has no clocks event reasons call";
  }

  std::string Text(int status) const {
    std::string text = std::to_string(status);
    if (error_string_ != nullptr) {
      if (const char* s = error_string_(status)) text += std::string(" (") + s + ")";
    }
    return text;
  }

  void* library_ = nullptr;  // never closed: NVML may keep threads
  void* device_ = nullptr;
  std::optional<std::string> error_;
  NvmlShutdown shutdown_ = nullptr;
  NvmlErrorString error_string_ = nullptr;
  NvmlGetUInt power_ = nullptr;
  NvmlGetUInt limit_ = nullptr;
  NvmlGetTemperature temperature_ = nullptr;
  NvmlGetClockInfo clock_ = nullptr;
  NvmlGetReasons reasons_ = nullptr;
};

}  // namespace

std::unique_ptr<TelemetrySource> OpenNvmlTelemetry(const std::string& pci_bdf) {
  return std::make_unique<NvmlTelemetry>(pci_bdf);
}

}  // namespace rocm_doctor::hip_helper
