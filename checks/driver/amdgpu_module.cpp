// SPDX-License-Identifier: MIT
// driver.amdgpu_module: which copy of amdgpu drives the GPU, and whether that is the one ROCm
// needs. modprobe loads the file modules.dep names, which depmod picks by the depmod.d search
// order ("search updates ubuntu built-in"): a DKMS amdgpu under updates/dkms shadows the
// kernel's own. Two real failures follow from that choice while amdgpu is bound: the DKMS
// driver drives the GPU but ROCm cannot use it (ROCm/ROCm#5433: the in-tree driver worked), and
// a kernel update left amdgpu-dkms unbuilt for the running kernel so the in-tree driver took
// over (ROCm/ROCm#3701, #5624, #6121). When amdgpu is not loaded at all, driver.amdgpu judges.
#include <algorithm>
#include <string>

#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/hip_probe.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus", "driver.amdgpu"};
constexpr std::string_view kShadowCommands[] = {
    "modinfo -n amdgpu; cat /sys/module/amdgpu/version",
    "sudo apt purge amdgpu-dkms amdgpu-dkms-firmware  # needs root; Fedora/RHEL: sudo dnf remove "
    "amdgpu-dkms",
    "sudo update-initramfs -u -k all  # needs root; then reboot; Fedora/RHEL: sudo dracut -f",
    "amdgpu-install --usecase=rocm --no-dkms  # needs root (it runs sudo); later ROCm updates "
    "without the DKMS driver",
};
constexpr std::string_view kFallbackCommands[] = {
    "dkms status amdgpu",
    "sudo dkms autoinstall -k \"$(uname -r)\"  # needs root; the failing step is in "
    "/var/lib/dkms/amdgpu/<version>/build/make.log",
    "sudo apt purge amdgpu-dkms  # needs root; when the in-tree driver serves the GPU, as AMD "
    "advises for kernels amdgpu-dkms does not support yet",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.dkms.shadows_in_tree",
     .severity = Status::kFail,
     .title = "The DKMS amdgpu shadows the kernel's own driver, and ROCm fails on it",
     .remediation =
         "modprobe loads the amdgpu that amdgpu-dkms installed under updates/dkms (depmod ranks "
         "updates/ above the kernel's tree), and the ROCm runtime cannot use the GPU it drives "
         "while the kernel's own amdgpu is on disk. An amdgpu-dkms release (and its firmware "
         "under /lib/firmware/updates) that does not work with this GPU, kernel or ROCm release "
         "breaks the runtime where the in-tree driver works: remove amdgpu-dkms, rebuild the "
         "initramfs, reboot, confirm that `modinfo -n amdgpu` names kernel/drivers/..., and "
         "install ROCm with --no-dkms. Or install the amdgpu-dkms of the ROCm release that "
         "supports this GPU.",
     .commands = kShadowCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.dkms.in_tree_fallback",
     .severity = Status::kWarn,
     .title = "amdgpu-dkms did not build for this kernel; the kernel's own amdgpu drives the GPU",
     .remediation =
         "amdgpu-dkms is installed but DKMS has no build for the running kernel (a kernel "
         "update the DKMS source does not compile against; dpkg then leaves amdgpu-dkms "
         "half-configured), so the kernel's own amdgpu drives the GPU. ROCm runs on the in-tree "
         "driver for GPUs it supports, but not with the DKMS driver's fixes, and every kernel "
         "update retries the failing build. Rebuild for this kernel (install its headers; the "
         "error is in make.log), boot the last kernel it built for, install an amdgpu-dkms "
         "that supports this kernel, or remove amdgpu-dkms and stay on the in-tree driver.",
     .commands = kFallbackCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.amdgpu_module",
                          .layer = Layer::kDriver,
                          .title = "amdgpu module",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

bool DkmsBuiltForRunning(const KernelFacts& k) {
  return k.release.known() && std::find(k.dkms_kernels_built.begin(), k.dkms_kernels_built.end(),
                                        *k.release) != k.dkms_kernels_built.end();
}

// amdgpu-dkms is meant to be there: dpkg wants it installed (any state short of removed), or,
// off dpkg, DKMS holds an amdgpu source tree.
bool DkmsWanted(const KernelFacts& k) {
  if (k.dkms_package_status.known()) return parse::StartsWith(*k.dkms_package_status, "install ");
  return k.dkms_amdgpu_installed.known() && *k.dkms_amdgpu_installed && !k.dkms_versions.empty();
}

Evidence LoadedEvidence(const KernelFacts& k) {
  std::string observed = k.amdgpu_loaded_flavour.known()
                             ? *k.amdgpu_loaded_flavour
                             : "unknown: " + k.amdgpu_loaded_flavour.error;
  if (k.amdgpu_version.known()) observed += " " + *k.amdgpu_version;
  if (!k.dkms_helper_modules.empty()) {
    observed += " (with " + driver::Join(k.dkms_helper_modules) + ")";
  }
  return {k.amdgpu_loaded_flavour.source, "amdgpu loaded: " + observed, ""};
}

// What the runtime said, when it said the GPU is unusable: no device, or enumeration failed.
std::optional<Evidence> RuntimeFailure(const HipProbeFacts& probe) {
  if (probe.state != HipProbeState::kParsed) return std::nullopt;
  const HipProbeReport& r = probe.report;
  if (r.device_count > 0 && !r.error) return std::nullopt;
  std::string observed = "device_count " + std::to_string(r.device_count);
  if (r.error) observed += ", " + r.error->name + " from " + r.error->call;
  return Evidence{probe.source, observed, "the GPUs amdgpu drives"};
}

std::string ModuleChoiceText(const KernelFacts& k) {
  std::string out = k.amdgpu_module_path.known() ? *k.amdgpu_module_path : "?";
  if (k.depmod_search.known()) out += " (depmod search " + *k.depmod_search + ")";
  return out;
}

CheckOutcome Run(const CheckContext& ctx) {
  if (ctx.facts.Pci().AmdGpus().empty()) return CheckOutcome::Skip("no AMD GPU on the PCI bus");
  const KernelFacts& k = ctx.facts.Kernel();
  if (!driver::AmdgpuPresent(k)) return CheckOutcome::Skip("amdgpu is not loaded");
  std::vector<std::string> bound;
  for (const PciDevice* gpu : ctx.facts.Pci().AmdGpus()) {
    if (gpu->driver.known() && *gpu->driver == "amdgpu") bound.push_back(gpu->bdf);
  }
  if (bound.empty()) return CheckOutcome::Skip("amdgpu drives no AMD GPU");
  const std::string release = k.release.known() ? *k.release : "the running kernel";
  const bool loaded_dkms = k.amdgpu_loaded_flavour.known() && *k.amdgpu_loaded_flavour == "dkms";
  const bool loaded_in_tree =
      k.amdgpu_loaded_flavour.known() && *k.amdgpu_loaded_flavour == "in-tree";
  const std::string in_tree = driver::InTreeModuleFile(k);

  if (loaded_dkms && !in_tree.empty()) {
    if (auto failure = RuntimeFailure(ctx.facts.Get<HipProbeFacts>())) {
      std::vector<Evidence> evidence{LoadedEvidence(k),
                                     {k.amdgpu_module_path.source, ModuleChoiceText(k), ""},
                                     {"/lib/modules/" + release, in_tree + " present", ""},
                                     *failure};
      return CheckOutcome::FromFindings({MakeFinding(
          "driver.dkms.shadows_in_tree",
          "The DKMS amdgpu" +
              (k.amdgpu_version.known() ? " " + *k.amdgpu_version : std::string()) + " drives " +
              driver::Join(bound) + ", shadowing the kernel's own " + in_tree +
              ", and the ROCm runtime finds no usable GPU (" + failure->observed +
              "): try the in-tree driver",
          std::move(evidence), {{"release", release}, {"bdf", bound.front()}})});
    }
  }

  if (DkmsWanted(k) && k.release.known() && !DkmsBuiltForRunning(k) && !loaded_dkms &&
      (loaded_in_tree || !driver::IsDkmsModulePath(k))) {
    std::string version = k.dkms_versions.empty() ? "" : k.dkms_versions.front();
    std::string built = k.dkms_kernels_built.empty()
                            ? "for no kernel"
                            : "only for " + driver::Join(k.dkms_kernels_built);
    std::vector<Evidence> evidence{
        {k.dkms_amdgpu_installed.source,
         "amdgpu " + driver::Join(k.dkms_versions) + " built " + built, "a build for " + release},
        LoadedEvidence(k)};
    driver::AddDkmsStateEvidence(k, evidence);
    std::string who = k.dkms_package.known() ? *k.dkms_package
                                             : "amdgpu-dkms" + (version.empty() ? "" : " " + version);
    return CheckOutcome::FromFindings({MakeFinding(
        "driver.dkms.in_tree_fallback",
        who + " is installed but DKMS built it " + built + "; " + release +
            " runs the kernel's own amdgpu" + (in_tree.empty() ? "" : " (" + in_tree + ")") +
            " on " + driver::Join(bound) + driver::DkmsStateNote(k),
        std::move(evidence), {{"release", release}, {"version", version}})});
  }

  std::string summary = "amdgpu " + driver::AmdgpuFlavour(k);
  if (k.amdgpu_module_path.known()) summary += " · modprobe loads " + ModuleChoiceText(k);
  if (loaded_dkms && !in_tree.empty()) summary += ", shadowing " + in_tree;
  std::vector<Evidence> evidence{LoadedEvidence(k)};
  if (k.amdgpu_module_path.known()) {
    evidence.push_back({k.amdgpu_module_path.source, ModuleChoiceText(k), ""});
  }
  if (loaded_dkms && !in_tree.empty()) {
    evidence.push_back({"/lib/modules/" + release, in_tree + " present", ""});
  }
  return CheckOutcome::Pass(summary, std::move(evidence));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
