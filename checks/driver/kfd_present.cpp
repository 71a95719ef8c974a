// SPDX-License-Identifier: MIT
// driver.kfd: /dev/kfd, the compute interface amdkfd creates when amdgpu loads (kfd_chardev.c).
// Absent, it is a passthrough problem in a container, the WSL path on WSL2, or a kernel without
// KFD (or without the device node) on a host.
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus", "driver.amdgpu"};
constexpr std::string_view kKfdMissingCommands[] = {
    "grep -E 'CONFIG_HSA_AMD|CONFIG_DRM_AMDGPU=' /boot/config-$(uname -r)",
    "sudo dmesg | grep -i kfd  # needs root",
    "ls -l /dev/kfd /sys/class/kfd/kfd/dev",
};
constexpr std::string_view kKfdUnreadableCommands[] = {"ls -l /dev/kfd", "id"};
constexpr std::string_view kNotPassedCommands[] = {
    "docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --group-add render "
    "--security-opt seccomp=unconfined IMAGE",
    "podman run -it --device=/dev/kfd --device=/dev/dri --group-add keep-groups IMAGE",
    "apptainer exec --rocm IMAGE  # or --bind /dev/kfd,/dev/dri",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kfd.missing",
     .severity = Status::kFail,
     .title = "amdgpu drives the GPU but /dev/kfd does not exist",
     .remediation =
         "ROCm talks to the GPU through /dev/kfd, the compute interface of amdgpu (amdkfd). When "
         "/sys/class/kfd is absent the kernel was built without CONFIG_HSA_AMD or KFD failed to "
         "initialise: use a distribution kernel or the amdgpu-dkms driver. When /sys/class/kfd "
         "exists but /dev/kfd does not, the device node was never created: /dev is not devtmpfs "
         "or udev did not run (chroots, minimal images).",
     .commands = kKfdMissingCommands,
     .requires_root = true,
     .reboot_required = false},
    {.code = "driver.kfd.unreadable",
     .severity = Status::kUnknown,
     .title = "/dev/kfd could not be examined",
     .remediation = "The doctor could not stat /dev/kfd, so it cannot tell whether ROCm may open "
                    "it. Check the permissions of /dev and run the doctor as the user who runs "
                    "the GPU workload.",
     .commands = kKfdUnreadableCommands},
    {.code = "container.devices.not_passed",
     .severity = Status::kFail,
     .title = "the container was started without the GPU device nodes",
     .remediation =
         "Inside a container ROCm needs /dev/kfd (one node for all GPUs) and the GPU's "
         "/dev/dri/renderD* node. The host has them (its sysfs, which the container shares, "
         "describes the GPU), but they were not passed in. Restart the container with the "
         "devices; to restrict GPUs pass individual /dev/dri/renderD<N> nodes but always "
         "/dev/kfd. In Kubernetes request amd.com/gpu through the AMD device plugin.",
     .commands = kNotPassedCommands},
};

constexpr CheckInfo kInfo{.id = "driver.kfd",
                          .layer = Layer::kDriver,
                          .title = "/dev/kfd",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

std::string GpuList(const PciInventory& pci, std::vector<Evidence>& evidence) {
  std::string list;
  for (const PciDevice* gpu : pci.AmdGpus()) {
    if (!list.empty()) list += ", ";
    list += gpu->bdf;
    std::string driver = gpu->driver.known() ? (gpu->driver->empty() ? "(none)" : *gpu->driver)
                                             : "unknown: " + gpu->driver.error;
    evidence.push_back({gpu->sysfs_path + "/driver", driver, "amdgpu"});
  }
  return list.empty() ? "the GPU" : list;
}

void AddKfdLogEvents(const KernelLogFacts& log, std::vector<Evidence>& evidence) {
  for (const KernelLogEvent& event : log.events) {
    if (event.kind == KernelLogEvent::Kind::kKfdSkipped ||
        event.kind == KernelLogEvent::Kind::kAtomicsUnsupported ||
        event.kind == KernelLogEvent::Kind::kAtomicsRejected) {
      evidence.push_back({log.source, event.line, ""});
    }
  }
}

CheckOutcome Run(const CheckContext& ctx) {
  const NodeAccess& kfd = ctx.facts.DeviceNodes().kfd;
  if (kfd.info.ok()) {
    const std::string node = std::string(ToString(kfd.info.type)) + " " +
                             std::to_string(kfd.info.major) + ":" + std::to_string(kfd.info.minor);
    return CheckOutcome::Pass("present (" + node + ")",
                              {{std::string(paths::kDevKfd), node, "a character device"}});
  }
  const PlatformFacts& platform = ctx.facts.Platform();
  if (kfd.info.status != FsStatus::kNotFound) {
    return CheckOutcome::FromFindings(
        {MakeFinding("driver.kfd.unreadable", kfd.reason,
                     {{std::string(paths::kDevKfd), kfd.reason, "a character device"}})});
  }
  if (platform.wsl) return CheckOutcome::Skip("WSL2: ROCm uses /dev/dxg");

  const KfdTopology& topo = ctx.facts.Kfd();
  std::vector<Evidence> evidence{{std::string(paths::kDevKfd), "does not exist", "exists"}};
  std::string gpus = GpuList(ctx.facts.Pci(), evidence);
  evidence.push_back({std::string(paths::kKfdClass),
                      topo.kfd_class_present ? "exists" : "does not exist", "exists"});

  if (!platform.container.empty() && topo.kfd_class_present) {
    // sysfs is the host's: it shows KFD initialised there, so only the device node is missing.
    for (const std::string& line : platform.container_evidence) {
      evidence.push_back({"container", line, ""});
    }
    return CheckOutcome::FromFindings(
        {MakeFinding("container.devices.not_passed",
                     "this " + platform.container +
                         " container has no /dev/kfd, but the host has KFD "
                         "(/sys/class/kfd/kfd) and drives " +
                         gpus + ": start the container with --device=/dev/kfd --device=/dev/dri",
                     std::move(evidence), {{"container", platform.container}})});
  }

  AddKfdLogEvents(ctx.facts.KernelLog(), evidence);
  std::string message;
  if (topo.kfd_class_present) {
    message = "KFD is initialised (/sys/class/kfd/kfd exists";
    if (topo.dev.known()) message += ", dev " + *topo.dev;
    message +=
        ") but /dev/kfd does not exist: the device node was not created (/dev is not "
        "devtmpfs or udev did not run)";
  } else {
    message = "amdgpu drives " + gpus +
              " but /dev/kfd and /sys/class/kfd do not exist: KFD is "
              "not initialised (a kernel built without CONFIG_HSA_AMD, or KFD failed to load)";
  }
  if (!platform.container.empty()) {
    message += "; this is a " + platform.container +
               " container and the host itself has no KFD, so passing devices cannot help: fix "
               "the host driver";
  }
  return CheckOutcome::FromFindings(
      {MakeFinding("driver.kfd.missing", std::move(message), std::move(evidence))});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
