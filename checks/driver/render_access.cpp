// SPDX-License-Identifier: MIT
// driver.render_access: may this user open each GPU's /dev/dri/renderD<N> O_RDWR. libhsakmt opens
// the render node of every KFD GPU node (drm_render_minor); ENOENT/EPERM drop that GPU silently,
// EACCES aborts hsa_init (libhsakmt topology.c / fmm.c). It runs after driver.kfd_access: when
// /dev/kfd is refused the same groups usually refuse the render nodes, and one root cause with
// one fix (usermod -aG render,video) reads better than two.
#include <map>
#include <set>

#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd", "driver.kfd_access"};
constexpr std::string_view kPermissionCommands[] = {
    "sudo usermod -aG {groups} {user}  # needs root",
    "newgrp {group}  # or log out and back in",
};
constexpr std::string_view kRenderMissingCommands[] = {
    "ls -l /dev/dri /sys/class/drm",
    "sudo udevadm trigger --subsystem-match=drm --action=add  # needs root",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.render_node.permission_denied",
     .severity = Status::kFail,
     .title = "the user cannot open a GPU's render node read-write",
     .remediation =
         "ROCm opens /dev/dri/renderD<N> of every GPU. A node it cannot open drops the GPU "
         "silently (EPERM/ENOENT) or fails hsa_init (EACCES); libhsakmt says so only with "
         "HSAKMT_DEBUG_LEVEL set. Add the user to the group that owns the node, then log out and "
         "back in.",
     .commands = kPermissionCommands,
     .requires_root = true},
    {.code = "driver.render_node.missing",
     .severity = Status::kFail,
     .title = "a GPU's render node does not exist under /dev/dri",
     .remediation = "sysfs has a render node for the GPU but /dev/dri has no device file for "
                    "it: udev did not create it, or /dev is not devtmpfs. ROCm drops the GPU.",
     .commands = kRenderMissingCommands,
     .requires_root = true},
    {.code = "driver.render_access.unmatched",
     .severity = Status::kUnknown,
     .title = "no render node could be matched to the GPU",
     .remediation = "Neither /sys/class/drm nor the KFD topology names a render node for the "
                    "GPU, so its access cannot be judged. Check that amdgpu created a DRM "
                    "device for it.",
     .commands = kRenderMissingCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.render_access",
                          .layer = Layer::kDriver,
                          .title = "render node access",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

struct Wanted {
  std::string name;  // renderD128
  std::string bdf;   // the GPU it belongs to, "" when unknown
};

std::string GroupOf(const NodeInfo& info) {
  return info.group.empty() ? std::to_string(info.gid) : info.group;
}

// The render nodes ROCm will open. Inside a container only the GPUs the device cgroup permits
// matter: KFD hides the others' properties (EPERM), so they are not GPU nodes here.
std::vector<Wanted> WantedNodes(const CheckContext& ctx, std::vector<std::string>& unmatched) {
  std::vector<Wanted> wanted;
  std::set<std::string> seen;
  std::set<std::string> covered_bdfs;
  auto add = [&](std::string name, std::string bdf) {
    if (seen.insert(name).second) wanted.push_back({std::move(name), std::move(bdf)});
  };
  const KfdTopology& topo = ctx.facts.Kfd();
  for (const KfdNode* node : topo.GpuNodes()) {
    auto minor = node->Get("drm_render_minor");
    if (!minor || *minor < 128 || *minor > 1u << 20) continue;
    add("renderD" + std::to_string(*minor), node->PciBdf());
    covered_bdfs.insert(node->PciBdf());
  }
  const bool in_container = !ctx.facts.Platform().container.empty();
  if (in_container && !wanted.empty()) return wanted;
  const DeviceNodeFacts& nodes = ctx.facts.DeviceNodes();
  for (const PciDevice* gpu : ctx.facts.Pci().AmdGpus()) {
    if (gpu->driver.known() && *gpu->driver != "amdgpu") continue;  // vfio-pci etc.: not ours
    std::set<std::string> names(gpu->render_nodes.begin(), gpu->render_nodes.end());
    for (const RenderNode& r : nodes.render_nodes) {
      if (r.bdf == gpu->bdf) names.insert(r.name);
    }
    if (names.empty() && !covered_bdfs.count(gpu->bdf)) unmatched.push_back(gpu->bdf);
    for (const std::string& name : names) add(name, gpu->bdf);
  }
  return wanted;
}

NodeAccess AccessOf(const DeviceNodeFacts& nodes, const std::string& name) {
  for (const RenderNode& r : nodes.render_nodes) {
    if (r.name == name) return r.access;
  }
  NodeAccess missing;
  missing.path = std::string(paths::kDevDri) + "/" + name;
  missing.reason = missing.path + " does not exist";
  return missing;
}

std::string Label(const Wanted& w) { return w.bdf.empty() ? w.name : w.name + " (" + w.bdf + ")"; }

// One finding per code, naming every node it covers.
struct Group {
  std::vector<std::string> labels;
  std::vector<Evidence> evidence;
  std::map<std::string, std::string> params;
  std::string detail;
};

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Render nodes quoted as a pass's evidence at most; a count follows when there are more.
constexpr std::size_t kMaxNodeEvidence = 4;

CheckOutcome Run(const CheckContext& ctx) {
  const PlatformFacts& platform = ctx.facts.Platform();
  if (platform.wsl) return CheckOutcome::Skip("WSL2: ROCm uses /dev/dxg");
  std::vector<std::string> unmatched;
  std::vector<Wanted> wanted = WantedNodes(ctx, unmatched);
  const DeviceNodeFacts& nodes = ctx.facts.DeviceNodes();
  const UserInfo& user_info = ctx.facts.Host().user;
  const std::string user =
      user_info.name.empty() ? "uid " + std::to_string(user_info.uid) : user_info.name;
  const bool in_container = !platform.container.empty();

  // In a container without a usable KFD topology, GPUs left out on purpose look like GPUs not
  // passed in: only call it a passthrough problem when no render node was passed at all.
  bool any_present = false;
  for (const Wanted& w : wanted) any_present |= AccessOf(nodes, w.name).info.ok();
  const bool partial_is_intended =
      in_container && any_present && ctx.facts.Kfd().GpuNodes().empty();

  std::map<std::string, Group> groups;
  std::vector<std::string> ok;
  std::vector<Evidence> ok_evidence;  // what a pass rests on: the first nodes' mode and owner
  for (const Wanted& w : wanted) {
    NodeAccess access = AccessOf(nodes, w.name);
    if (access.read_write) {
      ok.push_back(Label(w));
      if (ok_evidence.size() < kMaxNodeEvidence) {
        ok_evidence.push_back({access.path, access.reason, "read-write for " + user});
      }
      continue;
    }
    std::string code;
    Group extra;
    if (access.info.status == FsStatus::kNotFound) {
      if (partial_is_intended) continue;
      code = in_container ? "container.devices.not_passed" : "driver.render_node.missing";
    } else if (platform.rootless_userns && (access.group_unmapped || !access.info.ok())) {
      code = "container.group.unmapped";
    } else if (in_container && access.info.ok() && !access.in_node_group) {
      code = "container.group.gid_mismatch";
      extra.params["gid"] = std::to_string(access.info.gid);
    } else {
      code = "driver.render_node.permission_denied";
      if (access.group_membership_pending) {
        extra.detail = "; /etc/group already lists " + user + " in " + GroupOf(access.info) +
                       ", but this session started before: log out and back in (or `newgrp " +
                       GroupOf(access.info) + "`)";
      }
    }
    Group& g = groups[code];
    g.labels.push_back(Label(w));
    g.evidence.push_back({access.path, access.reason, "read-write for " + user});
    g.params["user"] = user;
    g.params["node"] = access.path;
    if (!w.bdf.empty()) g.params["bdf"] = w.bdf;
    if (access.info.ok()) {
      std::string group = GroupOf(access.info);
      g.params["group"] = group;
      g.params["groups"] = group == "render" || group == "video" ? "render,video" : group;
    }
    for (auto& [k, v] : extra.params) g.params[k] = v;
    if (g.detail.empty()) {
      g.detail = ": " + (access.info.ok() ? access.path + " is " + access.reason : access.reason) +
                 extra.detail;
    }
  }

  std::vector<Finding> findings;
  for (auto& [code, g] : groups) {
    std::string subject = Join(g.labels);
    std::string message;
    if (code == "container.devices.not_passed") {
      message = "this " + platform.container + " container lacks " + subject +
                ": pass --device=/dev/dri (or the node) as well as --device=/dev/kfd";
    } else if (code == "driver.render_node.missing") {
      message = "sysfs names " + subject + " but /dev/dri has no such device file";
    } else if (code == "container.group.unmapped") {
      message = "rootless container (uid_map " + platform.userns_map + "): " + user +
                " cannot open " + subject + g.detail;
    } else if (code == "container.group.gid_mismatch") {
      message = "in this " + platform.container + " container " + user + " cannot open " + subject +
                g.detail + ": add --group-add " + g.params["gid"];
    } else {
      message = user + " cannot open " + subject + " read-write" + g.detail;
    }
    findings.push_back(
        MakeFinding(code, std::move(message), std::move(g.evidence), std::move(g.params)));
  }
  for (const std::string& bdf : unmatched) {
    findings.push_back(
        MakeFinding("driver.render_access.unmatched",
                    "no render node found for the AMD GPU " + bdf +
                        " (no renderD* under /sys/class/drm "
                        "links to it and the KFD topology names none)",
                    {{std::string(paths::kDrmClass), "no renderD* linked to " + bdf, "renderD<N>"}},
                    {{"bdf", bdf}}));
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  if (ok.empty()) return CheckOutcome::Skip("no AMD GPU render node to check");
  if (ok.size() > ok_evidence.size()) {
    ok_evidence.push_back({std::string(paths::kDevDri),
                           std::to_string(ok.size()) + " render nodes read-write in all", ""});
  }
  std::vector<std::string> user_groups;
  for (const GroupRef& g : user_info.groups) {
    user_groups.push_back(!g.name.empty() ? g.name : g.gid ? std::to_string(*g.gid) : "?");
  }
  ok_evidence.push_back({user_info.source.empty() ? "getuid/getgroups" : user_info.source,
                         user + " uid " + std::to_string(user_info.uid) + ", groups " +
                             (user_groups.empty() ? "none" : Join(user_groups)),
                         ""});
  if (ok.size() == 1) {
    return CheckOutcome::Pass(ok.front() + " read-write for " + user, std::move(ok_evidence));
  }
  return CheckOutcome::Pass(std::to_string(ok.size()) + " render nodes read-write for " + user,
                            std::move(ok_evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
