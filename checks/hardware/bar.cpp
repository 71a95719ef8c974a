// SPDX-License-Identifier: MIT
// hardware.bar: how much of each discrete GPU's VRAM the CPU can map (the PCI BAR). amdgpu
// reports it as mem_info_vis_vram_total next to mem_info_vram_total (amdgpu_vram_mgr.c, bytes).
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

using hardware::Mib;

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kBarCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -iA4 'Resizable BAR'  # needs root",
};
constexpr std::string_view kBarReadCommands[] = {
    "ls -l /sys/bus/pci/devices/{bdf}/mem_info_vram_total "
    "/sys/bus/pci/devices/{bdf}/mem_info_vis_vram_total",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.bar.small",
     .severity = Status::kWarn,
     .title = "Only part of the GPU's VRAM is visible to the CPU (small BAR)",
     .remediation =
         "Enable 'Above 4G Decoding' and 'Resizable BAR' (Re-Size BAR Support) in the firmware "
         "setup; both need UEFI boot with CSM off. Then reboot. ROCm runs with a small BAR, but "
         "host-visible VRAM allocations are limited to that window and host transfers are "
         "slower.",
     .commands = kBarCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "hardware.bar.unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's VRAM sizes could not be read",
     .remediation = "Run rocm-doctor where the GPU's amdgpu sysfs attributes are readable.",
     .commands = kBarReadCommands},
};

constexpr CheckInfo kInfo{.id = "hardware.bar",
                          .layer = Layer::kHardware,
                          .title = "CPU-visible VRAM (BAR)",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

std::vector<Evidence> BarEvidence(const PciDevice& dev, double min_fraction) {
  auto mib = [](std::uint64_t v) { return Mib(v) + " (" + std::to_string(v) + " bytes)"; };
  std::string expected;
  if (dev.vram_total_bytes.known()) {
    expected =
        "at least " + hardware::Fixed(min_fraction * 100, 0) + "% of " + Mib(*dev.vram_total_bytes);
  }
  return {hardware::EvidenceOf(dev.vis_vram_total_bytes, mib, expected),
          hardware::EvidenceOf(dev.vram_total_bytes, mib)};
}

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU to judge");
  double min_fraction = ctx.options.min_visible_vram_fraction;
  std::vector<Finding> findings;
  std::vector<std::string> healthy;    // "16368 MiB of 16368 MiB"
  std::vector<std::string> absent;     // BDFs without the attributes
  hardware::GpuPassEvidence evidence;  // the two sizes of each healthy GPU
  std::size_t apus = 0;
  bool problem = false;
  for (const PciDevice* dev : gpus) {
    if (hardware::IsApu(ctx, *dev)) {
      ++apus;  // VRAM of an APU is a carve-out of system RAM; there is no BAR to size
      continue;
    }
    const Fact<std::uint64_t>& vis = dev->vis_vram_total_bytes;
    const Fact<std::uint64_t>& total = dev->vram_total_bytes;
    if (!vis.known() || !total.known()) {
      const std::string& error = !vis.known() ? vis.error : total.error;
      if (NotReported(error)) {
        absent.push_back(dev->bdf);
        continue;
      }
      problem = true;
      findings.push_back(MakeFinding("hardware.bar.unreadable",
                                     "The VRAM sizes of " + hardware::Describe(*dev, ctx) +
                                         " could not be read: " + error + ".",
                                     BarEvidence(*dev, min_fraction), {{"bdf", dev->bdf}}));
      continue;
    }
    if (*total == 0) {
      absent.push_back(dev->bdf);  // no dedicated VRAM reported
      continue;
    }
    double fraction = static_cast<double>(*vis) / static_cast<double>(*total);
    std::string sizes = Mib(*vis) + " of " + Mib(*total);
    if (fraction >= min_fraction) {
      healthy.push_back(sizes);
      evidence.Add(dev->bdf, BarEvidence(*dev, min_fraction), sizes + " visible");
      continue;
    }
    problem = true;
    findings.push_back(MakeFinding(
        "hardware.bar.small",
        "Only " + Mib(*vis) + " of the " + Mib(*total) + " VRAM of " +
            hardware::Describe(*dev, ctx) +
            " is visible to the CPU (mem_info_vis_vram_total): large BAR is off. Enable Above 4G "
            "Decoding and Resizable BAR in the firmware setup, then reboot.",
        BarEvidence(*dev, min_fraction),
        {{"bdf", dev->bdf},
         {"visible_mib", std::to_string(*vis >> 20)},
         {"vram_mib", std::to_string(*total >> 20)}}));
  }
  if (problem) return CheckOutcome::FromFindings(std::move(findings));
  if (healthy.empty()) {
    if (absent.empty()) {
      return CheckOutcome::Skip("integrated GPUs (APUs) share system memory: no BAR to judge");
    }
    std::string bdfs;
    for (const std::string& b : absent) bdfs += (bdfs.empty() ? "" : ", ") + b;
    return CheckOutcome::Skip("no mem_info_vram_total / mem_info_vis_vram_total for " + bdfs +
                              " (amdgpu not bound)");
  }
  std::string summary = healthy.size() == 1 ? healthy.front() + " VRAM visible to the CPU"
                                            : std::to_string(healthy.size()) +
                                                  " GPUs with their VRAM visible "
                                                  "to the CPU (large BAR)";
  if (!absent.empty()) summary += "; " + std::to_string(absent.size()) + " not reported";
  if (apus > 0) summary += "; " + std::to_string(apus) + " APU(s) not judged";
  return CheckOutcome::Pass(summary, evidence.Take());
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
