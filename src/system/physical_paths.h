// SPDX-License-Identifier: MIT
#pragma once
// Where a recorded host path physically lives, for `capture` (RecordingSystemView::WriteMachine):
// every symlink on the way is expanded by asking the inner view, so a file read as
// /sys/class/drm/card0/device/vendor is written at /sys/devices/pci.../vendor and the links card0
// and device are written as links. The replayed tree then resolves like the host's did, and a
// link is never also a directory.
#include <map>
#include <optional>
#include <string>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

std::string ParentOf(const std::string& path);  // "/a/b" -> "/a"; "/a" -> "/"
std::string BaseOf(const std::string& path);    // "/a/b" -> "b"
std::string Child(const std::string& dir, const std::string& name);  // ("/", "a") -> "/a"

class PhysicalPaths {
 public:
  // `known`: links already recorded (served without asking `inner` again).
  PhysicalPaths(const SystemView& inner, const std::map<std::string, std::string>& known);

  // nullopt on a loop (more than kMaxSymlinkHops links, or an empty link). Links met on the way
  // are added to links().
  std::optional<std::string> Resolve(const std::string& path, bool follow_final);
  const std::map<std::string, std::string>& links() const { return met_; }
  // The target of the link at `path` (no expansion), nullopt when it is not a link. Cached.
  std::optional<std::string> LinkAt(const std::string& path);

 private:
  const SystemView& inner_;
  std::map<std::string, std::optional<std::string>> links_;
  std::map<std::string, std::string> met_;
};

// Whether the relative link `target`, placed at `path`, names something above the root ("/"
// has no parent on the host, so "../" there stays at "/"; a program other than the doctor
// following the link inside a capture directory would leave it).
bool ClimbsAboveRoot(const std::string& path, const std::string& target);

}  // namespace rocm_doctor::system
