// SPDX-License-Identifier: MIT
#pragma once
// What every terminal page shares (check, bench, fleet tables, diff): the SGR colour codes,
// display width and padding of UTF-8 text, and a painter that colours only when asked.
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "report/text_escape.h"

namespace rocm_doctor::terminal {

inline constexpr std::string_view kReset = "\033[0m";
inline constexpr std::string_view kBold = "\033[1m";
inline constexpr std::string_view kDim = "\033[2m";
inline constexpr std::string_view kRed = "\033[31m";
inline constexpr std::string_view kGreen = "\033[32m";
inline constexpr std::string_view kYellow = "\033[33m";
inline constexpr std::string_view kCyan = "\033[36m";

// Display width of UTF-8 text: one column per code point (every glyph the reporters use is one
// column wide).
inline std::size_t Columns(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

// `text` padded with spaces to `width` columns.
inline std::string Pad(std::string_view text, std::size_t width) {
  std::string out(text);
  for (std::size_t n = Columns(text); n < width; ++n) out += ' ';
  return out;
}

// The only writer of escape sequences on a terminal page: it writes each colour code with the
// process's private marker (report_text::PainterCode), and report_text::TerminalText, which
// every page goes through, turns only those back into escapes. An ESC in machine text, even a
// colour change, prints as '?'.
class Painter {
 public:
  explicit Painter(bool color) : color_(color) {}
  std::string operator()(std::string_view text, std::string_view style) const {
    if (!color_) return std::string(text);
    return report_text::PainterCode(style) + std::string(text) + report_text::PainterCode(kReset);
  }

 private:
  bool color_;
};

}  // namespace rocm_doctor::terminal
