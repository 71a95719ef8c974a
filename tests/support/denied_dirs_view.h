// SPDX-License-Identifier: MIT
#pragma once
// A FakeSystemView that can hold a directory which exists but cannot be listed (no r/x
// permission: opendir fails with EACCES), which FakeSystemView itself cannot: it answers ListDir
// of an Unreadable() path as not found.
#include <set>
#include <string>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

class DeniedDirsView : public FakeSystemView {
 public:
  // Refuses listing `path`; the directory need not be otherwise present.
  DeniedDirsView& DenyListing(std::string path) {
    denied_.insert(std::move(path));
    return *this;
  }
  // The directory exists (Dir) and refuses listing.
  DeniedDirsView& DenyList(std::string path) {
    Dir(path);
    return DenyListing(std::move(path));
  }
  DirListing ListDir(std::string_view path) const override {
    if (denied_.count(std::string(path)) == 0) return FakeSystemView::ListDir(path);
    DirListing out;
    out.status = FsStatus::kPermissionDenied;
    out.error = "Permission denied";
    return out;
  }

 private:
  std::set<std::string> denied_;
};

}  // namespace rocm_doctor::testing
