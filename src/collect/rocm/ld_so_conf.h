// SPDX-License-Identifier: MIT
#pragma once
// The directories /etc/ld.so.conf names for the dynamic loader (ld.so(8), ldconfig(8)), with its
// "include" lines followed.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::rocm_scan {

// Simple glob for ld.so.conf "include" lines: '*' within the last component only.
bool GlobMatch(std::string_view pattern, std::string_view name);

// Appends the directories of the ld.so.conf at `path` to `dirs`, in order. Includes nest at
// most 4 deep and 64 files are read in all (`files_read` counts them): an ld.so.conf that
// includes itself ends there.
void ReadLdSoConf(const SystemView& view, std::string_view path, int depth, std::size_t& files_read,
                  std::vector<std::string>& dirs);

}  // namespace rocm_doctor::rocm_scan
