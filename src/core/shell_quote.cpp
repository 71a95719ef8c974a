// SPDX-License-Identifier: MIT
#include "rocm_doctor/shell_quote.h"

#include <cstdint>

namespace rocm_doctor {
namespace {

// The length of the byte run at `at` and whether it must be written as \xHH: a C0 control, DEL,
// a byte of an invalid UTF-8 sequence (each escaped alone), a C1 control (U+0080..U+009F, 0x9B
// is a CSI on some terminals) or a bidi control (the terminal would show the command's text in
// another order than the shell reads it).
struct Run {
  std::size_t length;
  bool escape;
};

Run RunAt(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {1, lead < 0x20 || lead == 0x7F};
  std::size_t length = 0;
  std::uint32_t code = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    code = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    code = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    code = lead & 0x07;
  } else {
    return {1, true};
  }
  if (at + length > text.size()) return {1, true};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return {1, true};
    code = (code << 6) | (byte(i) & 0x3F);
  }
  static constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kMinimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    return {1, true};
  }
  const bool bidi = (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) ||
                    code == 0x200E || code == 0x200F || code == 0x061C;
  return {length, code <= 0x9F || bidi};
}

bool NeedsEscapes(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const Run run = RunAt(text, at);
    if (run.escape) return true;
    at += run.length;
  }
  return false;
}

void AppendHex(std::string& out, std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (unsigned char c : bytes) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
  }
}

// $'...': \ and ' backslash-escaped, the escaped runs as \xHH (bash reads at most two hex
// digits, so a following digit stays a digit), everything else literal.
std::string AnsiC(std::string_view value) {
  std::string out = "$'";
  for (std::size_t at = 0; at < value.size();) {
    const Run run = RunAt(value, at);
    const std::string_view bytes = value.substr(at, run.length);
    if (run.escape) {
      AppendHex(out, bytes);
    } else if (bytes == "\\" || bytes == "'") {
      out += '\\';
      out += bytes;
    } else {
      out += bytes;
    }
    at += run.length;
  }
  return out + "'";
}

}  // namespace

bool IsShellSafeWord(std::string_view word) {
  if (word.empty()) return false;
  for (char c : word) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum && std::string_view("_@%+=:,./-").find(c) == std::string_view::npos) return false;
  }
  return true;
}

std::string ShellQuote(std::string_view value) {
  if (IsShellSafeWord(value)) return std::string(value);
  if (NeedsEscapes(value)) return AnsiC(value);
  std::string out = "'";
  for (char c : value) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

std::string ShellQuoteInSingleQuotes(std::string_view value) {
  std::string out;
  for (std::size_t at = 0; at < value.size();) {
    const Run run = RunAt(value, at);
    const std::string_view bytes = value.substr(at, run.length);
    if (run.escape) {
      // Close the quote, one $'\xHH..' word for the whole escaped run, reopen.
      std::size_t end = at + run.length;
      while (end < value.size() && RunAt(value, end).escape) end += RunAt(value, end).length;
      out += "'$'";
      AppendHex(out, value.substr(at, end - at));
      out += "''";
      at = end;
      continue;
    }
    if (bytes == "'") {
      out += "'\\''";
    } else {
      out += bytes;
    }
    at += run.length;
  }
  return out;
}

}  // namespace rocm_doctor
