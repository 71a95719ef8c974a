// SPDX-License-Identifier: MIT
#pragma once
// The version and ROCm release of one installed library, each from the most direct source that
// gives the release (issue 15): the owning Debian package's version, the ROCm release encoded in
// an AMD-built file name, the library's own CMake package version file; the soname's numbers
// only as a labelled fallback ("soname 0.1"), never as a release. Debian's librocsparse.so.0.1
// is rocSPARSE of ROCm 5.3.0 (package librocsparse0 5.3.0+dfsg-2): "0.1" says nothing of that.
#include <string>
#include <string_view>

#include "collect/rocm/dpkg_status.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::library_scan {

// Debian Policy 8.1: a shared library's package is named after its soname, lower case, '_' as
// '-', with a '-' before the soname version when the name ends in a digit:
// ("librocsparse", "0") -> "librocsparse0", ("librocm_smi64", "1") -> "librocm-smi64-1".
std::string DebianPackageName(std::string_view stem, std::string_view soname_version);

// The ROCm release a Debian ROCm package's upstream version names: Debian versions its ROCm
// packages by the ROCm release they package (librocsparse0 5.3.0 is ROCm 5.3.0). "5.3.0" from
// "5.3.0"; nullopt for what cannot be a ROCm release (major below 3, no minor).
std::optional<std::string> ReleaseFromDebianVersion(std::string_view upstream);

// PACKAGE_VERSION of a CMake package version file (`set(PACKAGE_VERSION "4.2.0")`), nullopt when
// none or not N.N[.N...].
std::optional<std::string> CmakePackageVersion(std::string_view text);

// Reads what the sources above say for the libraries of one collection (the package database is
// read once).
class VersionReader {
 public:
  explicit VersionReader(const SystemView& view);

  // Sets lib.version and lib.release from lib.file_version, lib.path and the sources above.
  // `stem` is the library's file name stem ("librocsparse").
  void Read(std::string_view stem, InstalledLibrary& lib);

 private:
  // The Debian package that owns lib.path, when the file is in a system library directory and
  // the package named after its soname is installed (its file list confirming it where the
  // machine has one). "" otherwise, with `why` set.
  std::string OwningPackage(std::string_view stem, const InstalledLibrary& lib, std::string& why);

  const SystemView& view_;
  rocm_scan::DpkgStatus dpkg_;
  std::string arch_;  // Debian's name for the machine's architecture, for <package>:<arch>.list
};

}  // namespace rocm_doctor::library_scan
