// SPDX-License-Identifier: MIT
#include "system/kmsg_parse.h"

namespace rocm_doctor::system {

std::optional<std::string> ParseKmsgRecord(std::string_view record) {
  const std::size_t semicolon = record.find(';');
  if (semicolon == std::string_view::npos) return std::nullopt;
  const std::string_view header = record.substr(0, semicolon);
  // The header is comma-separated decimal fields; the first (priority) must be a number.
  if (header.empty() || header.find(',') == std::string_view::npos) return std::nullopt;
  for (char c : header.substr(0, header.find(','))) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  std::string_view text = record.substr(semicolon + 1);
  // The message ends at the first newline; continuation lines are the " KEY=value" dictionary.
  text = text.substr(0, text.find('\n'));
  return std::string(text);
}

std::string StripDmesgPrefix(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty() || line.front() != '[') return std::string(line);
  const std::size_t close = line.find(']');
  if (close == std::string_view::npos) return std::string(line);
  for (char c : line.substr(1, close - 1)) {
    if (c != ' ' && c != '.' && (c < '0' || c > '9')) return std::string(line);
  }
  std::string_view rest = line.substr(close + 1);
  if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return std::string(rest);
}

std::vector<std::string> ParseDmesgOutput(std::string_view output, std::size_t max_lines) {
  std::deque<std::string> lines;
  while (!output.empty()) {
    const std::size_t newline = output.find('\n');
    const std::string_view line = output.substr(0, newline);
    output = newline == std::string_view::npos ? std::string_view() : output.substr(newline + 1);
    std::string text = StripDmesgPrefix(line);
    if (!text.empty()) AppendBounded(lines, std::move(text), max_lines);
  }
  return {std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end())};
}

void AppendBounded(std::deque<std::string>& lines, std::string line, std::size_t max_lines) {
  if (max_lines == 0) return;
  if (lines.size() >= max_lines) lines.pop_front();
  lines.push_back(std::move(line));
}

}  // namespace rocm_doctor::system
