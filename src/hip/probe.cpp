// SPDX-License-Identifier: MIT
#include "hip/probe.h"

#include <array>
#include <string>
#include <utility>

#include "hip/gpu_error.h"
#include "hip/gpu_runtime.h"
#include "hip/pci_bdf.h"
#include "hip/smoke_test.h"

#ifndef ROCMDOC_GPU_TARGETS
#error "ROCMDOC_GPU_TARGETS (the offload architectures, comma-separated) comes from CMake"
#endif

namespace rocm_doctor::hip_helper {
namespace {

// A device attribute, or nullopt when the call fails. Clocks and bus width of 0 mean "not
// reported" (HIP returns 0 memory clock on some APUs), so `zero_is_unknown` maps them to null.
std::optional<std::int64_t> Attribute(gpuDeviceAttr attr, int device, bool zero_is_unknown) {
  int value = 0;
  if (gpuDeviceGetAttribute(&value, attr, device) != gpuSuccess) return std::nullopt;
  if (value < 0 || (zero_is_unknown && value == 0)) return std::nullopt;
  return value;
}

std::optional<std::string> PciBdf(int device) {
  std::array<char, 64> bus_id{};
  if (gpuDeviceGetPCIBusId(bus_id.data(), static_cast<int>(bus_id.size()) - 1, device) !=
      gpuSuccess) {
    return std::nullopt;
  }
  return NormalizePciBdf(bus_id.data());
}

DeviceReport ProbeDevice(int device, bool smoke) {
  DeviceReport report;
  report.index = device;
  gpuDeviceProp prop{};
  if (const gpuError_t error = gpuGetDeviceProperties(&prop, device); error == gpuSuccess) {
    std::string name = FixedCString(prop.name);
    if (!name.empty()) report.name = std::move(name);
    report.arch = GpuArchName(prop);
    report.total_memory_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
    report.large_bar = GpuLargeBar(prop);
  } else {
    report.error = MakeGpuError(error, "GetDeviceProperties");
  }
  report.compute_units = Attribute(gpuDevAttrMultiProcessorCount, device, false);
  report.clock_khz = Attribute(gpuDevAttrClockRate, device, true);
  report.memory_clock_khz = Attribute(gpuDevAttrMemoryClockRate, device, true);
  report.memory_bus_width_bits = Attribute(gpuDevAttrMemoryBusWidth, device, true);
  report.pci_bdf = PciBdf(device);

  if (smoke) {
    if (const gpuError_t error = gpuSetDevice(device); error != gpuSuccess) {
      SmokeResult failed;
      failed.error = MakeGpuError(error, "SetDevice");
      report.smoke = failed;
    } else {
      report.smoke = RunSmokeTest();
    }
  }
  return report;
}

}  // namespace

const char* GpuBackendName() { return kGpuBackend; }

const char* GpuBuildTargets() { return ROCMDOC_GPU_TARGETS; }

ProbeReport RunProbe(const ProbeOptions& options) {
  ProbeReport report;
  report.backend = kGpuBackend;
  int version = 0;
  if (gpuRuntimeGetVersion(&version) == gpuSuccess) report.runtime_version = version;
  // CUDA reports 0 when no driver is installed: unknown, not version 0. HIP reports its own
  // version here (e.g. 50221153 for 5.2.21153), not the amdgpu kernel driver's.
  version = 0;
  if (gpuDriverGetVersion(&version) == gpuSuccess && version > 0) report.driver_version = version;

  int count = 0;
  if (const gpuError_t error = gpuGetDeviceCount(&count); error != gpuSuccess) {
    report.error = MakeGpuError(error, "GetDeviceCount");
    return report;
  }
  report.device_count = count;

  if (options.device) {
    const int device = *options.device;
    if (device >= count) {
      // Ask the runtime, so the error is its own (hipErrorInvalidDevice), not one we made up.
      const gpuError_t error = gpuSetDevice(device);
      report.error = MakeGpuError(error != gpuSuccess ? error : gpuErrorInvalidDevice, "SetDevice");
      return report;
    }
    report.devices.push_back(ProbeDevice(device, options.smoke));
    return report;
  }
  for (int device = 0; device < count; ++device) {
    report.devices.push_back(ProbeDevice(device, options.smoke));
  }
  return report;
}

}  // namespace rocm_doctor::hip_helper
