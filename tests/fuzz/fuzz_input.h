// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the fuzz targets (tests/fuzz/README.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::fuzz {

// ASCII record separator: no sysfs, procfs or config text holds it, so a multi-file input is
// its files joined with it (collect_seeds.py writes seeds that way).
inline constexpr char kPartSeparator = '\x1e';

inline std::string_view AsText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The input cut at kPartSeparator into exactly `count` parts (missing ones are empty, the last
// keeps any further separators).
inline std::vector<std::string_view> SplitParts(std::string_view text, std::size_t count) {
  std::vector<std::string_view> parts;
  while (parts.size() + 1 < count) {
    const std::size_t at = text.find(kPartSeparator);
    if (at == std::string_view::npos) break;
    parts.push_back(text.substr(0, at));
    text.remove_prefix(at + 1);
  }
  parts.push_back(text);
  parts.resize(count);
  return parts;
}

// The input as lines, for parsers that take one line (kernel log) or a name list (Tensile).
inline std::vector<std::string> Lines(std::string_view text, std::size_t max_lines = 4096) {
  std::vector<std::string> lines;
  while (!text.empty() && lines.size() < max_lines) {
    const std::size_t at = text.find('\n');
    lines.emplace_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
  }
  return lines;
}

// Keeps the optimiser from dropping a result the target only computes.
template <class T>
inline void Use(const T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

}  // namespace rocm_doctor::fuzz
