// SPDX-License-Identifier: MIT
#pragma once
// The open(O_RDWR) permission rule for device nodes (EvaluateAccess is declared in
// rocm_doctor/facts/device_nodes.h) and what the collectors add around it.
#include <cstdint>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/device_nodes.h"

namespace rocm_doctor {

// The kernel's overflowuid/overflowgid default: what an id not mapped into the current user
// namespace shows as (/proc/sys/kernel/overflowgid).
inline constexpr std::uint32_t kOverflowId = 65534;

// "crw-rw----" from the node type and permission bits.
std::string ModeString(NodeType type, std::uint32_t mode);

// EvaluateAccess, plus the user-namespace rule: in an unprivileged user namespace uid 0 has no
// CAP_DAC_OVERRIDE over a node whose owner or group is not mapped into it (shown as 65534), so
// container root is judged by the mode bits like anyone else (capable_wrt_inode_uidgid).
NodeAccess EvaluateAccessInNamespace(std::string path, const NodeInfo& info, const UserInfo& user,
                                     bool unprivileged_userns);

// True when /etc/group text lists `user` as a member of the group `gid` (or named `group`).
bool EtcGroupListsMember(std::string_view etc_group, std::uint32_t gid, std::string_view group,
                         std::string_view user);

}  // namespace rocm_doctor
