// SPDX-License-Identifier: MIT
#pragma once
// Creates what a tar stream holds below one directory, and only what a machine directory can
// hold (machine-format.md): regular files, directories, symlinks. Everything is created with
// *at() calls from the directory's descriptor, one component at a time with O_NOFOLLOW, new
// files with O_EXCL: a member can never write through a symlink an earlier member planted, nor
// leave the directory. Device nodes and FIFOs become empty regular files (how machine
// directories represent nodes); a hard link becomes a copy of the file it names. Names that are
// absolute or hold ".." refuse the whole archive, as do the caps below.
#include <chrono>
#include <cstdint>

#include "rocm_doctor/result.h"
#include "system/tar_reader.h"

namespace rocm_doctor::system {

// 2 GiB: twice what the recorder ever writes (kCaptureTotalLimit, 1 GiB). Zeros compress about
// 1000:1, so without a cap an 18 MB attachment fills $TMPDIR with gigabytes.
inline constexpr std::uint64_t kMaxExtractedBytes = std::uint64_t{2} << 30;
// Members plus the directories created for them: real captures hold tens of thousands; the cap
// bounds the inodes (and time) an archive of empty members can take.
inline constexpr std::uint64_t kMaxExtractedEntries = 1000000;
// A member name longer than PATH_MAX is not from a machine; it also bounds the depth.
inline constexpr std::size_t kMaxMemberName = 4096;

struct ExtractLimits {
  std::uint64_t max_bytes = kMaxExtractedBytes;
  std::uint64_t max_entries = kMaxExtractedEntries;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct ExtractStats {
  std::uint64_t entries = 0;  // members read plus directories created for them
  std::uint64_t bytes = 0;    // file data and link texts written
};

// Extracts every member of `reader` below the directory open as `root_fd`. On an error what
// was created stays; the caller removes the directory.
Result<ExtractStats> ExtractTar(TarReader& reader, int root_fd, const ExtractLimits& limits = {});

}  // namespace rocm_doctor::system
