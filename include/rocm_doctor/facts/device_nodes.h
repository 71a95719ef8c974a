// SPDX-License-Identifier: MIT
#pragma once
// /dev/kfd and /dev/dri/* and whether this user can open them read-write.
#include <string>
#include <vector>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// Evaluated as the kernel does for open(O_RDWR): uid 0 passes; the owner's bits if the user owns
// the node; else the group's bits if any of the user's groups is the node's group; else other.
struct NodeAccess {
  std::string path;
  NodeInfo info;           // status kNotFound when the node does not exist
  bool read_write = false; // this user may open it O_RDWR
  std::string reason;      // "mode 0660 root:render; alice is not in group render"
  // The user is listed in /etc/group for the node's group but the process lacks the group
  // (added with usermod, not logged in again).
  bool group_membership_pending = false;
  // The node's gid is among the process's groups (by number; by name when a number is unknown).
  bool in_node_group = false;
  // The node's group is the overflow gid 65534 ("nogroup"/"nobody"): the host group is not mapped
  // into this user namespace (rootless containers), so no group membership can grant access.
  bool group_unmapped = false;
};

struct RenderNode {
  std::string name;  // "renderD128"
  std::string bdf;   // the PCI device behind it (/sys/class/drm/renderD128/device link)
  NodeAccess access;
};

// The mount that holds a device node (/proc/self/mountinfo, the mount with the longest mount
// point above the node's path). Its per-mount options decide whether the node is usable whatever
// its mode says: on a `nodev` mount the kernel refuses to open any device node (EACCES, fs/namei.c
// may_open_dev); on a `noexec` mount the ROCm runtime's mappings of /dev/kfd fail (ROCm/rocminfo
// #40: "rocminfo fails because /dev is not mounted with exec priv").
struct DeviceMount {
  std::string mount_point;  // "/dev"
  std::string fstype;       // "devtmpfs", "tmpfs"
  std::string options;      // the per-mount options (field 6), "rw,nosuid,noexec,relatime"
};

struct DeviceNodeFacts {
  NodeAccess kfd;
  std::vector<RenderNode> render_nodes;  // from /sys/class/drm/renderD*, with /dev/dri nodes
  DirListing dev_dri;                    // the /dev/dri listing as read
  bool dxg_present = false;              // /dev/dxg (WSL2)
  // The mounts holding /dev/kfd and /dev/dri; unknown when the mount table cannot be read (its
  // source is then the table's path and `error` why), e.g. a capture without it.
  Fact<DeviceMount> kfd_mount;
  Fact<DeviceMount> dri_mount;
};

// Pure: the access rule above, so live host and replay agree.
NodeAccess EvaluateAccess(std::string path, const NodeInfo& info, const UserInfo& user);

}  // namespace rocm_doctor
