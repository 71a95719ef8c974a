// SPDX-License-Identifier: MIT
// GpuMetricsFacts: <dev>/gpu_metrics of every AMD GPU that has one (amdgpu_pm.c creates it when
// the SMU driver implements get_gpu_metrics), parsed by gpu_metrics::Parse.
#include "collect/common/amd_gpu_functions.h"
#include "collect/common/sysfs_reader.h"
#include "collect/gpu_metrics/gpu_metrics_parse.h"
#include "rocm_doctor/facts/gpu_metrics.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// The largest table in kgd_pp_interface.h is under 1 KiB; 64 KiB bounds a hostile file.
constexpr std::size_t kMetricsLimit = 64 * 1024;

}  // namespace

template <>
GpuMetricsFacts CollectFacts<GpuMetricsFacts>(const SystemView& view) {
  GpuMetricsFacts facts;
  AmdGpuFunctions gpus = ListAmdGpuFunctions(view);
  facts.error = gpus.error;
  for (const std::string& bdf : gpus.bdfs) {
    const std::string path = JoinPath(JoinPath(paths::kPciDevices, bdf), "gpu_metrics");
    FileContent file = view.ReadFile(path, kMetricsLimit);
    if (file.status == FsStatus::kNotFound) continue;
    GpuMetricsDevice dev;
    dev.bdf = bdf;
    if (!file.ok()) {
      dev.metrics = Fact<GpuMetrics>::Unknown(
          path, std::string(ToString(file.status)) + (file.error.empty() ? "" : ": " + file.error));
    } else if (file.truncated) {
      dev.metrics = Fact<GpuMetrics>::Unknown(path, "larger than 64 KiB");
    } else if (Result<GpuMetrics> parsed = gpu_metrics::Parse(file.data); parsed.ok()) {
      dev.metrics = Fact<GpuMetrics>::Known(parsed.value(), path);
    } else {
      dev.metrics = Fact<GpuMetrics>::Unknown(path, parsed.error());
    }
    facts.devices.push_back(std::move(dev));
  }
  return facts;
}

}  // namespace rocm_doctor
