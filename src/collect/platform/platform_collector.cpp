// SPDX-License-Identifier: MIT
// CollectPlatform: container, user namespace, WSL2 and hypervisor evidence. Each conclusion keeps
// the lines that led to it, because every hint alone can mislead: a VM booted from a Docker
// image's root file system has /.dockerenv (this project's own Firecracker CI VM does), and a
// Docker container on cgroup v2 shows only "0::/" in /proc/self/cgroup.
#include "collect/platform/platform_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

std::optional<std::string> Read(const SystemView& view, std::string_view path,
                                std::size_t limit = kAttributeLimit) {
  FileContent file = view.ReadFile(path, limit);
  if (!file.ok()) return std::nullopt;
  return std::move(file.data);
}

void DetectContainer(const SystemView& view, PlatformFacts& out) {
  std::vector<platform::ContainerHint> strong;
  if (Exists(view, paths::kContainerEnv)) {
    std::string evidence = std::string(paths::kContainerEnv) + " exists";
    // Podman writes engine="podman-..." and rootless=1 into it (containers-common).
    if (auto text = Read(view, paths::kContainerEnv)) {
      if (parse::Contains(*text, "rootless=1")) evidence += " (rootless=1)";
    }
    strong.push_back({"podman", evidence});
  }
  if (auto cgroup = Read(view, paths::kProcSelfCgroup, kDefaultReadLimit)) {
    if (auto hint = platform::ContainerFromCgroup(*cgroup)) strong.push_back(*hint);
  }
  std::optional<std::string> mountinfo = Read(view, paths::kProcSelfMountinfo, kDefaultReadLimit);
  if (mountinfo) {
    if (auto hint = platform::ContainerFromMountinfo(*mountinfo)) strong.push_back(*hint);
  }
  // podman, systemd-nspawn, LXC and others set `container` for the container's init.
  if (auto env = view.GetEnv("container"); env && !env->empty()) {
    strong.push_back({parse::Printable(*env, 40), "environment container=" + *env});
  } else if (auto environ = Read(view, paths::kProc1Environ)) {
    if (auto kind = platform::ContainerFromEnviron(*environ)) {
      strong.push_back({*kind, std::string(paths::kProc1Environ) + ": container=" + *kind});
    }
  }
  if (auto k8s = view.GetEnv("KUBERNETES_SERVICE_HOST"); k8s && !k8s->empty()) {
    strong.push_back({"kubernetes", "environment KUBERNETES_SERVICE_HOST=" + *k8s});
  }

  const bool dockerenv = Exists(view, paths::kDockerEnv);
  for (const auto& hint : strong) out.container_evidence.push_back(hint.evidence);
  if (dockerenv) out.container_evidence.push_back(std::string(paths::kDockerEnv) + " exists");

  if (!strong.empty()) {
    // A pod's runtime (docker, containerd, cri-o) matters less than being in Kubernetes.
    out.container = strong.front().kind;
    for (const auto& hint : strong) {
      if (hint.kind == "kubernetes") out.container = "kubernetes";
    }
    return;
  }
  if (!dockerenv) return;
  // /.dockerenv is only a file in the root file system. Container runtimes mount a tmpfs on /dev;
  // devtmpfs there with a block-device root means the kernel booted this image directly.
  auto dev_type = mountinfo ? platform::MountType(*mountinfo, "/dev") : std::nullopt;
  auto root_type = mountinfo ? platform::MountType(*mountinfo, "/") : std::nullopt;
  const bool overlay_root = root_type && (parse::StartsWith(*root_type, "overlay") ||
                                          parse::StartsWith(*root_type, "fuse-overlayfs"));
  if (dev_type && parse::StartsWith(*dev_type, "devtmpfs") && root_type && !overlay_root) {
    out.container_counter_evidence.push_back(
        std::string(paths::kDockerEnv) + " exists, but /dev is " + *dev_type + " and / is " +
        *root_type + " (/proc/self/mountinfo): the image was booted, not run by a runtime");
    out.container_evidence.clear();
    return;
  }
  out.container = "docker";
}

