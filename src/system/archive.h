// SPDX-License-Identifier: MIT
#pragma once
// .tar.gz machine archives. The tar format is read and written in-process (tar_reader.h,
// tar_extract.h, tar_writer.h); only gzip runs, by absolute path with a clean environment
// (gzip_stream.h). No tar binary, no $PATH lookup, nothing of the caller's environment.
#include <chrono>
#include <memory>
#include <string>

#include "rocm_doctor/result.h"
#include "system/tar_extract.h"
#include "system/temp_dir.h"

namespace rocm_doctor::system {

bool IsArchiveName(std::string_view path);  // ends in .tar.gz or .tgz

// How long an archive may take to unpack or pack.
inline constexpr std::chrono::seconds kArchiveDeadline{60};

struct UnpackedArchive {
  std::shared_ptr<TempDir> dir;
  std::string root;  // the machine directory inside `dir`
};

// Unpacks into a fresh private directory under $TMPDIR (rocm-doctor-replay-*), within the caps
// and deadline of `limits` (tar_extract.h): regular files, directories and symlinks only, never
// outside the directory. On any error the directory is already gone. A lone top-level
// directory (tar czf x.tgz mydir) is taken as the machine directory.
Result<UnpackedArchive> UnpackArchive(const std::string& archive, ExtractLimits limits = {});

// Packs the contents of `dir` into `archive`, which must not exist yet (created O_EXCL). On any
// failure (a full disk, gzip failing) the partial archive is removed.
Result<bool> PackArchive(const std::string& dir, const std::string& archive);

}  // namespace rocm_doctor::system
