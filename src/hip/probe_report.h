// SPDX-License-Identifier: MIT
#pragma once
// What `rocm-doctor-hip --probe` found, as plain data (docs/hip-helper.md has the JSON). Kept free
// of GPU runtime types so host-only code (JSON, tests) compiles with the normal C++ compiler.
// C++17: this header is also compiled by hipcc/nvcc.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rocm_doctor::hip_helper {

inline constexpr int kProbeFormatVersion = 1;

// A runtime call that failed: its gpuError_t value, the runtime's own name and message for it
// (hipGetErrorName / hipGetErrorString, verbatim) and which API call returned it.
struct GpuError {
  std::int64_t code = 0;
  std::string name;
  std::string message;
  std::string call;  // e.g. "hipGetDeviceCount"
};

// The first element the smoke kernel got wrong, and how many it got wrong in all.
struct SmokeMismatch {
  std::int64_t index = 0;
  std::int64_t expected = 0;
  std::int64_t got = 0;
  std::int64_t count = 0;
};

struct SmokeResult {
  bool ok = false;
  std::optional<float> kernel_ms;  // event-timed kernel duration, milliseconds
  std::optional<GpuError> error;
  std::optional<SmokeMismatch> mismatch;
  std::int64_t checked_elements = 0;  // elements copied back and compared
};

struct DeviceReport {
  int index = 0;
  std::optional<std::string> name;
  std::optional<std::string> arch;  // "gfx90a:sramecc+:xnack-" (HIP) or "sm_90" (CUDA)
  std::optional<std::int64_t> compute_units;
  std::optional<std::int64_t> total_memory_bytes;
  std::optional<std::int64_t> clock_khz;
  std::optional<std::int64_t> memory_clock_khz;
  std::optional<std::int64_t> memory_bus_width_bits;
  std::optional<std::string> pci_bdf;  // sysfs form: 0000:c1:00.0
  std::optional<bool> large_bar;       // HIP only; the CUDA runtime does not say
  std::optional<GpuError> error;       // the properties query failed
  std::optional<SmokeResult> smoke;    // absent with --no-smoke
};

struct ProbeReport {
  std::string backend;               // "hip" or "cuda"
  std::vector<std::string> targets;  // what the kernels were compiled for: gfx90a, sm_90
  std::optional<std::int64_t> runtime_version;
  std::optional<std::int64_t> driver_version;
  std::int64_t device_count = 0;
  std::optional<GpuError> error;  // device enumeration (or the --device selection) failed
  std::vector<DeviceReport> devices;
};

}  // namespace rocm_doctor::hip_helper
