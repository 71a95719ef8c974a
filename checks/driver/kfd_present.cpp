// driver.kfd: /dev/kfd, the compute interface amdkfd creates when amdgpu loads (kfd_chardev.c).
// Absent, it is a passthrough problem in a container, the WSL path on WSL2, or a kernel without
// KFD (or without the device node) on a host.
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus", "driver.amdgpu"};
constexpr CheckInfo kInfo{
    .id = "driver.kfd", .layer = Layer::kDriver, .title = "/dev/kfd", .prerequisites = kPrereqs};

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
        event.kind == KernelLogEvent::Kind::kAtomicsUnsupported) {
      evidence.push_back({log.source, event.line, ""});
    }
  }
}

CheckOutcome Run(const CheckContext& ctx) {
  const NodeAccess& kfd = ctx.facts.DeviceNodes().kfd;
  if (kfd.info.ok()) {
    return CheckOutcome::Pass("present (" + std::string(ToString(kfd.info.type)) + " " +
                              std::to_string(kfd.info.major) + ":" +
                              std::to_string(kfd.info.minor) + ")");
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
