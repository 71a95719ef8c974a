// SPDX-License-Identifier: MIT
#pragma once
// Pure parsers of the partition-mode attributes (facts/partition.h).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::partition_parse {

// "SPX", "NPS4": 2 to 8 upper-case letters and digits; nullopt for anything else.
std::optional<std::string> Mode(std::string_view text);
// "SPX, DPX, QPX, CPX" -> {"SPX", "DPX", "QPX", "CPX"} (amdgpu_gfx.c joins with ", ");
// "Not supported" -> {}; nullopt when any entry is not a mode or there are more than 16.
std::optional<std::vector<std::string>> ModeList(std::string_view text);

}  // namespace rocm_doctor::partition_parse
