// SPDX-License-Identifier: MIT
// driver.dev_mount: is the filesystem under /dev/kfd and /dev/dri mounted so that the nodes can
// be used? Their mode can allow read-write while the mount forbids it: on a `nodev` mount the
// kernel refuses to open any device node (EACCES, fs/namei.c may_open_dev), and on a `noexec`
// mount the ROCm runtime cannot map /dev/kfd. Real ticket: ROCm/rocminfo#40
// (https://github.com/ROCm/rocminfo/issues/40), Ubuntu 20.04 with ROCm 4.1.1: "rocminfo fails
// because /dev is not mounted with exec priv ... After 'mount -o remount,exec /dev' i now see
// good output for rocminfo and clinfo"; the same fix closed ROCm/legacy-rocm-build#1185
// ("Unable to open /dev/kfd read-write: Cannot allocate memory").
#include <string_view>

#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd"};
constexpr std::string_view kNoexecCommands[] = {
    "sudo mount -o remount,exec {mount_point}  # needs root",
    "findmnt -no OPTIONS {mount_point}",
};
constexpr std::string_view kNodevCommands[] = {
    "sudo mount -o remount,dev {mount_point}  # needs root",
    "findmnt -no OPTIONS {mount_point}",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.dev.noexec",
     .severity = Status::kFail,
     .title = "/dev/kfd sits on a filesystem mounted noexec",
     .remediation =
         "The ROCm runtime maps memory through /dev/kfd, and the kernel refuses those mappings on "
         "a filesystem mounted noexec: rocminfo and HIP fail although the node's mode allows "
         "read-write. Remount it with exec now, then remove noexec where it is set at boot (an "
         "/etc/fstab line for /dev, a systemd mount unit, or the container runtime's mount "
         "options) so that it stays.",
     .commands = kNoexecCommands,
     .requires_root = true},
    {.code = "driver.dev.nodev",
     .severity = Status::kFail,
     .title = "the GPU device nodes sit on a filesystem mounted nodev",
     .remediation =
         "On a filesystem mounted nodev the kernel refuses to open any device node, whatever its "
         "mode and group say, so /dev/kfd and the render nodes cannot be used. Remount it with "
         "dev, then remove nodev where it is set at boot (/etc/fstab, a systemd mount unit, or "
         "the container runtime: pass the GPUs with --device=/dev/kfd --device=/dev/dri).",
     .commands = kNodevCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.dev_mount",
                          .layer = Layer::kDriver,
                          .title = "/dev mount options",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// Whether the comma-separated per-mount options hold `option` as a whole word.
bool HasOption(std::string_view options, std::string_view option) {
  while (!options.empty()) {
    const std::size_t comma = options.find(',');
    if (options.substr(0, comma) == option) return true;
    if (comma == std::string_view::npos) break;
    options.remove_prefix(comma + 1);
  }
  return false;
}

// "/dev (devtmpfs rw,nosuid,noexec,relatime)"
std::string Describe(const DeviceMount& mount) {
  return mount.mount_point + " (" + mount.fstype + " " + mount.options + ")";
}

Finding MountFinding(std::string_view code, std::string_view option, std::string_view nodes,
                     const Fact<DeviceMount>& mount) {
  return MakeFinding(std::string(code),
                     std::string(nodes) + " is on " + Describe(*mount) + ", mounted " +
                         std::string(option),
                     {{mount.source, mount->options, std::string("options without ") + std::string(option)}},
                     {{"mount_point", mount->mount_point}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const DeviceNodeFacts& nodes = ctx.facts.DeviceNodes();
  const Fact<DeviceMount>& kfd = nodes.kfd_mount;
  if (!kfd.known()) {
    return CheckOutcome::Skip("how /dev is mounted is not judged: " + kfd.source + " " +
                              kfd.error + (ctx.facts.IsReplay() ? " in this capture" : ""));
  }
  std::vector<Finding> findings;
  if (HasOption(kfd->options, "nodev")) {
    findings.push_back(MountFinding("driver.dev.nodev", "nodev", "/dev/kfd", kfd));
  } else if (nodes.dri_mount.known() && HasOption(nodes.dri_mount->options, "nodev")) {
    findings.push_back(MountFinding("driver.dev.nodev", "nodev", "/dev/dri", nodes.dri_mount));
  }
  if (HasOption(kfd->options, "noexec")) {
    findings.push_back(MountFinding("driver.dev.noexec", "noexec", "/dev/kfd", kfd));
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  return CheckOutcome::Pass("/dev/kfd is on " + Describe(*kfd) + ": neither nodev nor noexec");
}

}  // namespace
ROCMDOC_REGISTER_CHECK(kInfo, Run);
}  // namespace rocm_doctor
