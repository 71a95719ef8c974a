// SPDX-License-Identifier: MIT
#pragma once
// device/ras/gpu_vram_bad_pages (amdgpu_ras.c, amdgpu_ras_sysfs_badpages_read): one line per
// retired page, "0x%08x : 0x%08x : %1s\n" - gpu pfn, gpu page size (both hex), and R, P or F.
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/ras.h"

namespace rocm_doctor::ras_parse {

struct BadPages {
  std::vector<RetiredPage> pages;
  std::vector<std::string> malformed;  // printable, at most kMaxMalformed kept
  std::size_t malformed_count = 0;
};

inline constexpr std::size_t kMaxMalformed = 4;
// A hostile file could list millions; a GPU's EEPROM holds a few thousand records at most.
inline constexpr std::size_t kMaxPages = 65536;

BadPages ParseBadPages(std::string_view text);

}  // namespace rocm_doctor::ras_parse
