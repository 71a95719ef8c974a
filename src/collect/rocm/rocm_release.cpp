// SPDX-License-Identifier: MIT
#include "collect/rocm/rocm_release.h"

#include "collect/common/sysfs_reader.h"
#include "collect/rocm/rocm_version_parse.h"

namespace rocm_doctor::rocm_scan {
namespace {

constexpr std::size_t kVersionFileLimit = 64 * 1024;

}  // namespace

Fact<std::string> LibraryVersion(const std::vector<RocmLibraryFile>& files) {
  for (const RocmLibraryFile& file : files) {
    if (file.version.known() && file.version.source == file.path) return file.version;
  }
  for (const RocmLibraryFile& file : files) {
    if (file.version.known()) return file.version;
  }
  return {};
}

std::string DebianPackage(const std::vector<RocmLibraryFile>& files, std::string_view stem) {
  for (const RocmLibraryFile& file : files) {
    if (file.soname.empty()) continue;
    return std::string(stem) + "-" + file.soname.substr(file.soname.rfind('.') + 1);
  }
  return {};
}

// The ROCm release one runtime library comes from.
Fact<std::string> RuntimeRelease(const RocmInstall& install,
                                 const std::vector<RocmLibraryFile>& files, std::string_view stem,
                                 DpkgStatus& dpkg) {
  Fact<std::string> lib = LibraryVersion(files);
  if (lib.known()) {
    if (auto release = rocm_parse::ReleaseFromLibraryVersion(*lib)) {
      return Fact<std::string>::Known(*release, lib.source);
    }
  }
  if (install.root == "/usr") {
    std::string package = DebianPackage(files, stem);
    if (!package.empty()) {
      Fact<std::string> deb = dpkg.Version(package);
      if (deb.known()) return deb;
    }
  }
  return Fact<std::string>::Unknown(
      files.empty() ? install.lib_dir : files.front().path,
      lib.known() ? "library version " + *lib + " does not encode a ROCm release"
                  : "no versioned " + std::string(stem));
}

Fact<std::string> RuntimeVersion(const std::vector<RocmLibraryFile>& files,
                                 const Fact<std::string>& release, std::string_view stem) {
  const Fact<std::string> lib = LibraryVersion(files);
  if (lib.known() && rocm_parse::ReleaseFromLibraryVersion(*lib)) return lib;
  if (release.known()) return release;
  if (lib.known()) return Fact<std::string>::Known("soname " + *lib, lib.source);
  return Fact<std::string>::Unknown(files.empty() ? std::string() : files.front().path,
                                    "no versioned " + std::string(stem));
}

Fact<std::string> InstallVersion(const SystemView& view, const RocmInstall& install) {
  std::string info = JoinPath(install.root, ".info/version");
  if (Fact<std::string> text = ReadText(view, info); text.known()) {
    if (auto v = rocm_parse::InfoVersion(*text)) return Fact<std::string>::Known(*v, info);
  }
  std::string rocm_h = JoinPath(install.root, "include/rocm-core/rocm_version.h");
  if (FileContent file = view.ReadFile(rocm_h, kVersionFileLimit); file.ok()) {
    if (auto v = rocm_parse::DefinedVersion(file.data, "ROCM_VERSION")) {
      return Fact<std::string>::Known(*v, rocm_h);
    }
  }
  // The runtime libraries' own releases (library names, else the package database).
  if (install.hip_release.known()) return install.hip_release;
  if (install.hsa_release.known()) return install.hsa_release;
  std::string hip_h = JoinPath(install.root, "include/hip/hip_version.h");
  if (FileContent file = view.ReadFile(hip_h, kVersionFileLimit); file.ok()) {
    // HIP's patch number is a build number, not the release's patch: only major.minor.
    if (auto v = rocm_parse::DefinedVersion(file.data, "HIP_VERSION")) {
      if (auto mm = rocm_parse::MajorMinor(*v)) return Fact<std::string>::Known(*mm, hip_h);
    }
  }
  if (Fact<std::string> lib = LibraryVersion(install.hip); lib.known()) {
    if (auto mm = rocm_parse::MajorMinor(*lib)) return Fact<std::string>::Known(*mm, lib.source);
  }
  return Fact<std::string>::Unknown(install.root,
                                    "no .info/version, rocm_version.h or versioned "
                                    "library name");
}

Fact<std::string> HipVersion(const SystemView& view, const RocmInstall& install) {
  std::string hip_h = JoinPath(install.root, "include/hip/hip_version.h");
  if (FileContent file = view.ReadFile(hip_h, kVersionFileLimit); file.ok()) {
    if (auto v = rocm_parse::DefinedVersion(file.data, "HIP_VERSION")) {
      return Fact<std::string>::Known(*v, hip_h);
    }
  }
  if (Fact<std::string> lib = LibraryVersion(install.hip); lib.known()) return lib;
  if (install.hcc_hip.known()) {
    std::string file = JoinPath(install.root, "hip/bin/.hipVersion");
    if (FileContent text = view.ReadFile(file, kVersionFileLimit); text.ok()) {
      if (auto v = rocm_parse::HipVersionFile(text.data)) return Fact<std::string>::Known(*v, file);
    }
  }
  return Fact<std::string>::Unknown(install.lib_dir, "no hip_version.h or versioned libamdhip64");
}

}  // namespace rocm_doctor::rocm_scan
