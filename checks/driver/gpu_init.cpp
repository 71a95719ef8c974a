// SPDX-License-Identifier: MIT
// driver.gpu_init: with amdgpu loaded, did each AMD GPU come up? amdgpu must be bound to it and
// have registered its DRM card, and the module must be live. Whether KFD added a compute node
// for it is judged by driver.kfd_topology; this check names the node in its summary.
#include <cstdio>
#include <string>

#include "../hardware/gpu_label.h"
#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.amdgpu", "driver.firmware"};
constexpr std::string_view kInitFailedCommands[] = {
    "sudo dmesg | grep -iE '{bdf}|amdgpu|kfd'  # needs root",
};

constexpr std::string_view kNoBarSpaceCommands[] = {
    "sudo dmesg | grep -iE 'BAR|no space|failed to assign|{bdf}'  # needs root",
    "sudo lspci -vv -s {bdf} | grep -iE 'Region|BAR'  # needs root",
    "cat /sys/class/dmi/id/bios_version /sys/class/dmi/id/bios_date",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.amdgpu.init_failed",
     .severity = Status::kFail,
     .title = "amdgpu is loaded but the GPU did not come up",
     .remediation = "amdgpu tried to initialise the GPU and gave up (it is not bound, or has no "
                    "DRM card, or the module never went live). The kernel log lines quoted as "
                    "evidence name the failing step: missing firmware (install linux-firmware and "
                    "rebuild the initramfs), a device the kernel is too old for (a newer kernel "
                    "or amdgpu-dkms), or a hardware/BIOS problem. Reboot after the fix.",
     .commands = kInitFailedCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.amdgpu.probe_no_bar_space",
     .severity = Status::kFail,
     .title = "amdgpu could not map the GPU's memory (probe failed with error -12)",
     .remediation =
         "The probe failed with -12 (ENOMEM) before the GPU came up: the firmware "
         "left no room in the PCI address space for the GPU's BARs, typical of large "
         "data-centre or workstation GPUs (MI50, MI100, MI210) on desktop boards. Enable "
         "'Above 4G Decoding' (and Resizable BAR where offered) in the firmware setup; "
         "when the setup has no such option, update the BIOS first "
         "(lamikr/rocm_sdk_builder#180: BIOS update plus Above 4G decoding). Then "
         "reboot.",
     .commands = kNoBarSpaceCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.gpu_init.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell whether the GPU came up",
     .remediation = "The module state (/sys/module/amdgpu/initstate) could not be read. Run "
                    "rocm-doctor as root."},
};

