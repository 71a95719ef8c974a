// SPDX-License-Identifier: MIT
// Which amdgpu file modprobe loads, and which copy is loaded: the amdgpu.ko* files of the running
// kernel, the depmod.d search order that ranks them, the DKMS-only helper modules in
// /proc/modules, and the dpkg state of the package that carries the DKMS source.
#include <algorithm>
#include <string>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/kernel/depmod_parse.h"
#include "collect/kernel/kernel_collector_parts.h"
#include "collect/kernel/kernel_modules_parse.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::kernel_parts {
namespace {

// kmod's depmod reads these directories, files ending ".conf", in file-name order; a name in an
// earlier directory hides the same name in a later one (libkmod-config.c, depmod.c).
constexpr std::string_view kDepmodDirs[] = {"/etc/depmod.d", "/run/depmod.d",
                                            "/usr/local/lib/depmod.d", "/usr/lib/depmod.d",
                                            "/lib/depmod.d"};
// Where amdgpu lives: the kernel's own tree, and where DKMS installs (Ubuntu/Debian/Arch
// updates/dkms, Fedora/RHEL extra, SUSE updates, weak-updates for kABI-compatible copies).
constexpr std::string_view kInTreeDir = "kernel/drivers/gpu/drm/amd/amdgpu";
constexpr std::string_view kOutOfTreeRoots[] = {"updates", "extra", "weak-updates"};
// amdgpu-dkms builds these beside amdgpu (ROCK-Kernel-Driver's kcl, ttm, scheduler and drm
// helpers renamed so they never collide with the kernel's); an in-tree amdgpu never loads them.
constexpr std::string_view kDkmsHelpers[] = {"amdkcl",       "amdttm",      "amddrm_ttm_helper",
                                             "amddrm_buddy", "amddrm_exec", "amd_sched",
                                             "amdxcp"};
// The packages that install the DKMS amdgpu source (rock-dkms up to ROCm 3.x).
constexpr std::string_view kDkmsPackages[] = {"amdgpu-dkms", "rock-dkms"};

constexpr std::size_t kMaxConfFiles = 64;
constexpr std::size_t kMaxWalk = 512;  // directory entries looked at under the module roots
constexpr int kMaxDepth = 4;
constexpr std::size_t kMaxFiles = 16;
constexpr std::size_t kDpkgStatusLimit = 32u << 20;

void Walk(const SystemView& view, const std::string& root, const std::string& rel, int depth,
          std::size_t& budget, std::vector<std::string>& found) {
  DirListing listing = view.ListDir(JoinPath(root, rel));
  if (!listing.ok()) return;
  for (const std::string& name : listing.names) {
    if (budget == 0 || found.size() >= kMaxFiles) return;
    --budget;
    std::string path = rel.empty() ? name : rel + "/" + name;
    if (parse::IsModuleFile(name, "amdgpu")) {
      if (std::find(found.begin(), found.end(), path) == found.end()) found.push_back(path);
    } else if (depth > 0 && name.find('.') == std::string::npos) {
      // Module files have a dot; directories of module trees ("dkms", "amd") do not.
      Walk(view, root, path, depth - 1, budget, found);
    }
  }
}

parse::DepmodConfig ReadDepmodConfig(const SystemView& view, std::vector<std::string>& sources) {
  std::vector<std::pair<std::string, std::string>> files;  // name, full path (first dir wins)
  for (std::string_view dir : kDepmodDirs) {
    DirListing listing = view.ListDir(dir);
    if (!listing.ok()) continue;
    for (const std::string& name : listing.names) {
      if (name.size() <= 5 || name[0] == '.' || name.compare(name.size() - 5, 5, ".conf") != 0) {
        continue;
      }
      bool hidden = std::any_of(files.begin(), files.end(),
                                [&name](const auto& f) { return f.first == name; });
      if (!hidden && files.size() < kMaxConfFiles) files.emplace_back(name, JoinPath(dir, name));
    }
  }
  std::sort(files.begin(), files.end());
  parse::DepmodConfig config;
  for (const auto& [name, path] : files) {
    FileContent file = view.ReadFile(path, 64 * 1024);
    if (!file.ok()) continue;
    std::size_t before = config.search.size() + config.overrides.size();
    parse::ParseDepmodConf(file.data, config);
    if (config.search.size() + config.overrides.size() != before) sources.push_back(path);
  }
  return config;
}

void CollectChoice(const SystemView& view, KernelFacts& k) {
  if (!k.release.known()) {
    std::string why = "kernel release unknown: " + k.release.error;
    k.amdgpu_module_choice = Fact<std::string>::Unknown(std::string(paths::kLibModules), why);
    k.depmod_search = Fact<std::string>::Unknown("depmod.d", why);
    return;
  }
  std::string root = JoinPath(paths::kLibModules, *k.release);
  std::vector<std::string> sources;
  parse::DepmodConfig config = ReadDepmodConfig(view, sources);
  std::string config_source = sources.empty() ? "kmod's default (no depmod.d search line)"
                                              : parse::Printable(sources.front(), 200);
  for (std::size_t i = 1; i < sources.size(); ++i) config_source += ", " + sources[i];
  std::string search_text;
  for (const std::string& w : parse::EffectiveSearch(config)) {
    search_text += (search_text.empty() ? "" : " ") + w;
  }
  k.depmod_search = Fact<std::string>::Known(search_text, config_source);

  std::size_t budget = kMaxWalk;
  Walk(view, root, std::string(kInTreeDir), 0, budget, k.amdgpu_module_files);
  std::vector<std::string> roots(std::begin(kOutOfTreeRoots), std::end(kOutOfTreeRoots));
  for (const std::string& dir : config.search) {
    bool listed = dir == parse::kDepmodBuiltIn || dir.find("..") != std::string::npos ||
                  std::find(roots.begin(), roots.end(), dir) != roots.end();
    if (!listed && roots.size() < 16) roots.push_back(dir);
  }
  for (const std::string& dir : roots) Walk(view, root, dir, kMaxDepth, budget, k.amdgpu_module_files);

  auto choice = parse::ChooseModule(config, "amdgpu", *k.release, k.amdgpu_module_files);
  if (!choice) {
    k.amdgpu_module_choice.source = root;  // known absent: no amdgpu.ko* in those places
    return;
  }
  std::string source = JoinPath(root, k.amdgpu_module_files[choice->index]) + " (" +
                       choice->reason + ", " + config_source + ")";
  if (choice->tie) {
    k.amdgpu_module_choice = Fact<std::string>::Unknown(
        source, "two amdgpu files rank the same; depmod keeps the one its walk meets first");
    return;
  }
  k.amdgpu_module_choice = Fact<std::string>::Known(k.amdgpu_module_files[choice->index], source);
}

void CollectLoadedFlavour(const SystemView& view, KernelFacts& k) {
  FileContent modules = view.ReadFile(paths::kProcModules, kModuleListLimit);
  if (modules.ok()) {
    for (std::string_view helper : kDkmsHelpers) {
      if (parse::FindProcModule(modules.data, helper)) k.dkms_helper_modules.emplace_back(helper);
    }
  }
  if (k.amdgpu_version.known()) {
    k.amdgpu_loaded_flavour = Fact<std::string>::Known("dkms", k.amdgpu_version.source);
  } else if (!k.dkms_helper_modules.empty() && k.amdgpu_in_proc_modules.known() &&
             *k.amdgpu_in_proc_modules) {
    k.amdgpu_loaded_flavour = Fact<std::string>::Known("dkms", std::string(paths::kProcModules));
  } else if (k.amdgpu_in_proc_modules.known() && *k.amdgpu_in_proc_modules &&
             k.amdgpu_version.error.empty()) {
    // Loaded, no version file (read as absent, not failed) and no DKMS helper: in-tree.
    k.amdgpu_loaded_flavour = Fact<std::string>::Known(
        "in-tree", std::string(paths::kProcModules) + ", " + k.amdgpu_version.source + " absent");
  } else {
    k.amdgpu_loaded_flavour.source = std::string(paths::kProcModules);
  }
}

void CollectDkmsPackage(const SystemView& view, KernelFacts& k) {
  std::string src(paths::kDpkgStatus);
  FileContent status = view.ReadFile(paths::kDpkgStatus, kDpkgStatusLimit);
  if (!status.ok()) {
    std::string why = DescribeFailure(status.status, status.error);
    k.dkms_package = Fact<std::string>::Unknown(src, why);
    k.dkms_package_status = Fact<std::string>::Unknown(src, why);
    return;
  }
  for (std::string_view package : kDkmsPackages) {
    auto state = parse::DpkgPackageState(status.data, package);
    if (!state) continue;
    std::string who = std::string(package) + (state->version.empty() ? "" : " " + state->version);
    k.dkms_package = Fact<std::string>::Known(who, src);
    k.dkms_package_status = Fact<std::string>::Known(state->status, src);
    return;
  }
  k.dkms_package.source = src;  // dpkg knows no DKMS package
  k.dkms_package_status.source = src;
}

}  // namespace

void CollectModuleChoice(const SystemView& view, KernelFacts& facts) {
  CollectChoice(view, facts);
  CollectLoadedFlavour(view, facts);
  CollectDkmsPackage(view, facts);
}

}  // namespace rocm_doctor::kernel_parts
