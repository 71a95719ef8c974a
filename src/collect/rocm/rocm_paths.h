// SPDX-License-Identifier: MIT
#pragma once
// Path arithmetic of the ROCm collector through a SystemView, so it works the same on the live
// host and in a machine directory: symlinks resolved as ld.so and realpath(3) would, and the
// colon-separated search paths of LD_LIBRARY_PATH.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::rocm_scan {

// Bounds against hostile trees: an LD_LIBRARY_PATH or ld.so.conf naming thousands of
// directories.
inline constexpr std::size_t kMaxSearchDirs = 64;

std::string StripTrailingSlashes(std::string path);
// "/a/b" for "/a/b/c", "/" for "/c", "." for "c".
std::string DirName(std::string_view path);
// realpath(3) through the view: every component's symlink resolved, at most 32 links (a link
// loop ends there). A path that does not exist resolves as far as it exists (the rest is
// appended as it is).
std::string Resolve(const SystemView& view, std::string_view path);
// The absolute directories of a colon-separated list (relative ones are skipped), at most
// kMaxSearchDirs.
std::vector<std::string> SplitColons(std::string_view text);

}  // namespace rocm_doctor::rocm_scan
