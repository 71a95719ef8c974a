// SPDX-License-Identifier: MIT
#pragma once
// What a policy file may hold before toml++ 3.3 (Debian 12's libtomlplusplus-dev) reads it.
// That version's Unicode tables reach __builtin_unreachable for some code points it is asked
// about outside strings (is_non_ascii_horizontal_whitespace on U+FExx: undefined behaviour,
// found by tests/fuzz/fuzz_policy), so the policy reader takes non-ASCII text only where TOML
// treats it as data: in comments and strings. Keys, values and whitespace are ASCII in TOML 1.0
// bare syntax anyway.
#include <cstddef>
#include <optional>
#include <string_view>

namespace rocm_doctor {

struct TextPosition {
  std::size_t line = 0;    // 1-based
  std::size_t column = 0;  // 1-based, in bytes
};

// The first byte >= 0x80 outside comments and strings (basic, literal, and their multi-line
// forms), or nullopt.
std::optional<TextPosition> FindNonAsciiOutsideStrings(std::string_view text);

}  // namespace rocm_doctor
