// SPDX-License-Identifier: MIT
#pragma once
// gpu_metrics: the binary table amdgpu exports at /sys/bus/pci/devices/<BDF>/gpu_metrics
// (amdgpu_pm.c amdgpu_get_gpu_metrics; the layouts are struct gpu_metrics_v<format>_<content> of
// drivers/gpu/drm/amd/include/kgd_pp_interface.h). Read at rest, without load: the benchmark
// domain samples them under load.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

// The fields rocm-doctor reads from one table. A field the revision does not carry, or that the
// firmware left unset (the kernel fills the table with 0xFF before the SMU code writes it,
// smu_cmn_init_soft_gpu_metrics), is nullopt.
struct GpuMetrics {
  std::uint16_t structure_size = 0;
  std::uint8_t format_revision = 0;
  std::uint8_t content_revision = 0;
  std::optional<std::uint16_t> gfx_activity_percent;   // average_gfx_activity
  std::optional<std::uint32_t> throttle_status;        // ASIC-dependent bits; 0 = not throttled
  std::optional<std::uint64_t> indep_throttle_status;  // ASIC-independent bits (v1.3)
  // v1.6 (MI300 series): accumulated throttler residencies and the cycle counter they share.
  std::optional<std::uint32_t> accumulation_counter;
  std::optional<std::uint32_t> prochot_residency;
  std::optional<std::uint32_t> ppt_residency;
  std::optional<std::uint32_t> socket_thermal_residency;
  std::optional<std::uint32_t> vr_thermal_residency;
  std::optional<std::uint32_t> hbm_thermal_residency;

  std::string Revision() const {
    return std::to_string(format_revision) + "." + std::to_string(content_revision);
  }
};

struct GpuMetricsDevice {
  std::string bdf;
  Fact<GpuMetrics> metrics;  // source: .../gpu_metrics; unknown with the reason (size, revision)
};

struct GpuMetricsFacts {
  std::vector<GpuMetricsDevice> devices;  // AMD GPUs that have a gpu_metrics file, in BDF order
  std::string error;                      // the PCI bus could not be listed
};

template <>
GpuMetricsFacts CollectFacts<GpuMetricsFacts>(const SystemView& view);

}  // namespace rocm_doctor
