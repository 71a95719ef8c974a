// SPDX-License-Identifier: MIT
#include "policy/toml_input_guard.h"

#include <string>

namespace rocm_doctor {

std::optional<TextPosition> FindNonAsciiOutsideStrings(std::string_view text) {
  std::size_t line = 1;
  std::size_t line_start = 0;
  const auto newline = [&](std::size_t at) {
    ++line;
    line_start = at + 1;
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      newline(i);
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      const std::string triple(3, c);
      const bool multi = text.compare(i, 3, triple) == 0;
      const std::string_view quote = multi ? std::string_view(triple) : text.substr(i, 1);
      i += quote.size();
      while (i < text.size()) {
        if (c == '"' && text[i] == '\\') {
          if (i + 1 < text.size() && text[i + 1] == '\n') newline(i + 1);
          i += 2;
          continue;
        }
        if (text.compare(i, quote.size(), quote) == 0) {
          i += quote.size();
          break;
        }
        if (text[i] == '\n') {
          if (!multi) break;  // unterminated: toml++ reports it
          newline(i);
        }
        ++i;
      }
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      return TextPosition{line, i - line_start + 1};
    } else {
      ++i;
    }
  }
  return std::nullopt;
}

}  // namespace rocm_doctor
