// SPDX-License-Identifier: MIT
// CollectFacts<RocmFacts>: every ROCm userspace install on the host and the libamdhip64 the
// dynamic loader would pick. Install layout: docs/research/sysfs-layout.md section 6;
// loader order: ld.so(8) (LD_LIBRARY_PATH, /etc/ld.so.conf directories, the trusted defaults).
#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/rocm/ld_so_conf.h"
#include "collect/rocm/rocm_install_finder.h"
#include "collect/rocm/rocm_paths.h"
#include "collect/rocm/rocm_release.h"
#include "collect/rocm/rocm_version_parse.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

using rocm_scan::DirName;
using rocm_scan::DpkgStatus;
using rocm_scan::HipVersion;
using rocm_scan::InstallFinder;
using rocm_scan::InstallVersion;
using rocm_scan::kHipStem;
using rocm_scan::kHsaStem;
using rocm_scan::ReadLdSoConf;
using rocm_scan::Resolve;
using rocm_scan::RuntimeRelease;
using rocm_scan::RuntimeVersion;
using rocm_scan::SplitColons;
using rocm_scan::StripTrailingSlashes;

// glibc's trusted directories on x86_64 Debian/Ubuntu/Fedora, in the order ld.so searches them.
constexpr std::string_view kDefaultLibDirs[] = {
    "/lib/x86_64-linux-gnu", paths::kMultiarchLibDir, "/lib64", "/usr/lib64", "/lib", "/usr/lib"};
// Where distribution packages put ROCm (Debian/Ubuntu multiarch, Fedora/SUSE lib64, Arch lib).
constexpr std::string_view kDistroLibDirs[] = {paths::kMultiarchLibDir, "/usr/lib64", "/usr/lib"};

// A bound against hostile trees (a machine directory with 100000 /opt entries).
constexpr std::size_t kMaxOptEntries = 64;

Fact<std::string> EnvFact(const SystemView& view, std::string_view name) {
  std::string src = "$" + std::string(name);
  if (auto value = view.GetEnv(name)) return Fact<std::string>::Known(*value, src);
  return Fact<std::string>::Unknown(src, "not set");
}

// The first libamdhip64.so.N in loader order, as a resolved directory + file name.
Fact<std::string> LoaderHip(const SystemView& view, const std::vector<std::string>& order) {
  std::set<std::string> seen;
  for (const std::string& dir : order) {
    std::string resolved = Resolve(view, dir);
    if (!seen.insert(resolved).second) continue;
    DirListing listing = view.ListDir(resolved);
    if (!listing.ok()) continue;
    std::string best;
    for (const std::string& name : listing.names) {
      auto parsed = rocm_parse::ParseLibraryName(name, kHipStem);
      // The soname file itself (libamdhip64.so.6): what a program linked with -lamdhip64 asks for.
      if (parsed && !parsed->soname.empty() && parsed->version.empty()) {
        if (best.empty() || name > best) best = name;
      }
    }
    if (!best.empty()) return Fact<std::string>::Known(JoinPath(resolved, best), dir);
  }
  return Fact<std::string>::Unknown("loader search path", "no libamdhip64.so.N in any directory");
}

}  // namespace

const RocmInstall* RocmFacts::Selected() const {
  if (!loader_hip_path.known()) return nullptr;
  std::string dir = DirName(*loader_hip_path);
  for (const RocmInstall& install : installs) {
    if (install.lib_dir == dir) return &install;
  }
  return nullptr;
}

const RocmInstall* RocmFacts::InUse() const {
  if (const RocmInstall* selected = Selected()) return selected;
  for (const RocmInstall& install : installs) {
    if (opt_rocm_target.known() && install.root == *opt_rocm_target && !install.hip.empty()) {
      return &install;
    }
  }
  for (const RocmInstall& install : installs) {
    if (!install.hip.empty()) return &install;
  }
  return nullptr;
}