void DetectUserNamespace(const SystemView& view, PlatformFacts& out) {
  auto uid_map = Read(view, paths::kProcSelfUidMap);
  if (!uid_map || !platform::UidMapIsUnprivileged(*uid_map)) return;
  out.rootless_userns = true;
  std::string lines;
  for (std::string_view line : parse::Lines(parse::Trim(*uid_map))) {
    if (!lines.empty()) lines += "; ";
    lines += parse::Printable(parse::Trim(line), 60);
  }
  out.userns_map = lines;
}

void DetectWsl(const SystemView& view, PlatformFacts& out) {
  Fact<std::string> version = ReadText(view, paths::kProcVersion);
  if (version.known() && platform::ProcVersionIsWsl(*version)) {
    out.wsl_evidence.push_back(std::string(paths::kProcVersion) + ": " +
                               parse::Printable(*version, 120));
  }
  if (view.Stat(paths::kDevDxg).ok()) {
    out.wsl_evidence.push_back(std::string(paths::kDevDxg) + " exists");
  }
  if (Exists(view, paths::kWslInterop)) {
    out.wsl_evidence.push_back(std::string(paths::kWslInterop) + " exists");
  }
  if (auto distro = view.GetEnv("WSL_DISTRO_NAME"); distro && !distro->empty()) {
    out.wsl_evidence.push_back("environment WSL_DISTRO_NAME=" + parse::Printable(*distro, 40));
  }
  out.wsl = !out.wsl_evidence.empty();
}

void DetectHypervisor(const SystemView& view, PlatformFacts& out) {
  std::string name;
  if (auto cpuinfo = Read(view, paths::kProcCpuinfo, kDefaultReadLimit);
      cpuinfo && platform::CpuinfoHasHypervisorFlag(*cpuinfo)) {
    out.hypervisor_evidence.push_back("cpuinfo flag hypervisor");
  }
  Fact<std::string> vendor = ReadText(view, JoinPath(paths::kDmiId, "sys_vendor"));
  Fact<std::string> product = ReadText(view, JoinPath(paths::kDmiId, "product_name"));
  if (vendor.known() || product.known()) {
    std::string from_dmi =
        platform::HypervisorFromDmi(vendor.value.value_or(""), product.value.value_or(""));
    if (!from_dmi.empty()) {
      name = from_dmi;
      out.hypervisor_evidence.push_back(
          "dmi sys_vendor " + parse::Printable(vendor.value.value_or("?"), 60) + ", product_name " +
          parse::Printable(product.value.value_or("?"), 60));
    }
  }
  Fact<std::string> type = ReadText(view, paths::kHypervisorType);
  if (type.known() && !type->empty()) {
    if (name.empty()) name = parse::Lower(parse::Printable(*type, 20));
    out.hypervisor_evidence.push_back(std::string(paths::kHypervisorType) + ": " +
                                      parse::Printable(*type, 20));
  }
  Fact<std::string> clocks = ReadText(view, paths::kClocksourceAvailable);
  if (clocks.known()) {
    std::string from_clock = platform::HypervisorFromClocksources(*clocks);
    if (!from_clock.empty()) {
      if (name.empty()) name = from_clock;
      out.hypervisor_evidence.push_back("clocksource " + from_clock + " available (" +
                                        parse::Printable(*clocks, 80) + ")");
    }
  }
  // The CPUID flag alone says "virtual machine" without naming it (Firecracker has no DMI).
  if (name.empty() && !out.hypervisor_evidence.empty()) name = "unknown";
  out.hypervisor = name;
}

}  // namespace

PlatformFacts CollectPlatform(const SystemView& view) {
  PlatformFacts facts;
  DetectContainer(view, facts);
  DetectUserNamespace(view, facts);
  DetectWsl(view, facts);
  DetectHypervisor(view, facts);
  return facts;
}

}  // namespace rocm_doctor
