#pragma once
// A private temporary directory (mkdtemp, mode 0700) removed with everything in it on
// destruction, without following symlinks.
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

// Removes `path` and everything below it; symlinks are removed, never followed. Directories
// without write or search permission are made accessible first.
void RemoveTree(const std::string& path);

}  // namespace rocm_doctor::system
