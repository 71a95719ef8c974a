// SPDX-License-Identifier: MIT
#pragma once
// The ROCm installs of a host: a root (/opt/rocm-6.2.0, "/usr" for a distribution's packages)
// with the libamdhip64 and libhsa-runtime64 files of its library directory.
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::rocm_scan {

inline constexpr std::string_view kHipStem = "libamdhip64";
inline constexpr std::string_view kHsaStem = "libhsa-runtime64";

// HIP of ROCm before 3.5 (on HCC): one unversioned library, no libamdhip64.
inline constexpr std::string_view kHccHipName = "libhip_hcc.so";

// <root>/hip/lib/libhip_hcc.so (or its link in <root>/lib) when it is a regular file.
Fact<std::string> FindHccHip(const SystemView& view, std::string_view root);

// The libraries of one stem in `dir` (whose listing is `listing`), sorted by name, at most 16;
// a soname or dev link takes its version from the file its chain ends at.
std::vector<RocmLibraryFile> FindLibraries(const SystemView& view, const DirListing& listing,
                                           std::string_view dir, std::string_view stem);

// Collects the installs, each once however many ways lead to it (`found_by`).
class InstallFinder {
 public:
  explicit InstallFinder(const SystemView& view) : view_(view) {}

  // Adds (or extends) the install whose libraries are in `lib_dir` (resolved) under `root`.
  void Add(std::string root, std::string_view how);
  // A distribution install: libraries directly in a system directory, root "/usr".
  void AddDistro(std::string_view dir);
  // A library directory named on LD_LIBRARY_PATH or in ld.so.conf: the install it belongs to.
  void AddLibDir(std::string_view dir, std::string_view how);

  std::vector<RocmInstall> Take() { return std::move(installs_); }
  std::vector<RocmInstall>& installs() { return installs_; }

 private:
  const SystemView& view_;
  std::vector<RocmInstall> installs_;
};

}  // namespace rocm_doctor::rocm_scan
