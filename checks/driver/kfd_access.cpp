// SPDX-License-Identifier: MIT
// driver.kfd_access: may this user open /dev/kfd O_RDWR, as ROCr does (rocminfo prints "Unable to
// open /dev/kfd read-write: Permission denied" when not). In containers the cause is usually
// the host's numeric gid (gid_mismatch) or, rootless, an unmapped group (unmapped).
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd"};
constexpr std::string_view kPermissionCommands[] = {
    "sudo usermod -aG {groups} {user}  # needs root",
    "newgrp {group}  # or log out and back in",
};
constexpr std::string_view kGidMismatchCommands[] = {
    "docker run --device=/dev/kfd --device=/dev/dri --group-add {gid} IMAGE",
    "docker run --device=/dev/kfd --device=/dev/dri "
    "--group-add \"$(getent group render | cut -d: -f3)\" IMAGE  # on the host",
};
constexpr std::string_view kUnmappedCommands[] = {
    "podman run --device=/dev/kfd --device=/dev/dri --group-add keep-groups IMAGE",
    "sudo usermod -aG render,video \"$USER\"  # needs root; on the host, for the user who "
    "starts the container",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kfd.permission_denied",
     .severity = Status::kFail,
     .title = "the user cannot open /dev/kfd read-write",
     .remediation =
         "/dev/kfd is group-owned (render on current distributions, video on older ones) and the "
         "user is not in that group. Add the user (and any service account running the GPU "
         "workload) to the group, then log out and back in: a running session keeps its old "
         "groups.",
     .commands = kPermissionCommands,
     .requires_root = true},
    {.code = "container.group.gid_mismatch",
     .severity = Status::kFail,
     .title = "in the container, the device nodes' group is not among the user's groups",
     .remediation =
         "Device nodes keep the host's numeric group id inside a container. `--group-add render` "
         "adds the image's own render gid, which often differs from the host's. Add the numeric "
         "gid of the node instead (look it up on the host).",
     .commands = kGidMismatchCommands},
    {.code = "container.group.unmapped",
     .severity = Status::kFail,
     .title = "rootless container: the device nodes' group is not mapped (nogroup)",
     .remediation =
         "In a rootless container the host's render gid is not mapped into the user namespace, "
         "so the nodes show as nogroup (65534) and no group inside can grant access; even "
         "container root is refused. Make sure the host user is in render and video, then keep "
         "the host groups (`--group-add keep-groups` with podman/crun) or run the container "
         "rootful.",
     .commands = kUnmappedCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.kfd_access",
                          .layer = Layer::kDriver,
                          .title = "/dev/kfd access",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

std::string GroupOf(const NodeInfo& info) {
  return info.group.empty() ? std::to_string(info.gid) : info.group;
}

// render,video covers today's udev rules (render) and older ones (video).
std::string GroupsToAdd(const NodeInfo& info) {
  std::string group = GroupOf(info);
  return group == "render" || group == "video" ? "render,video" : group;
}

// "/dev/kfd is crw-rw---- root:render; alice ... is not in group render; ..."
std::string Describe(const NodeAccess& node) {
  return node.info.ok() ? node.path + " is " + node.reason : node.reason;
}

Finding Denied(const NodeAccess& kfd, const PlatformFacts& platform, const std::string& user) {
  std::vector<Evidence> evidence{{kfd.path, kfd.reason, "read-write for " + user}};
  const std::string group = GroupOf(kfd.info);
  const std::string gid = std::to_string(kfd.info.gid);
  if (platform.rootless_userns && (kfd.group_unmapped || !kfd.info.ok())) {
    evidence.push_back({"/proc/self/uid_map", platform.userns_map, "0 0 4294967295"});
    return MakeFinding("container.group.unmapped",
                       "rootless container (uid_map " + platform.userns_map +
                           "): " + Describe(kfd) +
                           "; the host's group is not mapped, so no group here can grant access",
                       std::move(evidence), {{"user", user}, {"group", group}});
  }
  if (!platform.container.empty() && kfd.info.ok() && !kfd.in_node_group) {
    return MakeFinding("container.group.gid_mismatch",
                       "in this " + platform.container + " container " + Describe(kfd) + " (gid " +
                           gid + "): add --group-add " + gid,
                       std::move(evidence),
                       {{"user", user}, {"group", group}, {"gid", gid}, {"node", kfd.path}});
  }
  std::string message = Describe(kfd);
  if (kfd.group_membership_pending) {
    message += "; /etc/group already lists " + user + " in " + group +
               ", but this session started before: log out and back in (or `newgrp " + group + "`)";
  }
  return MakeFinding("driver.kfd.permission_denied", std::move(message), std::move(evidence),
                     {{"user", user}, {"group", group}, {"groups", GroupsToAdd(kfd.info)}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const NodeAccess& kfd = ctx.facts.DeviceNodes().kfd;
  const PlatformFacts& platform = ctx.facts.Platform();
  if (kfd.info.status == FsStatus::kNotFound) {
    return CheckOutcome::Skip(platform.wsl ? "WSL2: ROCm uses /dev/dxg"
                                           : "/dev/kfd does not exist");
  }
  const UserInfo& user_info = ctx.facts.Host().user;
  const std::string user =
      user_info.name.empty() ? "uid " + std::to_string(user_info.uid) : user_info.name;
  if (kfd.read_write) {
    return CheckOutcome::Pass(
        "read-write for " + user + ": " + kfd.reason.substr(0, kfd.reason.find(';')),
        {{kfd.path, kfd.reason, "read-write for " + user}});
  }
  return CheckOutcome::FromFindings({Denied(kfd, platform, user)});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
