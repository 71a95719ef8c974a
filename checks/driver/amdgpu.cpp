// SPDX-License-Identifier: MIT
// driver.amdgpu: is amdgpu the driver of every AMD GPU? When not, why: another driver holds it
// (vfio-pci, radeon), Secure Boot refused the DKMS module, DKMS has no build for this kernel, or
// the module is simply not loaded.
#include <algorithm>
#include <string>

#include "../hardware/gpu_label.h"
#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus", "driver.blacklist"};
constexpr std::string_view kNotLoadedCommands[] = {
    "{!fix}",
    "sudo dmesg | grep -iE 'amdgpu|kfd|firmware'  # needs root",
};
constexpr std::string_view kDkmsCommands[] = {
    "sudo apt install \"linux-headers-$(uname -r)\"  # needs root; Fedora/RHEL: sudo dnf install "
    "kernel-devel-$(uname -r)",
    "sudo dkms autoinstall -k \"$(uname -r)\"  # needs root",
    "sudo modprobe amdgpu  # needs root",
};
constexpr std::string_view kSecureBootCommands[] = {
    "mokutil --sb-state",
    "sudo mokutil --import /var/lib/dkms/mok.pub  # needs root; then reboot and choose 'Enroll "
    "MOK' (Ubuntu < 22.04: /var/lib/shim-signed/mok/MOK.der)",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.amdgpu.not_loaded",
     .severity = Status::kFail,
     .title = "No amdgpu driver drives the AMD GPU",
     .remediation = "The GPU is on the PCI bus but amdgpu is not bound to it, so /dev/kfd and "
                    "the DRM devices never appear. Load the driver (and read the kernel log if "
                    "that fails). If the module file is missing, install the kernel's full "
                    "module package (Ubuntu: linux-modules-extra-$(uname -r)) or amdgpu-dkms. "
                    "If another driver holds the GPU (vfio-pci for VM passthrough, the legacy "
                    "radeon driver), release it as the message says.",
     .commands = kNotLoadedCommands,
     .requires_root = true},
    {.code = "driver.amdgpu.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell which driver is bound to the GPU",
     .remediation = "The PCI device's driver link could not be read. Run rocm-doctor as root, "
                    "or check `lspci -nnk -d 1002:` by hand."},
    {.code = "driver.dkms.not_built_for_kernel",
     .severity = Status::kFail,
     .title = "amdgpu-dkms has no module built for the running kernel",
     .remediation = "amdgpu-dkms is installed, but DKMS built it only for other kernels, usually "
                    "because the distribution upgraded the kernel and the build failed or never "
                    "ran. Install the headers for this kernel and rebuild; if the build fails "
                    "(see /var/lib/dkms/amdgpu/<version>/build/make.log), boot the last kernel "
                    "that built, or install an amdgpu-dkms release that supports this kernel.",
     .commands = kDkmsCommands,
     .requires_root = true},
    {.code = "driver.secure_boot.module_blocked",
     .severity = Status::kFail,
     .title = "Secure Boot keeps the DKMS amdgpu module from loading",
     .remediation = "With UEFI Secure Boot on, the kernel loads only modules signed with an "
                    "enrolled key. The DKMS-built amdgpu is signed with the machine's own DKMS "
                    "key, which must be enrolled with mokutil (confirm in the blue MOK manager "
                    "at the next boot), or Secure Boot must be turned off in the firmware setup. "
                    "modprobe loads the DKMS copy because depmod ranks updates/ above the "
                    "kernel's own tree; where the kernel ships a signed amdgpu that supports the "
                    "GPU, removing amdgpu-dkms (amdgpu-install --usecase=rocm --no-dkms) lets "
                    "that one load instead.",
     .commands = kSecureBootCommands,
     .requires_root = true,
     .reboot_required = true},
};

