// SPDX-License-Identifier: MIT
#pragma once
// The releases and versions of one ROCm install, each from the most direct source available
// (.info/version, rocm_version.h, hip_version.h, versioned library names, the package database).
#include <string>
#include <string_view>
#include <vector>

#include "collect/rocm/dpkg_status.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor::rocm_scan {

// The most specific library version among an install's files (the real file's name).
Fact<std::string> LibraryVersion(const std::vector<RocmLibraryFile>& files);
// Debian names a library's package after its soname: libamdhip64.so.5 -> libamdhip64-5,
// libhsa-runtime64.so.1 -> libhsa-runtime64-1. "" when no file has a soname.
std::string DebianPackage(const std::vector<RocmLibraryFile>& files, std::string_view stem);
// The ROCm release one runtime library (`stem`: libamdhip64, libhsa-runtime64) comes from.
Fact<std::string> RuntimeRelease(const RocmInstall& install,
                                 const std::vector<RocmLibraryFile>& files, std::string_view stem,
                                 DpkgStatus& dpkg);
// A runtime library's version as a report shows it: its file name's version when that encodes
// the release (libhsa-runtime64.so.1.14.60200), else `release` when known (the owning package's
// version, "5.2.3"), else the file name's version labelled "soname 1.5.0" - Debian's
// libhsa-runtime64.so.1.5.0 is ROCm 5.2.3, which "1.5.0" does not say.
Fact<std::string> RuntimeVersion(const std::vector<RocmLibraryFile>& files,
                                 const Fact<std::string>& release, std::string_view stem);
// The release of an install, from the most direct source available.
Fact<std::string> InstallVersion(const SystemView& view, const RocmInstall& install);
// HIP's own version: hip_version.h, else the HIP library's file name.
Fact<std::string> HipVersion(const SystemView& view, const RocmInstall& install);

}  // namespace rocm_doctor::rocm_scan
