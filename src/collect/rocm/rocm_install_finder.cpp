// SPDX-License-Identifier: MIT
#include "collect/rocm/rocm_install_finder.h"

#include <algorithm>

#include "collect/common/sysfs_reader.h"
#include "collect/rocm/rocm_paths.h"
#include "collect/rocm/rocm_version_parse.h"

namespace rocm_doctor::rocm_scan {
namespace {

// A hostile tree can hold thousands of libamdhip64.so.* names; a real one a handful.
constexpr std::size_t kMaxLibFilesPerStem = 16;

}  // namespace

Fact<std::string> FindHccHip(const SystemView& view, std::string_view root) {
  // hip/lib is where the hip_hcc package installs it; lib/ holds the postinst's link to it.
  for (std::string_view sub : {"hip/lib", "lib"}) {
    std::string path = JoinPath(JoinPath(root, sub), kHccHipName);
    NodeInfo node = view.Stat(path);
    if (node.ok() && node.type == NodeType::kRegular) return Fact<std::string>::Known(path, path);
  }
  return Fact<std::string>::Unknown(JoinPath(root, "hip/lib"), "no libhip_hcc.so");
}

std::vector<RocmLibraryFile> FindLibraries(const SystemView& view, const DirListing& listing,
                                           std::string_view dir, std::string_view stem) {
  std::vector<RocmLibraryFile> out;
  if (!listing.ok()) return out;
  for (const std::string& name : listing.names) {
    auto parsed = rocm_parse::ParseLibraryName(name, stem);
    if (!parsed) continue;
    RocmLibraryFile file;
    file.path = JoinPath(dir, name);
    file.soname = parsed->soname;
    if (!parsed->version.empty()) {
      file.version = Fact<std::string>::Known(parsed->version, file.path);
    } else {
      // The soname or dev link: its version is in the name of the file the chain ends at.
      std::string target = Resolve(view, file.path);
      auto target_name = rocm_parse::ParseLibraryName(BaseName(target), stem);
      if (target_name && !target_name->version.empty()) {
        file.version = Fact<std::string>::Known(target_name->version, file.path + " -> " + target);
        if (file.soname.empty()) file.soname = target_name->soname;
      }
    }
    out.push_back(std::move(file));
    if (out.size() == kMaxLibFilesPerStem) break;
  }
  return out;
}

void InstallFinder::Add(std::string root, std::string_view how) {
  root = Resolve(view_, StripTrailingSlashes(std::move(root)));
  for (RocmInstall& install : installs_) {
    if (install.root == root) {
      if (std::find(install.found_by.begin(), install.found_by.end(), how) ==
          install.found_by.end()) {
        install.found_by.emplace_back(how);
      }
      return;
    }
  }
  RocmInstall install;
  install.root = root;
  install.found_by.emplace_back(how);
  for (std::string_view sub : {"lib", "lib64"}) {
    std::string dir = JoinPath(root, sub);
    DirListing listing = view_.ListDir(dir);
    install.hip = FindLibraries(view_, listing, dir, kHipStem);
    if (!install.hip.empty()) {
      install.lib_dir = dir;
      install.hsa = FindLibraries(view_, listing, dir, kHsaStem);
      break;
    }
  }
  if (install.lib_dir.empty()) {
    install.lib_dir = JoinPath(root, "lib");
    install.hcc_hip = FindHccHip(view_, root);
  }
  installs_.push_back(std::move(install));
}

void InstallFinder::AddDistro(std::string_view dir) {
  std::string resolved = Resolve(view_, dir);
  for (const RocmInstall& install : installs_) {
    if (install.lib_dir == resolved) return;
  }
  DirListing listing = view_.ListDir(resolved);
  std::vector<RocmLibraryFile> hip = FindLibraries(view_, listing, resolved, kHipStem);
  if (hip.empty()) return;
  for (const RocmInstall& install : installs_) {
    if (install.root == "/usr") return;  // one distribution install (the first directory)
  }
  RocmInstall install;
  install.root = "/usr";
  install.found_by.emplace_back("distro");
  install.lib_dir = resolved;
  install.hip = std::move(hip);
  install.hsa = FindLibraries(view_, listing, resolved, kHsaStem);
  installs_.push_back(std::move(install));
}

void InstallFinder::AddLibDir(std::string_view dir, std::string_view how) {
  std::string resolved = Resolve(view_, dir);
  for (RocmInstall& install : installs_) {
    if (install.lib_dir == resolved) {
      if (std::find(install.found_by.begin(), install.found_by.end(), how) ==
          install.found_by.end()) {
        install.found_by.emplace_back(how);
      }
      return;
    }
  }
  DirListing listing = view_.ListDir(resolved);
  if (FindLibraries(view_, listing, resolved, kHipStem).empty()) return;
  std::string_view base = BaseName(resolved);
  if (base == "lib" || base == "lib64") {
    std::string root = DirName(resolved);
    if (root != "/usr" && root != "/") {
      Add(root, how);
      return;
    }
  }
  AddDistro(resolved);
  for (RocmInstall& install : installs_) {
    if (install.lib_dir == resolved && install.found_by.back() != how) {
      install.found_by.emplace_back(how);
    }
  }
}

}  // namespace rocm_doctor::rocm_scan
