// SPDX-License-Identifier: MIT
#include "collect/platform/platform_parse.h"

#include <vector>

#include "base/text_parse.h"

namespace rocm_doctor::platform {
namespace {

std::vector<std::string_view> Split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    std::size_t pos = text.find(sep);
    out.push_back(text.substr(0, pos));
    if (pos == std::string_view::npos) break;
    text.remove_prefix(pos + 1);
  }
  return out;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The container runtime a cgroup path names, from its path segments.
std::string KindFromCgroupPath(std::string_view path) {
  std::vector<std::string_view> segments = Split(path, '/');
  for (std::size_t i = 0; i < segments.size(); ++i) {
    std::string_view s = segments[i];
    // kubelet: /kubepods/burstable/pod<uid>/<id>, systemd driver: kubepods-burstable-pod....slice
    if (parse::StartsWith(s, "kubepods")) return "kubernetes";
    // podman: libpod-<id>.scope, /libpod_parent/libpod-<id>
    if (parse::StartsWith(s, "libpod")) return "podman";
    // docker: /docker/<id> (cgroupfs driver), docker-<id>.scope (systemd driver)
    if (s == "docker" && i + 1 < segments.size() && !segments[i + 1].empty()) return "docker";
    if (parse::StartsWith(s, "docker-") && EndsWith(s, ".scope")) return "docker";
    // containerd / CRI: cri-containerd-<id>.scope, /containerd/<id>
    if (parse::StartsWith(s, "cri-containerd-")) return "containerd";
    if (s == "containerd" && i + 1 < segments.size() && !segments[i + 1].empty()) {
      return "containerd";
    }
    // LXC: /lxc/<name>, lxc.payload.<name> (LXC 4+)
    if (s == "lxc" && i + 1 < segments.size() && !segments[i + 1].empty()) return "lxc";
    if (parse::StartsWith(s, "lxc.payload")) return "lxc";
  }
  return "";
}

}  // namespace

std::optional<ContainerHint> ContainerFromCgroup(std::string_view cgroup) {
  for (std::string_view raw : parse::Lines(cgroup)) {
    std::string_view line = parse::Trim(raw);
    // hierarchy-id:controllers:path; the path may itself contain ':'.
    std::size_t first = line.find(':');
    if (first == std::string_view::npos) continue;
    std::size_t second = line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    std::string kind = KindFromCgroupPath(line.substr(second + 1));
    if (!kind.empty()) {
      return ContainerHint{kind, "/proc/self/cgroup: " + parse::Printable(line, 120)};
    }
  }
  return std::nullopt;
}

std::optional<ContainerHint> ContainerFromMountinfo(std::string_view mountinfo) {
  for (std::string_view raw : parse::Lines(mountinfo)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(raw);
    // id parent major:minor root mount-point options [optional...] - fstype source super-options
    if (words.size() < 7 || words[4] != "/") continue;
    std::size_t dash = 6;
    while (dash < words.size() && words[dash] != "-") ++dash;
    if (dash + 3 > words.size()) continue;
    std::string_view fstype = words[dash + 1];
    if (fstype != "overlay" && fstype != "fuse-overlayfs") continue;
    std::string_view options = dash + 3 < words.size() ? words[dash + 3] : "";
    std::string kind;
    if (parse::Contains(options, "/var/lib/docker/") || parse::Contains(options, "/docker/")) {
      kind = "docker";
    } else if (parse::Contains(options, "containers/storage")) {
      kind = "podman";
    } else if (parse::Contains(options, "containerd")) {
      kind = "containerd";
    }
    if (!kind.empty()) {
      return ContainerHint{kind, "/proc/self/mountinfo: / is " + std::string(fstype) + " (" +
                                     parse::Printable(options, 80) + ")"};
    }
  }
  return std::nullopt;
}

std::optional<std::string> MountType(std::string_view mountinfo, std::string_view mount_point) {
  std::optional<std::string> found;
  for (std::string_view raw : parse::Lines(mountinfo)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(raw);
    if (words.size() < 7 || words[4] != mount_point) continue;
    std::size_t dash = 6;
    while (dash < words.size() && words[dash] != "-") ++dash;
    if (dash + 1 >= words.size()) continue;
    std::string type(words[dash + 1]);
    if (dash + 2 < words.size()) type += " " + std::string(words[dash + 2]);
    found = type;  // the last mount on a mount point is the visible one
  }
  return found;
}

std::optional<std::string> ContainerFromEnviron(std::string_view environ) {
  for (std::string_view entry : Split(environ, '\0')) {
    if (parse::StartsWith(entry, "container=") && entry.size() > 10) {
      return parse::Printable(entry.substr(10), 40);
    }
  }
  return std::nullopt;
}

bool UidMapIsUnprivileged(std::string_view uid_map) {
  bool any_line = false;
  for (std::string_view raw : parse::Lines(uid_map)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(parse::Trim(raw));
    if (words.size() != 3) continue;
    auto inside = parse::UInt(words[0]);
    auto outside = parse::UInt(words[1]);
    auto count = parse::UInt(words[2]);
    if (!inside || !outside || !count) continue;
    any_line = true;
    if (*inside == 0 && *count > 0) return *outside != 0;
  }
  return any_line;  // uid 0 is not mapped: an unprivileged namespace
}

bool ProcVersionIsWsl(std::string_view proc_version) {
  std::string lower = parse::Lower(proc_version);
  return parse::Contains(lower, "microsoft") || parse::Contains(lower, "wsl");
}

bool CpuinfoHasHypervisorFlag(std::string_view cpuinfo) {
  for (std::string_view line : parse::Lines(cpuinfo)) {
    // x86 "flags\t\t: ..."; other architectures have no such flag.
    if (!parse::StartsWith(line, "flags")) continue;
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    for (std::string_view flag : parse::SplitWhitespace(line.substr(colon + 1))) {
      if (flag == "hypervisor") return true;
    }
  }
  return false;
}

std::string HypervisorFromDmi(std::string_view sys_vendor, std::string_view product_name) {
  std::string vendor = parse::Lower(parse::Trim(sys_vendor));
  std::string product = parse::Lower(parse::Trim(product_name));
  auto has = [](const std::string& s, std::string_view needle) {
    return parse::Contains(s, needle);
  };
  if (has(vendor, "qemu") || has(product, "kvm") || has(vendor, "red hat")) return "kvm";
  if (has(vendor, "vmware")) return "vmware";
  if (has(vendor, "microsoft") && has(product, "virtual machine")) return "microsoft";
  if (has(vendor, "xen")) return "xen";
  if (has(vendor, "innotek") || has(product, "virtualbox")) return "oracle";
  if (has(vendor, "parallels")) return "parallels";
  if (has(vendor, "bochs")) return "bochs";
  if (has(product, "openstack")) return "kvm";
  // EC2 bare-metal instances ("m5.metal") have the same vendor and no hypervisor.
  if (has(vendor, "amazon ec2")) return EndsWith(product, ".metal") ? "" : "amazon";
  if (has(vendor, "google") && has(product, "compute engine")) return "google";
  return "";
}

std::string HypervisorFromClocksources(std::string_view available_clocksource) {
  for (std::string_view source : parse::SplitWhitespace(available_clocksource)) {
    if (source == "kvm-clock") return "kvm";
    if (parse::StartsWith(source, "hyperv_clocksource")) return "microsoft";
    if (source == "xen") return "xen";
  }
  return "";
}

}  // namespace rocm_doctor::platform
