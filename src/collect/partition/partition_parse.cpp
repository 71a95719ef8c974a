// SPDX-License-Identifier: MIT
#include "collect/partition/partition_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::partition_parse {

std::optional<std::string> Mode(std::string_view text) {
  text = parse::Trim(text);
  if (text.size() < 2 || text.size() > 8) return std::nullopt;
  for (char c : text) {
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return std::nullopt;
  }
  return std::string(text);
}

std::optional<std::vector<std::string>> ModeList(std::string_view text) {
  text = parse::Trim(text);
  std::vector<std::string> out;
  if (text == "Not supported") return out;
  while (!text.empty()) {
    std::size_t comma = text.find(',');
    std::optional<std::string> mode = Mode(text.substr(0, comma));
    if (!mode || out.size() >= 16) return std::nullopt;
    out.push_back(*mode);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
    if (parse::Trim(text).empty()) return std::nullopt;  // a trailing comma
  }
  if (out.empty()) return std::nullopt;
  return out;
}

}  // namespace rocm_doctor::partition_parse
