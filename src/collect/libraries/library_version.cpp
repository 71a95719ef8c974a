// SPDX-License-Identifier: MIT
#include "collect/libraries/library_version.h"

#include <cctype>
#include <optional>
#include <vector>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "collect/tools/dpkg_parse.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::library_scan {
namespace {

// A CMake version file is under 4 KiB; a .list file of a ROCm library package a few KiB (a
// hostile one is cut here, and a path beyond the cut is simply not confirmed).
constexpr std::size_t kCmakeLimit = 64 * 1024;
constexpr std::size_t kListLimit = 4u << 20;
// Where an rpm-based machine keeps its package database (Fedora 36+ and SUSE; older ones).
constexpr std::string_view kRpmDbDirs[] = {"/usr/lib/sysimage/rpm", "/var/lib/rpm"};

// "5.3.0" -> {5, 3, 0}; nullopt unless every dot-separated part is a small decimal number.
std::optional<std::vector<std::uint64_t>> Numbers(std::string_view text) {
  std::vector<std::uint64_t> out;
  for (std::size_t pos = 0;;) {
    const std::size_t dot = text.find('.', pos);
    const std::string_view part = text.substr(pos, dot == std::string_view::npos ? dot : dot - pos);
    if (part.empty() || part.size() > 9 ||
        part.find_first_not_of("0123456789") != std::string_view::npos) {
      return std::nullopt;
    }
    const std::optional<std::uint64_t> n = parse::UInt(part);
    if (!n) return std::nullopt;
    out.push_back(*n);
    if (dot == std::string_view::npos) return out;
    pos = dot + 1;
  }
}

// A file Debian installs: /usr/lib/<triplet>, /usr/lib64, /lib/<triplet> (usrmerge) ...
bool InSystemLibDir(std::string_view dir) {
  for (std::string_view root : {"/usr/lib", "/lib"}) {
    if (dir.substr(0, root.size()) == root &&
        (dir.size() == root.size() || dir[root.size()] == '/' ||
         dir.substr(root.size(), 2) == "64")) {
      return true;
    }
  }
  return false;
}

// The names dpkg may list for `path`: with /usr merged, /lib/x is /usr/lib/x.
std::vector<std::string> ListedNames(const std::string& path) {
  std::vector<std::string> names = {path};
  if (path.rfind("/usr/lib/", 0) == 0) names.push_back(path.substr(4));
  if (path.rfind("/lib/", 0) == 0) names.push_back("/usr" + path);
  return names;
}

// "librocblas" -> "rocblas", "libMIOpen" -> "miopen", "librocm_smi64" -> "rocm_smi": the
// directory name of the library's CMake package under <libdir>/cmake.
std::string CmakeName(std::string_view stem) {
  if (stem.substr(0, 3) == "lib") stem.remove_prefix(3);
  if (stem.size() > 2 && stem.substr(stem.size() - 2) == "64") stem.remove_suffix(2);
  std::string out(stem);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string DebianPackageName(std::string_view stem, std::string_view soname_version) {
  std::string name;
  for (char c : stem) {
    name += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!name.empty() && std::isdigit(static_cast<unsigned char>(name.back())) != 0) name += '-';
  return name + std::string(soname_version);
}

std::optional<std::string> ReleaseFromDebianVersion(std::string_view upstream) {
  const std::optional<std::vector<std::uint64_t>> n = Numbers(upstream);
  // ROCm releases so far: 3.x to 7.x, minor and patch below 100.
  if (!n || n->size() < 2 || (*n)[0] < 3 || (*n)[0] > 99 || (*n)[1] >= 100) return std::nullopt;
  std::string out = std::to_string((*n)[0]) + "." + std::to_string((*n)[1]);
  if (n->size() > 2) {
    if ((*n)[2] >= 100) return std::nullopt;
    out += "." + std::to_string((*n)[2]);
  }
  return out;
}

std::optional<std::string> CmakePackageVersion(std::string_view text) {
  // CMake's write_basic_package_version_file: set(PACKAGE_VERSION "4.2.0")
  for (std::string_view line : parse::Lines(text)) {
    line = parse::Trim(line);
    constexpr std::string_view kSet = "set(PACKAGE_VERSION ";
    if (line.substr(0, kSet.size()) != kSet) continue;
    std::string_view rest = parse::Trim(line.substr(kSet.size()));
    if (rest.size() < 3 || rest.front() != '"') continue;
    const std::size_t close = rest.find('"', 1);
    if (close == std::string_view::npos) continue;
    const std::string_view version = rest.substr(1, close - 1);
    const std::optional<std::vector<std::uint64_t>> n = Numbers(version);
    if (!n || n->size() < 2 || n->size() > 4) return std::nullopt;
    return std::string(version);
  }
  return std::nullopt;
}

VersionReader::VersionReader(const SystemView& view)
    : view_(view), dpkg_(view), arch_(dpkg::Architecture(view.Uname().machine.value_or(""))) {}

std::string VersionReader::OwningPackage(std::string_view stem, const InstalledLibrary& lib,
                                         std::string& why) {
  if (!InSystemLibDir(lib.dir)) {
    why = "not in a directory packages install to";
    return {};
  }
  if (!lib.file_version.known()) {
    why = "no soname version to name its package by";
    return {};
  }
  const std::string& file_version = *lib.file_version;
  const std::string package =
      DebianPackageName(stem, file_version.substr(0, file_version.find('.')));
  std::vector<std::string> lists = {package + ".list"};
  if (!arch_.empty()) lists.push_back(package + ":" + arch_ + ".list");
  for (const std::string& list : lists) {
    const std::string path = JoinPath(paths::kDpkgInfo, list);
    const FileContent file = view_.ReadFile(path, kListLimit);
    if (!file.ok()) continue;
    for (const std::string& name : ListedNames(lib.path)) {
      if (dpkg::ListsPath(file.data, name)) return package;
    }
    // The package of its soname's name is installed but did not put this file here: a copy
    // from elsewhere, whose version the package does not tell.
    why = path + " does not list " + lib.path;
    return {};
  }
  // No file list (a capture that kept only the status file): the name alone, as the ROCm
  // collector names libamdhip64-5; the status lookup then says whether it is installed.
  return package;
}

void VersionReader::Read(std::string_view stem, InstalledLibrary& lib) {
  std::string why;
  const std::string package = OwningPackage(stem, lib, why);
  if (!package.empty()) {
    const Fact<std::string> deb = dpkg_.Version(package);
    if (deb.known()) {
      lib.version = deb;
      if (std::optional<std::string> release = ReleaseFromDebianVersion(*deb)) {
        lib.release = Fact<std::string>::Known(*release, deb.source);
      } else {
        lib.release = Fact<std::string>::Unknown(
            deb.source, "package version " + parse::Printable(*deb, 40) + " names no ROCm release");
      }
      return;
    }
    why = deb.source + ": " + deb.error;
    if (deb.error == std::string(ToString(FsStatus::kNotFound))) {
      for (std::string_view db : kRpmDbDirs) {
        if (view_.ListDir(db).ok()) {
          why = std::string(db) + " is an rpm database, which is not read (it needs librpm)";
          break;
        }
      }
    }
  }
  // An AMD-built file name: ROCm's CMake appends ROCM_LIBPATCH_VERSION (librocblas.so.4.2.60200
  // is rocBLAS 4.2 of ROCm 6.2.0): version and release in one.
  if (lib.file_version.known()) {
    if (std::optional<std::string> release = ReleaseFromLibraryVersion(*lib.file_version)) {
      lib.version = lib.file_version;
      lib.release = Fact<std::string>::Known(*release, lib.file_version.source);
      return;
    }
  }
  const std::string cmake_name = CmakeName(stem);
  const std::string cmake =
      JoinPath(lib.dir, "cmake/" + cmake_name + "/" + cmake_name + "-config-version.cmake");
  const FileContent file = view_.ReadFile(cmake, kCmakeLimit);
  const std::optional<std::string> own = file.ok() ? CmakePackageVersion(file.data) : std::nullopt;
  const std::string no_release =
      lib.file_version.known()
          ? "the file name's " + *lib.file_version + " is its soname version, not a ROCm release"
          : "the file name carries no version";
  const std::string reason = no_release + (why.empty() ? "" : "; package: " + why);
  if (own) {
    // The library's own version (rocBLAS 4.2.0), which does not say the ROCm release.
    lib.version = Fact<std::string>::Known(*own, cmake);
    lib.release = Fact<std::string>::Unknown(cmake, reason);
    return;
  }
  lib.release = Fact<std::string>::Unknown(lib.path, reason);
  if (lib.file_version.known()) {
    // Labelled, so that no reader takes the soname's numbers for a release.
    lib.version = Fact<std::string>::Known("soname " + *lib.file_version, lib.path);
  } else {
    lib.version = Fact<std::string>::Unknown(lib.path, reason);
  }
}

}  // namespace rocm_doctor::library_scan
