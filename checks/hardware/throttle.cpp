// SPDX-License-Identifier: MIT
// hardware.throttle: throttling read at rest from each GPU's gpu_metrics table (facts/
// gpu_metrics.h; layouts of kgd_pp_interface.h): throttle_status (ASIC-dependent bits) and
// indep_throttle_status (v1.3) are 0 when nothing throttles, and MI300's v1.6 table accumulates
// how long the socket, its voltage regulators and the HBM were held back by temperature, and
// PROCHOT asserted, since the counters started. A GPU that throttles with no work on it, or has
// spent time thermally throttled, is cooled or powered worse than its peers: its results will be
// slower before any benchmark runs. The benchmark layer samples the same table under load.
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/gpu_metrics.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kThrottleCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/hwmon/hwmon*/temp*_input",
    "sudo dmesg | grep -iE 'amdgpu.*(throttl|thermal|prochot)'  # needs root",
};
constexpr std::string_view kReadCommands[] = {"ls -l /sys/bus/pci/devices/{bdf}/gpu_metrics"};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.throttle.active_at_rest",
     .severity = Status::kWarn,
     .title = "A GPU reports throttling while the doctor runs",
     .remediation =
         "The SMU says the GPU is held below its clocks now (temperature, power or current "
         "limits), before any benchmark. Keep the node in service and watch it; look at the "
         "node's cooling (fans, inlet temperature, blocked airflow) and power capping, and "
         "compare with the other GPUs of the node.",
     .commands = kThrottleCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "Keep the node in service; check its cooling and power capping and watch the "
                  "GPU."},
    {.code = "hardware.throttle.thermal_residency",
     .severity = Status::kWarn,
     .title = "A GPU has spent time thermally throttled or with PROCHOT asserted",
     .remediation =
         "The accumulated throttler residencies of the gpu_metrics table are above zero for "
         "temperature (socket, voltage regulator, HBM) or PROCHOT: the GPU has run slower than it "
         "should because of heat. Keep it in service, check the cooling, and watch whether the "
         "share grows.",
     .commands = kThrottleCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "Keep the node in service; check its cooling and watch whether the thermal "
                  "share grows."},
    {.code = "hardware.throttle.metrics_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's gpu_metrics table could not be read",
     .remediation =
         "The file exists but gave no table: a read error (the SMU busy or in reset) or a size "
         "that does not match its header. Run again; a table of a newer revision than this "
         "rocm-doctor knows is reported as not judged, not as this.",
     .commands = kReadCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.throttle",
                          .layer = Layer::kHardware,
                          .title = "Throttling at rest",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

std::string Percent(std::uint64_t part, std::uint64_t whole) {
  return hardware::Fixed(100.0 * static_cast<double>(part) / static_cast<double>(whole), 2) + "%";
}

// Thermal and PROCHOT residencies of a v1.6 table: "socket 120, hbm 4" (cycles); empty if none.
std::string ThermalResidency(const GpuMetrics& m, std::uint64_t& total) {
  std::string out;
  const std::pair<const char*, const std::optional<std::uint32_t>*> fields[] = {
      {"prochot", &m.prochot_residency},
      {"socket thermal", &m.socket_thermal_residency},
      {"VR thermal", &m.vr_thermal_residency},
      {"HBM thermal", &m.hbm_thermal_residency}};
  for (const auto& [name, value] : fields) {
    if (!value->has_value() || **value == 0) continue;
    total = std::max<std::uint64_t>(total, **value);
    out += (out.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(**value);
  }
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  const GpuMetricsFacts& facts = ctx.facts.Get<GpuMetricsFacts>();
  if (facts.devices.empty()) return CheckOutcome::Skip("no GPU exports gpu_metrics");
  std::vector<Finding> findings;
  std::vector<Evidence> evidence;
  std::vector<std::string> not_judged;
  std::size_t judged = 0;
  for (const GpuMetricsDevice& dev : facts.devices) {
    const Fact<GpuMetrics>& f = dev.metrics;
    const std::map<std::string, std::string> params = {{"bdf", dev.bdf}};
    if (!f.known()) {
      // A newer layout is null, not guessed, and not a fault of the GPU.
      if (f.error.find("newer than") != std::string::npos ||
          f.error.find("is not read") != std::string::npos) {
        not_judged.push_back(dev.bdf + ": " + f.error);
        continue;
      }
      findings.push_back(MakeFinding("hardware.throttle.metrics_unreadable",
                                     "The gpu_metrics table of GPU " + dev.bdf +
                                         " could not be read: " + f.error + ".",
                                     {{f.source, f.error, "a gpu_metrics table"}}, params));
      continue;
    }
    ++judged;
    const GpuMetrics& m = *f;
    const std::string activity = m.gfx_activity_percent
                                     ? std::to_string(*m.gfx_activity_percent) + "% busy"
                                     : "activity not reported";
    const bool throttled = (m.throttle_status && *m.throttle_status != 0) ||
                           (m.indep_throttle_status && *m.indep_throttle_status != 0);
    std::string bits = "throttle_status " +
                       (m.throttle_status ? hardware::Hex(*m.throttle_status, 8) : "not reported");
    if (m.indep_throttle_status) {
      bits += ", indep_throttle_status " + hardware::Hex(*m.indep_throttle_status, 16);
    }
    if (throttled) {
      findings.push_back(MakeFinding(
          "hardware.throttle.active_at_rest",
          "GPU " + dev.bdf + " reports throttling (" + bits + ") while " + activity +
              " (gpu_metrics " + m.Revision() + ").",
          {{f.source, bits, "throttle_status 0x00000000"}}, params));
    }
    std::uint64_t worst = 0;
    std::string residency = ThermalResidency(m, worst);
    if (!residency.empty()) {
      std::string share = m.accumulation_counter && *m.accumulation_counter > 0
                              ? " (up to " + Percent(worst, *m.accumulation_counter) + " of " +
                                    std::to_string(*m.accumulation_counter) + " cycles)"
                              : "";
      findings.push_back(MakeFinding(
          "hardware.throttle.thermal_residency",
          "GPU " + dev.bdf + " has accumulated thermal throttling: " + residency + share + ".",
          {{f.source, residency, "0"}}, params));
    }
    evidence.push_back({f.source, "gpu_metrics " + m.Revision() + ": " + bits + ", " + activity,
                        "throttle_status 0x00000000"});
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  std::string extra;
  for (const std::string& s : not_judged) extra += "; not judged: " + s;
  if (judged == 0) return CheckOutcome::Skip("no gpu_metrics table this build can read" + extra);
  return CheckOutcome::Pass("no throttling at rest on " + std::to_string(judged) + " GPU" +
                                (judged == 1 ? "" : "s") + extra,
                            std::move(evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