constexpr CheckInfo kInfo{.id = "driver.gpu_init",
                          .layer = Layer::kDriver,
                          .title = "GPU initialisation",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

using Kind = KernelLogEvent::Kind;

// The kernel's account of this GPU's failed init: its own lines, and failure lines that name
// no device (some init messages are pr_err without a device prefix).
void AddLogEvidence(const KernelLogFacts& log, const std::string& bdf,
                    std::vector<Evidence>& evidence, std::string& first_line) {
  for (const KernelLogEvent& e : log.events) {
    bool failed = e.kind == Kind::kInitFailed || e.kind == Kind::kProbeNoMemory;
    if (!(failed || e.kind == Kind::kFirmwareLoadFailed) || !(e.bdf == bdf || e.bdf.empty())) {
      continue;
    }
    evidence.push_back({log.source, e.line, ""});
    if (first_line.empty() && failed) first_line = e.line;
  }
}

std::string LogHint(const KernelLogFacts& log, const std::string& first_line,
                    const PciDevice& gpu) {
  if (!first_line.empty()) return "; the kernel log says: " + first_line;
  if (log.not_recorded) return " (the kernel log is not in this capture)";
  if (!log.readable) return " (the kernel log could not be read: " + log.error + ")";
  char id[8] = "?";
  if (gpu.device_id.known()) std::snprintf(id, sizeof id, "%04x", *gpu.device_id);
  return std::string(
             "; the kernel log shows no failed probe: this kernel's amdgpu may not know "
             "device 0x") +
         id + " (a newer kernel or amdgpu-dkms is needed)";
}

// kProbeNoMemory: the probe failed with -12, amdgpu_device_init()'s -ENOMEM when it cannot
// ioremap the register or doorbell BARs, which the PCI core could not assign ("BAR 0: no space
// for [mem ...]"); kernel_log_parse.cpp recognises the line.
bool ProbeFailedForBarSpace(const KernelLogFacts& log, const std::string& bdf) {
  for (const KernelLogEvent& e : log.events) {
    if (e.kind == Kind::kProbeNoMemory && (e.bdf == bdf || e.bdf.empty())) return true;
  }
  return false;
}

Finding InitFailed(const std::string& bdf, std::string message, std::vector<Evidence> evidence) {
  return MakeFinding("driver.amdgpu.init_failed", std::move(message), std::move(evidence),
                     {{"bdf", bdf}});
}

std::string KfdNote(const KfdTopology& kfd, const std::string& bdf) {
  for (const KfdNode* node : kfd.GpuNodes()) {
    if (node->PciBdf() != bdf) continue;
    std::string gfx = node->GfxTarget();
    return ", KFD node " + std::to_string(node->index) + (gfx.empty() ? "" : " (" + gfx + ")");
  }
  return kfd.present ? ", no KFD node" : "";
}

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU on the PCI bus");
  const KernelFacts& k = ctx.facts.Kernel();
  const KernelLogFacts& log = ctx.facts.KernelLog();
  bool loaded = driver::AmdgpuPresent(k);
  std::vector<Finding> findings;

  // rocminfo's own test: a loaded module whose initstate is not "live" ("coming", "going") has
  // not finished (or is undoing) its init.
  bool is_module = k.amdgpu_in_proc_modules.known() && *k.amdgpu_in_proc_modules;
  if (is_module && k.amdgpu_initstate.known() && *k.amdgpu_initstate != "live") {
    std::vector<Evidence> evidence{{k.amdgpu_initstate.source, *k.amdgpu_initstate, "live"}};
    if (k.amdgpu_module_state.known()) {
      evidence.push_back({k.amdgpu_module_state.source, *k.amdgpu_module_state, "Live"});
    }
    std::string first;
    AddLogEvidence(log, "", evidence, first);
    findings.push_back(InitFailed(gpus.front()->bdf,
                                  "amdgpu is loaded but " + k.amdgpu_initstate.source + " is '" +
                                      *k.amdgpu_initstate +
                                      "', not 'live': the module has not finished initialising",
                                  std::move(evidence)));
  } else if (is_module && !k.amdgpu_initstate.known() && k.amdgpu_module_dir.known() &&
             *k.amdgpu_module_dir && !parse::StartsWith(k.amdgpu_initstate.error, "not found")) {
    findings.push_back(
        MakeFinding("driver.gpu_init.unknown",
                    "Cannot read " + k.amdgpu_initstate.source + ": " + k.amdgpu_initstate.error,
                    {{k.amdgpu_initstate.source, k.amdgpu_initstate.error, "live"}}));
  }

  std::vector<std::string> up;
  hardware::GpuPassEvidence up_evidence;  // each GPU's DRM cards as listed
  for (const PciDevice* gpu : gpus) {
    if (!gpu->driver.known()) continue;  // driver.amdgpu reports it
    bool bound = *gpu->driver == "amdgpu";
    if (!bound && !(gpu->driver->empty() && loaded)) continue;  // another driver: not ours
    std::vector<Evidence> evidence;
    std::string first;
    if (!bound) {
      evidence.push_back({gpu->driver.source, "no driver", "amdgpu"});
      AddLogEvidence(log, gpu->bdf, evidence, first);
      if (ProbeFailedForBarSpace(log, gpu->bdf)) {
        findings.push_back(MakeFinding(
            "driver.amdgpu.probe_no_bar_space",
            "amdgpu could not map " + gpu->bdf +
                ": its probe failed with error -12 (ENOMEM), the firmware left no PCI address "
                "space for the GPU's BARs" +
                LogHint(log, first, *gpu),
            std::move(evidence), {{"bdf", gpu->bdf}}));
        continue;
      }
      findings.push_back(InitFailed(
          gpu->bdf, "amdgpu is loaded but not bound to " + gpu->bdf + LogHint(log, first, *gpu),
          std::move(evidence)));
      continue;
    }
    if (gpu->drm_cards.empty()) {
      evidence.push_back({gpu->sysfs_path + "/drm", "no card", "cardN"});
      AddLogEvidence(log, gpu->bdf, evidence, first);
      findings.push_back(
          InitFailed(gpu->bdf,
                     "amdgpu is bound to " + gpu->bdf + " but registered no DRM card for it" +
                         (first.empty() ? std::string() : "; the kernel log says: " + first),
                     std::move(evidence)));
      continue;
    }
    up.push_back(gpu->bdf + ": " + driver::Join(gpu->drm_cards) +
                 KfdNote(ctx.facts.Kfd(), gpu->bdf));
    up_evidence.Add(gpu->bdf, {{gpu->sysfs_path + "/drm", driver::Join(gpu->drm_cards), "cardN"}},
                    driver::Join(gpu->drm_cards));
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  if (up.empty()) return CheckOutcome::Skip("amdgpu drives no AMD GPU here");
  std::vector<Evidence> evidence = up_evidence.Take();
  if (k.amdgpu_initstate.known()) {
    evidence.insert(evidence.begin(), {k.amdgpu_initstate.source, *k.amdgpu_initstate, "live"});
  }
  if (up.size() > 2) {
    return CheckOutcome::Pass(std::to_string(up.size()) + " GPUs up (DRM card each)",
                              std::move(evidence));
  }
  return CheckOutcome::Pass(driver::Join(up, "; "), std::move(evidence));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
