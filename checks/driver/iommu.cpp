// SPDX-License-Identifier: MIT
// driver.iommu: on multi-GPU hosts ROCm asks for the IOMMU in passthrough mode (iommu=pt).
// The kernel's own record is each device's IOMMU group type (sysfs-kernel-iommu_groups:
// "identity" = passthrough, "DMA"/"DMA-FQ" = translated); the command line is the fallback.
#include <string>

#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kIommuCommands[] = {
    "sudoedit /etc/default/grub  # needs root; add iommu=pt to GRUB_CMDLINE_LINUX",
    "sudo update-grub  # needs root; then reboot; Fedora/RHEL instead: sudo grubby "
    "--update-kernel=ALL --args=iommu=pt",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.iommu.not_passthrough",
     .severity = Status::kWarn,
     .title = "Several GPUs with the IOMMU translating DMA",
     .remediation = "With the IOMMU in translated mode every GPU DMA goes through address "
                    "translation, a known cause of hangs and slow peer-to-peer transfers on "
                    "multi-GPU ROCm hosts. ROCm's install guide asks for iommu=pt on the kernel "
                    "command line. Reboot after the change.",
     .commands = kIommuCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.iommu.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell the IOMMU mode",
     .remediation = "Neither /sys/kernel/iommu_groups nor /proc/cmdline could be read."},
};

constexpr CheckInfo kInfo{.id = "driver.iommu",
                          .layer = Layer::kDriver,
                          .title = "IOMMU mode",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// GPUs quoted as a pass's evidence at most; a count follows when there are more.
constexpr std::size_t kMaxPassEvidence = 4;

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU on the PCI bus");
  if (gpus.size() < 2) {
    return CheckOutcome::Skip("one GPU: the IOMMU mode matters for multi-GPU hosts");
  }
  const KernelFacts& k = ctx.facts.Kernel();
  std::vector<std::string> translated;
  std::vector<std::string> undecided;
  std::vector<Evidence> evidence;
  std::vector<Evidence> pass_evidence;  // what a pass rests on, one entry per GPU at most
  for (const PciDevice* gpu : gpus) {
    auto it = k.iommu_group_type.find(gpu->bdf);
    if (it != k.iommu_group_type.end()) {
      Evidence group{std::string(paths::kIommuGroups) + " (group of " + gpu->bdf + ")/type",
                     it->second, "identity"};
      if (it->second != "identity") {
        translated.push_back(gpu->bdf);
        evidence.push_back(std::move(group));
      } else if (pass_evidence.size() < kMaxPassEvidence) {
        pass_evidence.push_back(std::move(group));
      }
      continue;
    }
    // No group at all, while groups exist: this device is not behind a translating IOMMU.
    if (k.iommu_groups_present.known()) {
      if (!*k.iommu_groups_present) {  // no IOMMU active: nothing translates
        if (pass_evidence.empty()) {
          pass_evidence.push_back({k.iommu_groups_present.source.empty()
                                       ? std::string(paths::kIommuGroups)
                                       : k.iommu_groups_present.source,
                                   "no IOMMU groups", ""});
        }
        continue;
      }
      if (!k.iommu_group_type.empty()) {
        if (pass_evidence.size() < kMaxPassEvidence) {
          pass_evidence.push_back({std::string(paths::kIommuGroups), "no group holds " + gpu->bdf,
                                   ""});
        }
        continue;
      }
    }
    undecided.push_back(gpu->bdf);
  }
  if (!undecided.empty()) {
    if (!k.iommu_passthrough.known()) {
      if (k.cmdline_not_found && ctx.facts.IsReplay()) {
        return CheckOutcome::Skip("neither IOMMU groups nor /proc/cmdline in this capture");
      }
      return CheckOutcome::FromFindings(
          {MakeFinding("driver.iommu.unknown",
                       "Cannot tell the IOMMU mode: " + k.iommu_groups_present.error + "; " +
                           k.iommu_passthrough.error,
                       {{k.iommu_groups_present.source, k.iommu_groups_present.error, "readable"},
                        {k.iommu_passthrough.source, k.iommu_passthrough.error, "readable"}})});
    }
    Evidence cmdline{k.iommu_passthrough.source, k.cmdline.known() ? *k.cmdline : "", "iommu=pt"};
    if (!*k.iommu_passthrough) {
      for (const std::string& bdf : undecided) translated.push_back(bdf);
      evidence.push_back(std::move(cmdline));
    } else {
      if (cmdline.observed.empty()) cmdline.observed = "iommu passthrough";
      pass_evidence.push_back(std::move(cmdline));
    }
  }
  if (translated.empty()) {
    if (gpus.size() > kMaxPassEvidence && !pass_evidence.empty()) {
      pass_evidence.push_back(
          {std::string(paths::kPciDevices), std::to_string(gpus.size()) + " AMD GPUs in all", ""});
    }
    return CheckOutcome::Pass(std::to_string(gpus.size()) + " GPUs, IOMMU passthrough or off",
                              std::move(pass_evidence));
  }
  return CheckOutcome::FromFindings(
      {MakeFinding("driver.iommu.not_passthrough",
                   std::to_string(gpus.size()) + " AMD GPUs and the IOMMU translates DMA for " +
                       driver::Join(translated) +
                       (undecided.empty() ? " (their IOMMU groups are not of type identity)"
                                          : " (no iommu=pt on the kernel command line)"),
                   std::move(evidence))});
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
