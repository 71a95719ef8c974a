#pragma once
// Resolves a host path inside a machine directory the way the kernel would resolve it on the
// host, but with DIR as "/": each component is lstat()ed and symlinks are expanded by hand, an
// absolute target /x restarts at DIR/x, ".." never climbs above DIR, and 40 expansions are a loop
// (the kernel's MAXSYMLINKS). Nothing outside DIR is ever touched.
#include <string>
#include <string_view>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

inline constexpr int kMaxSymlinkHops = 40;

struct ResolvedPath {
  FsStatus status = FsStatus::kNotFound;
  std::string logical;  // the host path after expanding links, e.g. "/sys/devices/pci0000:00"
  std::string real;     // root + logical: where it lives in this file system
  bool final_missing = false;  // kNotFound, and only the last component is missing
  std::string error;
};

// `root` is an absolute, link-free directory path without a trailing slash. With
// `follow_final` false a symlink in the last component is not expanded (lstat/readlink).
ResolvedPath ResolveInRoot(const std::string& root, std::string_view path, bool follow_final);

// "/a//b/./c/" -> "/a/b/c"; ".." is kept (it can only be resolved against links).
std::string NormalizeHostPath(std::string_view path);

}  // namespace rocm_doctor::system
