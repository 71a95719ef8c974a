// SPDX-License-Identifier: MIT
// driver.firmware: amdgpu firmware that failed to load, from the kernel log. A failure counts
// when its GPU did not come up; an optional blob (PSP trusted applications, *_ta.bin) or a GPU
// that initialised anyway is only noted (ROCm/ROCm#912: vega20_ta.bin missing is harmless).
#include <algorithm>
#include <map>
#include <string>

#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kFirmwareCommands[] = {
    "ls -l /lib/firmware/{firmware}*",
    "sudo apt install --reinstall firmware-amd-graphics  # needs root; Ubuntu: linux-firmware; "
    "Fedora: sudo dnf reinstall amd-gpu-firmware linux-firmware",
    "sudo update-initramfs -u  # needs root; then reboot; Fedora/RHEL: sudo dracut -f",
};
constexpr std::string_view kKernelLogCommands[] = {
    "sudo rocm-doctor check  # needs root",
    "sudo sysctl kernel.dmesg_restrict=0  # needs root; lets every user read the kernel log until "
    "reboot",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.firmware.missing",
     .severity = Status::kFail,
     .title = "amdgpu firmware failed to load",
     .remediation = "amdgpu needs GPU-specific firmware from /lib/firmware/amdgpu (or from the "
                    "initramfs, which holds its own copy). The installed firmware package is too "
                    "old for this GPU, or the file is missing from the initramfs. Install or "
                    "update the firmware package, rebuild the initramfs and reboot.",
     .commands = kFirmwareCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.firmware.optional_missing",
     .severity = Status::kInfo,
     .title = "Optional amdgpu firmware did not load",
     .remediation = "A firmware file failed to load but the GPU initialised anyway (PSP trusted "
                    "applications such as vega20_ta.bin are optional). Nothing to do for ROCm."},
    {.code = "driver.firmware.unknown",
     .severity = Status::kUnknown,
     .title = "Could not check amdgpu firmware loading",
     .remediation = "The kernel log could not be read, and it is where firmware failures show. "
                    "Run rocm-doctor as root.",
     .commands = kKernelLogCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.firmware",
                          .layer = Layer::kDriver,
                          .title = "GPU firmware",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// PSP trusted-application firmware ("vega20_ta.bin", "psp_13_0_0_ta.bin"): amdgpu continues
// without it; only content protection / RAS TA features are lost.
bool IsOptionalFirmware(const std::string& name) {
  return parse::Contains(name, "_ta.bin") || parse::Contains(name, "_ta_");
}

bool CameUp(const PciDevice& gpu) {
  return gpu.driver.known() && *gpu.driver == "amdgpu" && !gpu.drm_cards.empty();
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelLogFacts& log = ctx.facts.KernelLog();
  if (log.not_recorded) return CheckOutcome::Skip("not recorded in this capture");
  if (!log.readable) {
    std::string source = log.source.empty() ? "the kernel log" : log.source;
    return CheckOutcome::FromFindings(
        {MakeFinding("driver.firmware.unknown",
                     "Cannot tell whether amdgpu firmware loaded: " + source + " is unreadable (" +
                         log.error + ")",
                     {{source, log.error, "readable"}})});
  }
  std::map<std::string, const PciDevice*> by_bdf;
  bool all_up = true;
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  for (const PciDevice* gpu : gpus) {
    by_bdf[gpu->bdf] = gpu;
    all_up &= CameUp(*gpu);
  }
  // One finding per GPU (a failed load is logged by the firmware loader and again by amdgpu).
  struct Failures {
    std::vector<std::string> required;  // distinct files, in log order
    std::vector<std::string> optional;
    std::vector<Evidence> evidence;
  };
  std::map<std::string, Failures> by_gpu;
  for (const KernelLogEvent* e :
       driver::EventsFor(log, KernelLogEvent::Kind::kFirmwareLoadFailed, "")) {
    Failures& f = by_gpu[e->bdf];
    std::string firmware = e->firmware.empty() ? "amdgpu/" : e->firmware;
    std::vector<std::string>& list = IsOptionalFirmware(firmware) ? f.optional : f.required;
    if (std::find(list.begin(), list.end(), firmware) == list.end()) list.push_back(firmware);
    f.evidence.push_back({log.source, e->line, ""});
  }
  std::vector<Finding> findings;
  for (auto& [bdf, f] : by_gpu) {
    auto it = by_bdf.find(bdf);
    bool up = it != by_bdf.end() ? CameUp(*it->second) : (bdf.empty() && all_up && !gpus.empty());
    std::string who = bdf.empty() ? "amdgpu" : bdf;
    std::vector<std::string> all = f.required;
    all.insert(all.end(), f.optional.begin(), f.optional.end());
    std::map<std::string, std::string> params{{"firmware", all.front()}, {"bdf", who}};
    if (f.required.empty() || up) {
      std::string why =
          up ? who + " initialised anyway" : "it is optional (PSP trusted application)";
      findings.push_back(
          MakeFinding("driver.firmware.optional_missing",
                      "Firmware " + driver::Join(all) + " did not load for " + who + "; " + why,
                      std::move(f.evidence), std::move(params)));
      continue;
    }
    params["firmware"] = f.required.front();
    if (it != by_bdf.end()) {
      const Fact<std::string>& drv = it->second->driver;
      f.evidence.push_back(
          {drv.source, drv.known() && !drv->empty() ? *drv : "no driver", "amdgpu"});
    }
    findings.push_back(MakeFinding(
        "driver.firmware.missing",
        "amdgpu could not load firmware " + driver::Join(f.required) + " for " + who +
            " and the GPU did not come up: the firmware package (or the initramfs copy of it) "
            "lacks " +
            (f.required.size() == 1 ? "this file" : "these files"),
        std::move(f.evidence), std::move(params)));
  }
  if (findings.empty()) {
    return CheckOutcome::Pass(
        "no firmware load failures in " + std::to_string(log.line_count) + " log lines",
        {{log.source, std::to_string(log.line_count) + " lines, no firmware load failure", ""}});
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
