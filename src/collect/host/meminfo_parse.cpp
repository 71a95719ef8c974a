// SPDX-License-Identifier: MIT
#include "collect/host/meminfo_parse.h"

#include <limits>
#include <vector>

#include "base/text_parse.h"

namespace rocm_doctor::meminfo {

std::optional<std::uint64_t> Bytes(std::string_view meminfo, std::string_view key) {
  for (std::string_view line : parse::Lines(meminfo)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(line);
    if (words.empty() || words[0].size() != key.size() + 1 || words[0].back() != ':' ||
        words[0].substr(0, key.size()) != key) {
      continue;
    }
    if (words.size() < 2 || words.size() > 3) return std::nullopt;
    std::optional<std::uint64_t> value = parse::UInt(words[1]);
    if (!value) return std::nullopt;
    if (words.size() == 2) return value;
    if (words[2] != "kB") return std::nullopt;
    if (*value > std::numeric_limits<std::uint64_t>::max() / 1024) return std::nullopt;
    return *value * 1024;
  }
  return std::nullopt;
}

}  // namespace rocm_doctor::meminfo
