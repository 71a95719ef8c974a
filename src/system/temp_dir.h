// SPDX-License-Identifier: MIT
#pragma once
// A private temporary directory (mkdtemp, mode 0700) removed with everything in it on
// destruction, without following symlinks, and at the latest when the process exits: a
// detached check thread may hold the last reference when main returns (its destructor would
// never run), so every live TempDir is also removed by an atexit handler.
#include <memory>
#include <string>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system {

class TempDir {
 public:
  // Under $TMPDIR (or /tmp), named rocm-doctor-<tag>-XXXXXX.
  static Result<std::shared_ptr<TempDir>> Create(const std::string& tag);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Removes every TempDir still alive (what the atexit handler runs; callable before an exit
// that skips atexit). Later use of those TempDirs finds their directories gone.
void RemoveAllTempDirs();

// Removes `path` and everything below it; symlinks are removed, never followed. Directories
// without write or search permission are made accessible first. It holds a few descriptors
// whatever the depth (a deep tree under a low `ulimit -n` is removed too), climbing back with
// ".." only to the directory it came from (checked by device and inode: a tree moved meanwhile
// stops the removal rather than reach outside it).
void RemoveTree(const std::string& path);
// The same for what is inside the directory `path`; the directory itself stays.
void RemoveContents(const std::string& path);

}  // namespace rocm_doctor::system
