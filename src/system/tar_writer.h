// SPDX-License-Identifier: MIT
#pragma once
// Writes a directory tree as a tar stream (what `tar -cf - -C DIR .` writes, read back by GNU
// tar and by tar_reader.h): directories, regular files and symlinks, names "./...", pax headers
// for names and link texts over 100 bytes, owner root, modes without set-id bits. Anything else
// in the tree is skipped. The capture side's archive writer: no tar binary is run.
#include <functional>
#include <string_view>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system {

using TarOutput = std::function<Result<bool>(std::string_view bytes)>;

// The tree below the directory open as `dir_fd`, then the two zero blocks that end an archive.
Result<bool> WriteTarTree(int dir_fd, const TarOutput& out);

}  // namespace rocm_doctor::system