constexpr CheckInfo kInfo{.id = "driver.amdgpu",
                          .layer = Layer::kDriver,
                          .title = "amdgpu",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// The script for `sh -c` quotes the address once, and the whole script is quoted again as
// sudo's argument: an address from a replayed tree stays data at both levels.
std::string Rebind(const std::string& bdf) {
  const std::string device = "/sys/bus/pci/devices/" + bdf;
  const std::string script = "echo " + ShellQuote(bdf) + " > " +
                             ShellQuote(device + "/driver/unbind") + "; echo > " +
                             ShellQuote(device + "/driver_override") + "; modprobe amdgpu; echo " +
                             ShellQuote(bdf) + " > /sys/bus/pci/drivers_probe";
  return "sudo sh -c " + ShellQuote(script);
}

Finding OtherDriver(const PciDevice& gpu, const std::string& driver_name) {
  std::vector<Evidence> evidence{{gpu.driver.source, driver_name, "amdgpu"}};
  std::string message;
  std::string fix;
  if (driver_name == "vfio-pci" || driver_name == "pci-stub" || driver_name == "vfio_pci") {
    message = gpu.bdf + " is bound to " + driver_name +
              ": it is reserved for passthrough to a virtual machine (vfio-pci.ids= on the "
              "kernel command line or 'options vfio-pci ids=' in modprobe.d), so amdgpu cannot "
              "drive it on this host";
    fix = Rebind(gpu.bdf) +
          "  # needs root; and remove the vfio-pci ids setting to keep it after reboot";
  } else if (driver_name == "radeon") {
    message = gpu.bdf +
              " is bound to the legacy radeon driver, not amdgpu. Southern Islands (GCN 1) and "
              "Sea Islands (GCN 2) GPUs go to radeon unless the kernel command line has "
              "radeon.si_support=0 amdgpu.si_support=1 (Sea Islands: radeon.cik_support=0 "
              "amdgpu.cik_support=1); no current ROCm release supports these GPUs";
    fix =
        "sudoedit /etc/default/grub  # needs root; then reboot; add radeon.si_support=0 "
        "amdgpu.si_support=1 radeon.cik_support=0 amdgpu.cik_support=1 to GRUB_CMDLINE_LINUX, "
        "then sudo update-grub";
  } else {
    message = gpu.bdf + " is bound to " + driver_name + " instead of amdgpu";
    fix = Rebind(gpu.bdf) + "  # needs root";
  }
  return MakeFinding("driver.amdgpu.not_loaded", message, std::move(evidence),
                     {{"bdf", gpu.bdf}, {"driver", driver_name}, {"fix", fix}});
}

std::vector<Evidence> ModuleEvidence(const KernelFacts& k,
                                     const std::vector<const PciDevice*>& unbound) {
  std::vector<Evidence> ev;
  for (const PciDevice* gpu : unbound) ev.push_back({gpu->driver.source, "no driver", "amdgpu"});
  auto add = [&ev](const auto& fact, std::string observed, std::string expected) {
    ev.push_back({fact.source, fact.known() ? std::move(observed) : fact.error, expected});
  };
  add(k.amdgpu_in_proc_modules, "amdgpu not listed", "amdgpu ... Live");
  add(k.amdgpu_module_dir, "absent", "present");
  if (k.amdgpu_builtin.known() || !k.amdgpu_builtin.error.empty()) {
    add(k.amdgpu_builtin, "amdgpu not built in", "");
  }
  if (k.amdgpu_module_file.known()) {
    ev.push_back({k.amdgpu_module_file.source,
                  *k.amdgpu_module_file
                      ? (k.amdgpu_module_path.known() ? *k.amdgpu_module_path : "present")
                      : "no amdgpu.ko* for this kernel",
                  "amdgpu.ko*"});
  }
  return ev;
}

bool DkmsBuiltFor(const KernelFacts& k) {
  return k.release.known() && std::find(k.dkms_kernels_built.begin(), k.dkms_kernels_built.end(),
                                        *k.release) != k.dkms_kernels_built.end();
}

Finding ModuleNotLoaded(const KernelFacts& k, const KernelLogFacts& log,
                        const std::vector<const PciDevice*>& unbound) {
  std::vector<std::string> bdfs;
  for (const PciDevice* gpu : unbound) bdfs.push_back(gpu->bdf);
  std::string who = driver::Join(bdfs);
  std::string release = k.release.known() ? *k.release : "the running kernel";
  std::vector<Evidence> evidence = ModuleEvidence(k, unbound);
  std::map<std::string, std::string> params{{"bdf", bdfs.front()}, {"release", release}};

  std::vector<const KernelLogEvent*> rejected =
      driver::EventsFor(log, KernelLogEvent::Kind::kModuleRejected, "");
  bool secure_boot = k.secure_boot.known() && *k.secure_boot;
  // Secure Boot refuses the DKMS copy only when it is the file modprobe loads: modules.dep (or,
  // without it, depmod's search order over the files) says which; a DKMS build for this kernel
  // that is not installed where depmod ranks it first leaves the signed in-tree module in use.
  bool dkms_for_kernel =
      k.amdgpu_module_path.known() ? driver::IsDkmsModulePath(k) : DkmsBuiltFor(k);
  if (!rejected.empty() || (secure_boot && dkms_for_kernel)) {
    std::string message;
    if (secure_boot) {
      message = "Secure Boot is on and amdgpu is not loaded for " + who;
      if (dkms_for_kernel) {
        message += ": the DKMS-built module (" +
                   (k.amdgpu_module_path.known() ? *k.amdgpu_module_path : "amdgpu-dkms") +
                   ") must be signed with an enrolled key";
        std::string in_tree = driver::InTreeModuleFile(k);
        if (!in_tree.empty()) {
          message += "; it shadows the kernel's own signed " + in_tree + " (depmod search " +
                     (k.depmod_search.known() ? "'" + *k.depmod_search + "'" : "order") +
                     " ranks updates/ first)";
          evidence.push_back({k.depmod_search.source,
                              k.depmod_search.known() ? "search " + *k.depmod_search
                                                      : k.depmod_search.error,
                              ""});
          evidence.push_back({"/lib/modules/" + release, in_tree + " present", ""});
        }
      }
      evidence.push_back({k.secure_boot.source, "enabled", "disabled, or the DKMS key enrolled"});
    } else {
      message = "The kernel refused to load an unsigned module and amdgpu is not loaded for " + who;
    }
    for (const KernelLogEvent* e : rejected) evidence.push_back({log.source, e->line, ""});
    return MakeFinding("driver.secure_boot.module_blocked", message, std::move(evidence),
                       std::move(params));
  }

  bool module_file_present = k.amdgpu_module_file.known() && *k.amdgpu_module_file;
  // The kernel's own amdgpu may be there and still not claim the GPU (a kernel older than the
  // GPU): then too the missing DKMS build is why nothing drives it.
  bool only_in_tree = module_file_present && !driver::IsDkmsModulePath(k);
  if (k.dkms_amdgpu_installed.known() && *k.dkms_amdgpu_installed && k.release.known() &&
      !k.dkms_versions.empty() && !DkmsBuiltFor(k) && (!module_file_present || only_in_tree)) {
    std::string version = k.dkms_versions.empty() ? "<version>" : k.dkms_versions.front();
    std::string built = k.dkms_kernels_built.empty()
                            ? "for no kernel"
                            : "only for " + driver::Join(k.dkms_kernels_built);
    evidence.push_back({k.dkms_amdgpu_installed.source,
                        "amdgpu " + driver::Join(k.dkms_versions) + " built " + built,
                        "a build for " + release});
    driver::AddDkmsStateEvidence(k, evidence);
    params["version"] = version;
    std::string tail = only_in_tree
                           ? " has only its own amdgpu (" + *k.amdgpu_module_path +
                                 "), which did not load for " + who
                           : " has no amdgpu module, so " + who + " has no driver";
    return MakeFinding("driver.dkms.not_built_for_kernel",
                       "amdgpu-dkms " + version + " is installed but built " + built +
                           "; the running kernel " + release + tail +
                           driver::DkmsStateNote(k),
                       std::move(evidence), std::move(params));
  }

  std::string message = "No driver is bound to " + who + " and amdgpu is not loaded";
  std::string fix = "sudo modprobe amdgpu  # needs root";
  if (k.amdgpu_module_file.known() && !*k.amdgpu_module_file) {
    message += ", and " + release + " has no amdgpu module (" + k.amdgpu_module_file.source +
               "): its full module package is missing";
    fix =
        "sudo apt install \"linux-modules-extra-$(uname -r)\"  # needs root; Ubuntu; elsewhere "
        "install the kernel's full modules package or amdgpu-dkms, then: sudo modprobe amdgpu";
  }
  if (k.dkms_amdgpu_installed.known() && *k.dkms_amdgpu_installed && !DkmsBuiltFor(k)) {
    message += " (amdgpu-dkms has no build for " + release + ")";
  }
  params["fix"] = fix;
  return MakeFinding("driver.amdgpu.not_loaded", message, std::move(evidence), std::move(params));
}

std::string BoundSummary(const std::vector<std::string>& bound, const KernelFacts& k) {
  std::string list =
      bound.size() <= 3 ? driver::Join(bound) : std::to_string(bound.size()) + " GPUs";
  return "amdgpu bound to " + list + " (" + driver::AmdgpuFlavour(k) + ")";
}

CheckOutcome Run(const CheckContext& ctx) {
  std::vector<const PciDevice*> gpus = ctx.facts.Pci().AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU on the PCI bus");
  const KernelFacts& k = ctx.facts.Kernel();
  std::vector<Finding> findings;
  std::vector<std::string> bound;
  std::vector<const PciDevice*> unbound;
  hardware::GpuPassEvidence evidence;  // each GPU's driver link as read
  for (const PciDevice* gpu : gpus) {
    if (!gpu->driver.known()) {
      findings.push_back(
          MakeFinding("driver.amdgpu.unknown",
                      "Cannot tell which driver " + gpu->bdf + " has: " + gpu->driver.error,
                      {{gpu->driver.source, gpu->driver.error, "amdgpu"}}, {{"bdf", gpu->bdf}}));
    } else if (*gpu->driver == "amdgpu") {
      bound.push_back(gpu->bdf);
      evidence.Add(gpu->bdf, {{gpu->driver.source, "-> amdgpu", "amdgpu"}}, "-> amdgpu");
    } else if (gpu->driver->empty()) {
      unbound.push_back(gpu);
      evidence.Add(gpu->bdf, {{gpu->driver.source, "no driver", "amdgpu"}}, "no driver");
    } else {
      findings.push_back(OtherDriver(*gpu, *gpu->driver));
    }
  }
  std::string note;
  if (!unbound.empty()) {
    if (driver::AmdgpuPresent(k)) {
      std::vector<std::string> bdfs;
      for (const PciDevice* gpu : unbound) bdfs.push_back(gpu->bdf);
      note = "amdgpu loaded but not bound to " + driver::Join(bdfs) + " (see GPU init)";
    } else {
      findings.push_back(ModuleNotLoaded(k, ctx.facts.KernelLog(), unbound));
    }
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  if (bound.empty()) {
    return CheckOutcome::Pass(note + " · " + driver::AmdgpuFlavour(k), evidence.Take());
  }
  std::string summary = BoundSummary(bound, k);
  if (!note.empty()) summary += "; " + note;
  return CheckOutcome::Pass(summary, evidence.Take());
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
