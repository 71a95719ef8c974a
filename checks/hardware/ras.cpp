// SPDX-License-Identifier: MIT
// hardware.ras: uncorrectable ECC/RAS errors counted by amdgpu (device/ras/<block>_err_count,
// amdgpu_ras.c; present on RAS-capable GPUs - Instinct, some Radeon PRO - with ras_enable != 0).
#include <optional>
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/ras.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kRasCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/ras/*_err_count",
    "sudo cat /sys/bus/pci/devices/{bdf}/ras/gpu_vram_bad_pages  # needs root",
    "sudo dmesg | grep -iE 'amdgpu.*(ras|ecc|poison|uncorrectable)'  # needs root",
};
constexpr std::string_view kRasReadCommands[] = {"ls -l /sys/bus/pci/devices/{bdf}/ras/"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.ras.uncorrectable",
     .severity = Status::kFail,
     .title = "A GPU reports uncorrectable ECC/RAS errors",
     .remediation =
         "Uncorrectable errors mean data on the GPU was corrupted. Stop the workload, look at the "
         "kernel log and the retired-page list, and run the vendor's diagnostics. amdgpu retires "
         "bad VRAM pages itself; if uncorrectable errors come back after a reboot, or the bad-page "
         "count keeps growing, the GPU needs replacement (RMA).",
     .commands = kRasCommands,
     .requires_root = true,
     // The <block>_err_count counters start at 0 at each driver load (amdgpu_ras.c): a UE
     // counted there happened since this boot, a current error, not history (issue 18).
     .action = FindingAction::kIsolate,
     .next_step = "drain the node, read the kernel log and the retired-page list, then decide "
                  "reset or RMA"},
    {.code = "hardware.ras.correctable_rate",
     .severity = Status::kWarn,
     .title = "A GPU corrects ECC/RAS errors often",
     .remediation =
         "The GPU corrects its memory or link errors, so no data was lost, but at this rate a "
         "part is degrading: uncorrectable errors and page retirements tend to follow. Keep the "
         "node in service, watch the counters and the retired-page list, and plan maintenance "
         "if the rate keeps up.",
     .commands = kRasCommands,
     .requires_root = true,
     .action = FindingAction::kMonitor,
     .next_step = "keep the node in service and watch the counters and retired pages"},
    {.code = "hardware.ras.unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's RAS error counters could not be read",
     .remediation =
         "The counters under device/ras/ exist but gave no value (permission, or 'Query currently "
         "inaccessible' during a GPU reset). Run again later, as root.",
     .commands = kRasReadCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.ras",
                          .layer = Layer::kHardware,
                          .title = "ECC / RAS errors",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

// The XGMI WAFL block's counters (ras/xgmi_wafl_err_count) are hardware.xgmi_errors' to judge:
// a WAFL error takes down the link of a whole hive, whose reset that check names
// (hardware.xgmi.wafl_*). Counted here too, one fault gave two root causes
// (tests/machines/mi308x-xgmi-wafl-errors).
bool JudgedByXgmiErrors(const RasCounter& c) { return c.block == "xgmi_wafl"; }

Evidence CounterEvidence(const RasCounter& c) {
  auto count = [](const Fact<std::uint64_t>& f) {
    return f.known() ? std::to_string(*f) : std::string("unknown");
  };
  std::string observed = "ue: " + count(c.uncorrectable) + ", ce: " + count(c.correctable);
  if (c.deferred.known()) observed += ", de: " + count(c.deferred);
  if (!c.uncorrectable.known()) observed += " (" + c.uncorrectable.error + ")";
  return {c.source, observed, "ue: 0"};
}

// One GPU's counters as a pass shows them: "ue: 0 in 11 blocks (umc, sdma, gfx and 8 more),
// ce: 0".
Evidence CountersEvidence(const PciDevice& dev, std::uint64_t correctable) {
  std::vector<std::string> blocks;
  std::uint64_t ue = 0;
  for (const RasCounter& c : dev.ras) {
    if (!c.uncorrectable.known() || JudgedByXgmiErrors(c)) continue;  // not reported / not ours
    blocks.push_back(c.block);
    ue += *c.uncorrectable;
  }
  return {dev.sysfs_path + "/ras/<block>_err_count",
          "ue: " + std::to_string(ue) + " in " + std::to_string(blocks.size()) + " blocks (" +
              text::ShortList(blocks, 3) + "), ce: " + std::to_string(correctable),
          "ue: 0"};
}

struct GpuRas {
  std::vector<std::string> uncorrectable;  // "umc 2"
  std::vector<std::string> unreadable;     // "umc: <why>"
  std::vector<Evidence> evidence;
  std::uint64_t correctable = 0;
  std::uint64_t wafl_uncorrectable = 0;  // left to hardware.xgmi_errors, named in the summary
};

GpuRas Tally(const PciDevice& dev) {
  GpuRas out;
  for (const RasCounter& c : dev.ras) {
    if (JudgedByXgmiErrors(c)) {
      if (c.uncorrectable.known()) out.wafl_uncorrectable += *c.uncorrectable;
      continue;
    }
    if (c.uncorrectable.known() && *c.uncorrectable > 0) {
      out.uncorrectable.push_back(c.block + " " + std::to_string(*c.uncorrectable));
      out.evidence.push_back(CounterEvidence(c));
    } else if (!c.uncorrectable.known() && !NotReported(c.uncorrectable.error)) {
      out.unreadable.push_back(c.block + ": " + c.uncorrectable.error);
      out.evidence.push_back(CounterEvidence(c));
    }
    if (c.correctable.known()) out.correctable += *c.correctable;
  }
  return out;
}

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Correctable errors worth watching: at least kMinCorrectable since the driver loaded and at
// least kCorrectablePerHour per hour of uptime (rocm-doctor's threshold, not the driver's; the
// counters start at 0 at driver load, the uptime at boot, so the rate is a lower bound). Without
// the uptime no rate is judged.
constexpr std::uint64_t kMinCorrectable = 10;
constexpr double kCorrectablePerHour = 1.0;

std::optional<Finding> CorrectableRate(const PciDevice& dev, const std::string& gpu,
                                       std::uint64_t correctable, const Fact<double>& uptime) {
  if (!uptime.known() || *uptime <= 0 || correctable < kMinCorrectable) return std::nullopt;
  const double hours = *uptime / 3600.0;
  const double rate = static_cast<double>(correctable) / hours;
  if (rate < kCorrectablePerHour) return std::nullopt;
  return MakeFinding("hardware.ras.correctable_rate",
                     gpu + " corrected " + std::to_string(correctable) + " RAS errors, " +
                         hardware::Fixed(rate, 1) + " per hour over " +
                         hardware::Fixed(hours, 1) + " h since boot (" + uptime.source + ").",
                     {{dev.sysfs_path + "/ras/<block>_err_count",
                       "ce: " + std::to_string(correctable), "under 1 per hour"},
                      {uptime.source, hardware::Fixed(*uptime, 0) + " s", {}}},
                     {{"bdf", dev.bdf}});
}

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU to judge");
  std::vector<Finding> findings;
  std::size_t with_ras = 0;
  std::uint64_t correctable = 0;
  std::uint64_t wafl_uncorrectable = 0;
  std::vector<std::string> correctable_at;  // "0000:c1:00.0: 12"
  hardware::GpuPassEvidence evidence;       // each GPU's counters, in one line
  for (const PciDevice* dev : gpus) {
    std::string gpu = hardware::Describe(*dev, ctx);
    if (!dev->ras_error.empty()) {
      findings.push_back(MakeFinding(
          "hardware.ras.unreadable",
          "The RAS counters of " + gpu + " could not be listed: " + dev->ras_error + ".",
          {{dev->sysfs_path + "/ras", dev->ras_error, "a readable directory"}},
          {{"bdf", dev->bdf}}));
      continue;
    }
    if (dev->ras.empty()) continue;
    ++with_ras;
    GpuRas ras = Tally(*dev);
    correctable += ras.correctable;
    wafl_uncorrectable += ras.wafl_uncorrectable;
    if (ras.correctable > 0) {
      correctable_at.push_back(dev->bdf + ": " + std::to_string(ras.correctable));
    }
    evidence.Add(dev->bdf, {CountersEvidence(*dev, ras.correctable)},
                 "ue: 0, ce: " + std::to_string(ras.correctable));
    std::string ce_note =
        ras.correctable > 0 ? " Correctable errors: " + std::to_string(ras.correctable) + "." : "";
    if (std::optional<Finding> rate = CorrectableRate(
            *dev, gpu, ras.correctable, ctx.facts.Get<RasFacts>().uptime_seconds)) {
      findings.push_back(std::move(*rate));
    }
    if (!ras.uncorrectable.empty()) {
      findings.push_back(
          MakeFinding("hardware.ras.uncorrectable",
                      gpu + " reports uncorrectable RAS errors: " + Join(ras.uncorrectable) + " (" +
                          dev->sysfs_path + "/ras/<block>_err_count)." + ce_note,
                      ras.evidence, {{"bdf", dev->bdf}}));
    } else if (!ras.unreadable.empty()) {
      findings.push_back(MakeFinding(
          "hardware.ras.unreadable",
          "Some RAS counters of " + gpu + " gave no value: " + Join(ras.unreadable) + ".",
          ras.evidence, {{"bdf", dev->bdf}}));
    }
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  if (with_ras == 0) {
    return CheckOutcome::Skip("no RAS counters (not a RAS-capable GPU or ras_enable=0)");
  }
  std::string summary = "no uncorrectable errors on " + std::to_string(with_ras) + " GPU" +
                        (with_ras == 1 ? "" : "s");
  if (wafl_uncorrectable > 0) {
    // Not "none" while the WAFL counters hold some: say where they are judged.
    summary += " outside the XGMI WAFL block (its " + std::to_string(wafl_uncorrectable) +
               ": hardware.xgmi_errors)";
  }
  if (correctable > 0) {
    summary += "; " + std::to_string(correctable) + " correctable (" + Join(correctable_at) + ")";
  }
  return CheckOutcome::Pass(summary, evidence.Take());
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
