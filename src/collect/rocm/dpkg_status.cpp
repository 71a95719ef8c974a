// SPDX-License-Identifier: MIT
#include "collect/rocm/dpkg_status.h"

#include <optional>

#include "base/text_parse.h"
#include "collect/rocm/rocm_version_parse.h"
#include "collect/tools/dpkg_parse.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::rocm_scan {
namespace {

// Debian's status file is a few MiB on a desktop; 32 MiB bounds a hostile one.
constexpr std::size_t kDpkgStatusLimit = 32u << 20;

}  // namespace

Fact<std::string> DpkgStatus::Version(std::string_view package) {
  const std::string src(paths::kDpkgStatus);
  if (!loaded_) {
    loaded_ = true;
    file_ = view_.ReadFile(paths::kDpkgStatus, kDpkgStatusLimit);
  }
  if (!file_.ok()) return Fact<std::string>::Unknown(src, std::string(ToString(file_.status)));
  const std::optional<std::string> installed = dpkg::InstalledVersion(file_.data, package);
  if (!installed) {
    return Fact<std::string>::Unknown(src, "package " + std::string(package) + " not installed");
  }
  const std::string& version = *installed;
  auto upstream = rocm_parse::DebianUpstreamVersion(version);
  if (!upstream) {
    return Fact<std::string>::Unknown(src,
                                      "unreadable Version '" + parse::Printable(version, 40) + "'");
  }
  return Fact<std::string>::Known(
      *upstream, src + " (" + std::string(package) + " " + parse::Printable(version, 40) + ")");
}

}  // namespace rocm_doctor::rocm_scan
