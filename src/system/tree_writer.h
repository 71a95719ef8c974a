// SPDX-License-Identifier: MIT
#pragma once
// Creates files, directories and symlinks below one output directory. Every component is
// opened with O_NOFOLLOW from the root's descriptor, so a symlink written earlier (whose text
// may name a host path such as /sys/devices/...) is never written through.
// The first error that means the output cannot hold the capture (ENOSPC, EDQUOT, EFBIG, EIO,
// EROFS) sticks: every later call fails with it, so the caller cannot finish a capture with
// holes in it by accident (capture then removes what it wrote).
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"
#include "system/fd_io.h"

namespace rocm_doctor::system {

class TreeWriter {
 public:
  static Result<TreeWriter> Open(const std::string& root);

  // `path` is an absolute host path ("/sys/class/drm"); it is created at root + path.
  Result<bool> MakeDirs(std::string_view path, unsigned mode = 0755);
  // Creates or replaces the regular file; fails on a directory or link in the way.
  Result<bool> WriteFile(std::string_view path, std::string_view data, unsigned mode = 0644);
  // Creates an empty file when nothing is at `path` yet; leaves what is there.
  Result<bool> Touch(std::string_view path, unsigned mode = 0644);
  Result<bool> MakeLink(std::string_view path, const std::string& target);
  bool Exists(std::string_view path) const;  // lstat: a dangling link exists
  // The sticky error, empty while the output takes writes.
  const std::string& full() const { return full_; }

 private:
  explicit TreeWriter(UniqueFd root) : root_(std::move(root)) {}
  // Opens the directory holding `path`'s last component, creating parents; returns the name.
  Result<UniqueFd> OpenParent(std::string_view path, std::string& name) const;
  Result<UniqueFd> Descend(int dir_fd, const std::string& name, unsigned mode,
                           std::string_view path) const;
  // The error for `path`; records it as the sticky one when it says the output is full.
  Error Failure(std::string_view path, std::string_view what, int error_number) const;
  UniqueFd root_;
  mutable std::string full_;
};

}  // namespace rocm_doctor::system
