// SPDX-License-Identifier: MIT
// driver.gpu_health: did each AMD GPU stay usable after amdgpu brought it up? Failures after
// init leave the GPU bound, its DRM card and KFD node in place (driver.gpu_init passes) while the
// runtime cannot use it: a runtime PM resume that failed (power/runtime_status "error"; amdgpu's
// BACO/BOCO with amdgpu.runpm auto, ROCm/ROCm#6101, ROCm/TheRock#8232, ROCm/amdgpu#183), a
// resume whose IP blocks did not come back ("resume of IP block <smu> failed -5"), a GPU reset
// that failed. Ring timeouts and MES timeouts that a reset recovered are a warning.
#include <string>

#include "../hardware/gpu_label.h"
#include "post_init_failures.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.gpu_init"};
constexpr std::string_view kRuntimePmCommands[] = {
    "grep -H . /sys/bus/pci/drivers/amdgpu/*/power/runtime_status "
    "/sys/module/amdgpu/parameters/runpm",
    "sudoedit /etc/default/grub  # needs root; add amdgpu.runpm=0 to GRUB_CMDLINE_LINUX_DEFAULT",
    "sudo update-grub  # needs root; then reboot; Fedora/RHEL instead: sudo grubby "
    "--update-kernel=ALL --args=amdgpu.runpm=0",
};
constexpr std::string_view kResumeCommands[] = {
    "sudo dmesg | grep -iE 'resume|SMU|SMC|runtime'  # needs root",
    "cat /sys/module/amdgpu/parameters/runpm",
    "sudoedit /etc/default/grub  # needs root; add amdgpu.runpm=0 to GRUB_CMDLINE_LINUX_DEFAULT",
    "sudo update-grub  # needs root; then reboot; Fedora/RHEL instead: sudo grubby "
    "--update-kernel=ALL --args=amdgpu.runpm=0",
};
constexpr std::string_view kResetFailedCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu.*(timeout|reset|MES|hang)'  # needs root",
    "sudo reboot  # needs root",
};
constexpr std::string_view kHangCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu.*(timeout|reset|MES|hang)'  # needs root",
    "journalctl -k -b -1 | grep -iE 'amdgpu.*(timeout|reset|MES)'",
};
constexpr std::string_view kSuspendedCommands[] = {
    "grep -H . /sys/bus/pci/drivers/amdgpu/*/power/control "
    "/sys/bus/pci/drivers/amdgpu/*/power/runtime_status",
    "echo on | sudo tee /sys/bus/pci/drivers/amdgpu/*/power/control  # needs root; until reboot",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.gpu.runtime_pm_error",
     .severity = Status::kFail,
     .title = "The GPU is stuck in a failed runtime power-management transition",
     .remediation =
         "The kernel put the idle GPU into runtime suspend (amdgpu BACO/BOCO, allowed when the "
         "amdgpu.runpm parameter is -1 or 1) and could not bring it back: power/runtime_status "
         "reads 'error', the PM core refuses to resume it, and ROCm cannot open it (rocminfo: "
         "HSA_STATUS_ERROR_OUT_OF_RESOURCES; HIP: no device). Headless GPUs and GPUs behind "
         "external links (OCuLink, Thunderbolt) are prone to it. Boot with amdgpu.runpm=0 to keep "
         "the GPU out of runtime suspend (reported fixes: ROCm/ROCm#6101, ROCm/TheRock#8232); a "
         "reboot recovers the device now.",
     .commands = kRuntimePmCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.gpu.resume_failed",
     .severity = Status::kFail,
     .title = "The GPU failed to resume after a suspend",
     .remediation =
         "amdgpu could not bring the GPU's IP blocks back after a system or runtime suspend "
         "(the kernel log quoted names the block: an SMU that is 'not ready', a PSP or GFX "
         "block). The GPU stays bound but unusable until a reboot. When it follows a runtime "
         "suspend of an idle GPU (amdgpu.runpm not 0), boot with amdgpu.runpm=0; after a system "
         "suspend, avoid suspending the machine or update the kernel and GPU firmware.",
     .commands = kResumeCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.gpu.reset_failed",
     .severity = Status::kFail,
     .title = "A GPU reset failed",
     .remediation =
         "The GPU hung (ring or MES timeout) and amdgpu's reset did not bring it back, so the "
         "device is unusable until a reboot. Reboot; if it recurs, the kernel log lines before the "
         "reset name the workload's ring. Update the kernel (or amdgpu-dkms) and linux-firmware, "
         "which carry the GPU's scheduler firmware (MES).",
     .commands = kResetFailedCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.gpu.hangs",
     .severity = Status::kWarn,
     .title = "The GPU hung since boot",
     .remediation =
         "The kernel log shows ring timeouts, MES timeouts or GPU resets: a job hung the GPU and "
         "amdgpu reset it. The GPU works again if the reset succeeded, but work running at the "
         "time was lost. Recurring hangs point at the driver and firmware (update the kernel or "
         "amdgpu-dkms and linux-firmware together with ROCm), at power or cooling, or at the "
         "workload.",
     .commands = kHangCommands,
     .requires_root = true},
    {.code = "driver.gpu.runtime_suspended",
     .severity = Status::kInfo,
     .title = "The GPU is runtime-suspended",
     .remediation =
         "The idle GPU is powered down by runtime power management (power/control 'auto'). The "
         "ROCm runtime wakes it when a program opens it, but tools that read its sysfs files "
         "while it sleeps can get empty values (rocm-smi: 'Expected integer value from monitor, "
         "but got \"\"', ROCm/rocm_smi_lib#217). Writing 'on' to power/control keeps it awake "
         "until reboot (amdgpu.runpm=0 for good).",
     .commands = kSuspendedCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.gpu_health",
                          .layer = Layer::kDriver,
                          .title = "GPU health after initialisation",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

// "; amdgpu.runpm is -1 (auto: runtime suspend allowed)" from the module parameter, else from
// the command line.
std::string RunpmNote(const KernelFacts& k, std::vector<Evidence>& evidence) {
  if (k.amdgpu_runpm.known()) {
    evidence.push_back({k.amdgpu_runpm.source, *k.amdgpu_runpm, "0"});
    if (*k.amdgpu_runpm == "0") return "; amdgpu.runpm is already 0";
    return "; amdgpu.runpm is " + *k.amdgpu_runpm +
           (*k.amdgpu_runpm == "-1" ? " (auto: runtime suspend allowed)" : "");
  }
  for (const std::string& p : k.cmdline_amdgpu_params) {
    if (p.rfind("amdgpu.runpm=", 0) == 0) {
      evidence.push_back({k.cmdline.source, p, "amdgpu.runpm=0"});
      return "; the command line sets " + p;
    }
  }
  return {};
}

Finding Judged(const post_init::GpuAfterInit& g, const KernelFacts& k,
               const std::string& log_source) {
  const std::string& bdf = g.gpu->bdf;
  std::vector<Evidence> evidence = post_init::EvidenceOf(g, log_source);
  const std::string first = post_init::FirstLine(g);
  const std::string said = first.empty() ? std::string() : "; the kernel log says: " + first;
  if (g.runtime_pm_error) {
    std::string runpm = RunpmNote(k, evidence);
    return MakeFinding("driver.gpu.runtime_pm_error",
                       bdf + ": " + g.gpu->runtime_status.source +
                           " is 'error': a runtime suspend or resume failed and the GPU cannot "
                           "be used until it is reset" + runpm + said,
                       std::move(evidence), {{"bdf", bdf}});
  }
  if (!g.resume.empty()) {
    std::string runpm = RunpmNote(k, evidence);
    return MakeFinding("driver.gpu.resume_failed",
                       bdf + ": amdgpu failed to resume the GPU" + said + runpm,
                       std::move(evidence), {{"bdf", bdf}});
  }
  if (!g.reset_failed.empty()) {
    return MakeFinding("driver.gpu.reset_failed",
                       bdf + ": the GPU hung and its reset failed" + said, std::move(evidence),
                       {{"bdf", bdf}});
  }
  std::size_t n = g.hangs.size() + g.smu.size();
  return MakeFinding("driver.gpu.hangs",
                     bdf + ": " + std::to_string(n) + " hang line" + (n == 1 ? "" : "s") +
                         " in the kernel log since boot" + said,
                     std::move(evidence), {{"bdf", bdf}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const KernelLogFacts& log = ctx.facts.KernelLog();
  std::vector<post_init::GpuAfterInit> gpus = post_init::Judge(ctx.facts.Pci(), log);
  if (gpus.empty()) return CheckOutcome::Skip("amdgpu drives no AMD GPU here");
  std::vector<Finding> findings;
  std::vector<Finding> notes;
  std::size_t pm_read = 0;
  hardware::GpuPassEvidence pm_evidence;  // each GPU's power/runtime_status as read
  for (const post_init::GpuAfterInit& g : gpus) {
    const PciDevice& gpu = *g.gpu;
    pm_read += gpu.runtime_status.known() ? 1 : 0;
    if (gpu.runtime_status.known()) {
      pm_evidence.Add(gpu.bdf, {{gpu.runtime_status.source, *gpu.runtime_status, "not error"}},
                      *gpu.runtime_status);
    }
    if (g.Broken() || g.HungSinceBoot()) {
      findings.push_back(Judged(g, ctx.facts.Kernel(), log.source));
      continue;
    }
    if (gpu.runtime_status.known() && *gpu.runtime_status == "suspended") {
      std::vector<Evidence> evidence{{gpu.runtime_status.source, "suspended", ""}};
      if (gpu.power_control.known()) {
        evidence.push_back({gpu.power_control.source, *gpu.power_control, ""});
      }
      notes.push_back(MakeFinding("driver.gpu.runtime_suspended",
                                  gpu.bdf + " is runtime-suspended (power/control " +
                                      (gpu.power_control.known() ? *gpu.power_control : "?") +
                                      "): the runtime wakes it on open; sysfs readers such as "
                                      "rocm-smi may read empty values meanwhile",
                                  std::move(evidence), {{"bdf", gpu.bdf}}));
    }
  }
  if (!findings.empty()) {
    for (Finding& n : notes) findings.push_back(std::move(n));
    return CheckOutcome::FromFindings(std::move(findings));
  }
  if (!log.readable && pm_read == 0) {
    return CheckOutcome::Skip("neither the kernel log nor power/runtime_status could be read (" +
                              (log.error.empty() ? std::string("no kernel log") : log.error) +
                              ")");
  }
  std::string summary = std::to_string(gpus.size()) + " GPU" + (gpus.size() == 1 ? "" : "s") +
                        ": no failed resume, reset or hang";
  summary += log.readable ? " in the kernel log" : " (kernel log not read)";
  if (pm_read > 0) summary += ", runtime PM not in error";
  std::vector<Evidence> evidence;
  if (log.readable) {
    evidence.push_back(
        {log.source, std::to_string(log.line_count) + " lines, none a failed resume, reset or hang",
         "none"});
  }
  for (Evidence& e : pm_evidence.Take()) evidence.push_back(std::move(e));
  return CheckOutcome::Pass(std::move(summary), std::move(evidence), std::move(notes));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
