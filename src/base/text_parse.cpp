// SPDX-License-Identifier: MIT
#include "base/text_parse.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace rocm_doctor::parse {

std::string_view Trim(std::string_view raw) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; };
  while (!raw.empty() && is_space(raw.back())) raw.remove_suffix(1);
  while (!raw.empty() && is_space(raw.front())) raw.remove_prefix(1);
  return raw;
}

std::optional<std::uint64_t> Hex(std::string_view text) {
  text = Trim(text);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text.remove_prefix(2);
  if (text.empty() || text.size() > 16) return std::nullopt;
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::int64_t> Int(std::string_view text) {
  text = Trim(text);
  if (text.empty()) return std::nullopt;
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::uint64_t> UInt(std::string_view text) {
  text = Trim(text);
  if (text.empty() || text[0] == '-') return std::nullopt;
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> Decimal(std::string_view text) {
  text = Trim(text);
  if (text.empty() || text.size() > 32) return std::nullopt;
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < 0) {
    return std::nullopt;
  }
  return value;
}

std::optional<double> LinkSpeedGts(std::string_view text) {
  text = Trim(text);
  std::size_t pos = text.find("GT/s");
  if (pos == std::string_view::npos) return std::nullopt;
  std::string_view number = Trim(text.substr(0, pos));
  if (number.empty() || number.size() > 16) return std::nullopt;
  double value = 0;
  auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (ec != std::errc() || end != number.data() + number.size() || value <= 0) return std::nullopt;
  return value;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    if (nl == std::string_view::npos) {
      lines.push_back(text);
      break;
    }
    lines.push_back(text.substr(0, nl));
    text.remove_prefix(nl + 1);
  }
  return lines;
}

std::vector<std::string_view> SplitWhitespace(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
                               text[i] == '\r' || text[i] == '\0'))
      ++i;
    std::size_t start = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
                                text[i] == '\r' || text[i] == '\0'))
      ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

namespace {
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; }

// The next word of `line` from `i` (SplitWhitespace's separators), empty at the end.
std::string_view NextWord(std::string_view line, std::size_t& i) {
  while (i < line.size() && IsSpace(line[i])) ++i;
  const std::size_t start = i;
  while (i < line.size() && !IsSpace(line[i])) ++i;
  return line.substr(start, i - start);
}
}  // namespace

void ForEachKeyValueLine(std::string_view text,
                         const std::function<void(std::string_view, std::uint64_t)>& pair) {
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    std::size_t i = 0;
    std::string_view key = NextWord(line, i);
    const std::string_view value = NextWord(line, i);
    if (value.empty()) continue;  // fewer than two words
    if (!key.empty() && key.back() == ':') key.remove_suffix(1);
    if (auto v = UInt(value)) pair(key, *v);
  }
}

std::map<std::string, std::uint64_t> KeyValueLines(std::string_view text) {
  std::map<std::string, std::uint64_t> out;
  ForEachKeyValueLine(text, [&](std::string_view key, std::uint64_t value) {
    out.emplace(std::string(key), value);
  });
  return out;
}

std::map<std::string, std::string> KeyEqualsValueLines(std::string_view text) {
  std::map<std::string, std::string> out;
  for (std::string_view line : Lines(text)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos || eq == 0) continue;
    std::string_view value = Trim(line.substr(eq + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
        value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    out.emplace(std::string(Trim(line.substr(0, eq))), std::string(value));
  }
  return out;
}

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool Contains(std::string_view text, std::string_view needle) {
  return text.find(needle) != std::string_view::npos;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string Printable(std::string_view bytes, std::size_t max_len) {
  std::string out;
  for (unsigned char c : bytes) {
    if (out.size() >= max_len) {
      out += "...";
      break;
    }
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace rocm_doctor::parse
