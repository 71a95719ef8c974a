// SPDX-License-Identifier: MIT
// CollectDeviceNodes: /dev/kfd, the DRM render nodes and /dev/dxg, each with the open(O_RDWR)
// verdict for the current user. Render nodes are the union of /sys/class/drm/renderD* (sysfs is
// not namespaced: a container sees every host GPU there) and /dev/dri/renderD* (what was passed
// in), so a node passed into no container shows as "does not exist" next to its GPU.
#include <algorithm>
#include <set>

#include "collect/device_nodes/node_access.h"
#include "collect/platform/platform_parse.h"
#include "collect/storage/mountinfo_read.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Render minors are 128..255 on today's kernels; the bound only guards hostile listings.
constexpr std::size_t kMaxRenderNodes = 1024;

bool IsRenderName(std::string_view name) {
  return parse::StartsWith(name, "renderD") && parse::UInt(name.substr(7)).has_value();
}

std::uint64_t RenderMinor(std::string_view name) { return *parse::UInt(name.substr(7)); }

class AccessEvaluator {
 public:
  explicit AccessEvaluator(const SystemView& view) : view_(view), user_(view.CurrentUser()) {
    FileContent uid_map = view.ReadFile(paths::kProcSelfUidMap, kAttributeLimit);
    unprivileged_userns_ = uid_map.ok() && platform::UidMapIsUnprivileged(uid_map.data);
    FileContent group = view.ReadFile(paths::kEtcGroup);
    if (group.ok()) etc_group_ = std::move(group.data);
  }

  NodeAccess Evaluate(const std::string& path) const {
    NodeAccess access =
        EvaluateAccessInNamespace(path, view_.Stat(path), user_, unprivileged_userns_);
    if (access.info.ok() && !access.in_node_group && etc_group_ &&
        EtcGroupListsMember(*etc_group_, access.info.gid, access.info.group, user_.name)) {
      // usermod -aG has been run, but this process started before: the session lacks the gid.
      access.group_membership_pending = true;
    }
    return access;
  }

 private:
  const SystemView& view_;
  UserInfo user_;
  bool unprivileged_userns_ = false;
  std::optional<std::string> etc_group_;
};

// Where `path` is mounted and with which options, as evidence "/proc/self/mountinfo line N".
Fact<DeviceMount> MountOf(const mountinfo::Table& table, std::string_view path) {
  const mountinfo::Mount* mount = mountinfo::MountFor(table, path);
  const std::string source(paths::kProcSelfMountinfo);
  if (mount == nullptr) return Fact<DeviceMount>::Unknown(source, "no mount holds " + std::string(path));
  return Fact<DeviceMount>::Known({mount->mount_point, mount->fstype, mount->options},
                                  source + " line " + std::to_string(mount->line));
}

}  // namespace

DeviceNodeFacts CollectDeviceNodes(const SystemView& view) {
  DeviceNodeFacts facts;
  AccessEvaluator evaluator(view);
  facts.kfd = evaluator.Evaluate(std::string(paths::kDevKfd));
  facts.dev_dri = view.ListDir(paths::kDevDri);
  facts.dxg_present = view.Stat(paths::kDevDxg).ok();
  const mountinfo::ReadTable read = mountinfo::ReadSelfMountinfo(view);
  const FileContent& mounts = read.file;
  if (mounts.ok()) {
    const mountinfo::Table& table = read.table;
    facts.kfd_mount = MountOf(table, paths::kDevKfd);
    facts.dri_mount = MountOf(table, paths::kDevDri);
  } else {
    const std::string source(paths::kProcSelfMountinfo);
    facts.kfd_mount = Fact<DeviceMount>::Unknown(
        source, mounts.status == FsStatus::kNotFound ? "does not exist" : mounts.error);
    facts.dri_mount = facts.kfd_mount;
  }

  std::set<std::string> names;
  DirListing drm = view.ListDir(paths::kDrmClass);
  for (const std::string& name : drm.names) {
    if (IsRenderName(name)) names.insert(name);
  }
  for (const std::string& name : facts.dev_dri.names) {
    if (IsRenderName(name)) names.insert(name);
  }
  std::vector<std::string> sorted(names.begin(), names.end());
  std::sort(sorted.begin(), sorted.end(), [](const std::string& a, const std::string& b) {
    return RenderMinor(a) < RenderMinor(b);
  });
  if (sorted.size() > kMaxRenderNodes) sorted.resize(kMaxRenderNodes);
  for (const std::string& name : sorted) {
    RenderNode node;
    node.name = name;
    // /sys/class/drm/renderD128/device -> ../../../0000:03:00.0 (the PCI function); MI300
    // partition render nodes point at amdgpu_xcp platform devices instead.
    LinkTarget device = view.ReadLink(JoinPath(JoinPath(paths::kDrmClass, name), "device"));
    if (device.ok()) node.bdf = std::string(BaseName(device.target));
    node.access = evaluator.Evaluate(JoinPath(paths::kDevDri, name));
    facts.render_nodes.push_back(std::move(node));
  }
  return facts;
}

}  // namespace rocm_doctor
