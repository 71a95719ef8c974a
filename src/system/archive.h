#pragma once
// .tar.gz machine archives, through the one command runner and GNU tar (never a shell).
#include <memory>
#include <string>

#include "rocm_doctor/result.h"
#include "system/temp_dir.h"

namespace rocm_doctor::system {

bool IsArchiveName(std::string_view path);  // ends in .tar.gz or .tgz

struct UnpackedArchive {
  std::shared_ptr<TempDir> dir;
  std::string root;  // the machine directory inside `dir`
};

// Unpacks into a fresh temporary directory. GNU tar already refuses members with ".." and
// strips leading "/"; device nodes it creates (as root) are replaced by empty files, which is
// how machine directories represent them. A lone top-level directory (tar czf x.tgz mydir) is
// taken as the machine directory.
Result<UnpackedArchive> UnpackArchive(const std::string& archive);

// Packs the contents of `dir` into `archive` (tar -czf ARCHIVE -C DIR .).
Result<bool> PackArchive(const std::string& dir, const std::string& archive);

}  // namespace rocm_doctor::system
