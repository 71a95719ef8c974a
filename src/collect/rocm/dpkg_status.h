// SPDX-License-Identifier: MIT
#pragma once
// Debian/Ubuntu's package database (/var/lib/dpkg/status), read once per collection and asked
// for the version of installed packages.
#include <string>
#include <string_view>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::rocm_scan {

class DpkgStatus {
 public:
  explicit DpkgStatus(const SystemView& view) : view_(view) {}

  // The upstream version of an installed package, e.g. "Package: libamdhip64-5" ...
  // "Version: 5.2.3-8" -> "5.2.3".
  Fact<std::string> Version(std::string_view package);

 private:
  const SystemView& view_;
  bool loaded_ = false;
  FileContent file_;
};

}  // namespace rocm_doctor::rocm_scan