template <>
RocmFacts CollectFacts<RocmFacts>(const SystemView& view) {
  RocmFacts facts;
  facts.rocm_path_env = EnvFact(view, "ROCM_PATH");
  facts.hip_path_env = EnvFact(view, "HIP_PATH");
  facts.ld_library_path = EnvFact(view, "LD_LIBRARY_PATH");

  InstallFinder finder(view);
  LinkTarget link = view.ReadLink(paths::kOptRocm);
  NodeInfo opt_rocm = view.Stat(paths::kOptRocm);
  if (link.ok() || (opt_rocm.ok() && opt_rocm.type == NodeType::kDirectory)) {
    std::string target = Resolve(view, paths::kOptRocm);
    if (link.ok()) {
      facts.opt_rocm_target = Fact<std::string>::Known(
          target, std::string(paths::kOptRocm) + " -> " + parse::Printable(link.target));
    } else {
      facts.opt_rocm_target = Fact<std::string>::Known(target, std::string(paths::kOptRocm));
    }
    if (opt_rocm.ok()) finder.Add(std::string(paths::kOptRocm), "opt-link");
  } else {
    facts.opt_rocm_target = Fact<std::string>::Unknown(
        std::string(paths::kOptRocm),
        link.status == FsStatus::kNotFound ? "not found" : std::string(ToString(link.status)));
  }
  DirListing opt = view.ListDir(paths::kOpt);
  if (opt.ok()) {
    std::size_t taken = 0;
    for (const std::string& name : opt.names) {
      if (!parse::StartsWith(name, "rocm-") || taken == kMaxOptEntries) continue;
      ++taken;
      finder.Add(JoinPath(paths::kOpt, name), "opt");
    }
  }
  if (facts.rocm_path_env.known() && !facts.rocm_path_env->empty() &&
      facts.rocm_path_env->front() == '/') {
    finder.Add(*facts.rocm_path_env, "ROCM_PATH");
  }
  if (facts.hip_path_env.known() && !facts.hip_path_env->empty() &&
      facts.hip_path_env->front() == '/') {
    // HIP_PATH is the HIP directory of an install: /opt/rocm-6.2.0 or, before ROCm 5.x,
    // /opt/rocm-4.5.0/hip.
    std::string hip_root = StripTrailingSlashes(*facts.hip_path_env);
    if (BaseName(hip_root) == "hip") hip_root = DirName(hip_root);
    finder.Add(hip_root, "HIP_PATH");
  }
  for (std::string_view dir : kDistroLibDirs) finder.AddDistro(dir);

  std::vector<std::string> order;
  if (facts.ld_library_path.known()) {
    for (std::string& dir : SplitColons(*facts.ld_library_path)) {
      finder.AddLibDir(dir, "LD_LIBRARY_PATH");
      order.push_back(std::move(dir));
    }
  }
  std::vector<std::string> conf_dirs;
  std::size_t conf_files = 0;
  ReadLdSoConf(view, paths::kLdSoConf, 0, conf_files, conf_dirs);
  for (std::string& dir : conf_dirs) {
    finder.AddLibDir(dir, "ld.so.conf");
    order.push_back(std::move(dir));
  }
  for (std::string_view dir : kDefaultLibDirs) order.emplace_back(dir);

  facts.installs = finder.Take();
  // Installs without any HIP library (an /opt/rocm-X with only docs, a ROCM_PATH typo) stay
  // listed: checks tell "ROCM_PATH points at nothing" from "not installed".
  DpkgStatus dpkg(view);
  for (RocmInstall& install : facts.installs) {
    install.hip_release = RuntimeRelease(install, install.hip, kHipStem, dpkg);
    install.hsa_release = RuntimeRelease(install, install.hsa, kHsaStem, dpkg);
    install.version = InstallVersion(view, install);
    install.hip_version = HipVersion(view, install);
    install.hsa_version = RuntimeVersion(install.hsa, install.hsa_release, kHsaStem);
    if (!install.hsa_version.known()) {
      install.hsa_version =
          Fact<std::string>::Unknown(install.lib_dir, "no versioned libhsa-runtime64");
    }
  }
  // The /opt/rocm target first.
  if (facts.opt_rocm_target.known()) {
    std::stable_partition(facts.installs.begin(), facts.installs.end(),
                          [&](const RocmInstall& i) { return i.root == *facts.opt_rocm_target; });
  }
  facts.loader_hip_path = LoaderHip(view, order);
  return facts;
}

}  // namespace rocm_doctor
