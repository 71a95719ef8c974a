// SPDX-License-Identifier: MIT
#include "knowledge/gpu_table_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::gpu_table {
namespace {

bool IsSpecial(char c) { return c == ',' || c == '\n' || c == '\r' || c == '"'; }

// Reads one record starting at `pos`; leaves `pos` after its terminating newline. Runs of plain
// characters are appended a span at a time (one character at a time, this was most of the time
// the table's parse takes, and the parse runs before any check starts).
Record ReadRecord(std::string_view text, std::size_t& pos) {
  std::vector<std::string> fields(1);
  bool after_quote = false;  // a quoted field has closed; only ',' or a newline may follow
  bool malformed = false;
  while (pos < text.size()) {
    // (A loop, not find_first_of: libstdc++'s calls memchr over the set for every character.)
    std::size_t stop = pos;
    while (stop < text.size() && !IsSpecial(text[stop])) ++stop;
    if (stop > pos) {
      if (after_quote) {
        malformed = true;
      } else {
        fields.back().append(text.data() + pos, stop - pos);
      }
      pos = stop;
      continue;
    }
    const char c = text[pos++];
    if (c == '\n') break;
    if (c == '\r') {
      if (pos < text.size() && text[pos] == '\n') continue;  // "\r\n" is "\n"
      if (after_quote) {
        malformed = true;
      } else {
        fields.back() += c;
      }
    } else if (c == ',') {
      fields.emplace_back();
      after_quote = false;
    } else if (after_quote) {
      malformed = true;
    } else if (!fields.back().empty()) {
      fields.back() += c;  // a quote inside an unquoted field is text
    } else {
      // A quoted field, to its closing quote: "" inside is one quote, commas and newlines are
      // text. Left open at the end of the text, the record is malformed.
      while (true) {
        const std::size_t quote = text.find('"', pos);
        if (quote == std::string_view::npos) {
          pos = text.size();
          return std::nullopt;
        }
        fields.back().append(text.data() + pos, quote - pos);
        pos = quote + 1;
        if (pos < text.size() && text[pos] == '"') {
          fields.back() += '"';
          ++pos;
          continue;
        }
        break;
      }
      after_quote = true;
    }
  }
  if (malformed) return std::nullopt;
  return fields;
}

// "4.0", "5", "Gen4" -> 4; nullopt for anything else.
std::optional<int> Generation(std::string_view word) {
  std::string lower = parse::Lower(word);
  std::string_view w = lower;
  if (parse::StartsWith(w, "gen")) w.remove_prefix(3);
  if (std::size_t dot = w.find('.'); dot != std::string_view::npos) {
    if (w.substr(dot + 1) != "0") return std::nullopt;
    w = w.substr(0, dot);
  }
  auto gen = parse::Int(w);
  if (!gen || *gen < 1 || *gen > 9) return std::nullopt;
  return static_cast<int>(*gen);
}

}  // namespace

std::vector<Record> ParseCsv(std::string_view text) {
  std::vector<Record> records;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t line_end = text.find('\n', pos);
    std::string_view line = text.substr(
        pos, line_end == std::string_view::npos ? std::string_view::npos : line_end - pos);
    if (parse::Trim(line).empty() || line.front() == '#') {
      pos = line_end == std::string_view::npos ? text.size() : line_end + 1;
      continue;
    }
    records.push_back(ReadRecord(text, pos));
  }
  return records;
}

HostLink ParseHostLink(std::string_view text) {
  HostLink link;
  std::vector<std::string_view> words = parse::SplitWhitespace(text);
  if (words.empty() || parse::Lower(words[0]) != "pcie") return link;
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string_view w = words[i];
    if (w.size() > 1 && (w[0] == 'x' || w[0] == 'X')) {
      auto lanes = parse::Int(w.substr(1));
      if (lanes && *lanes >= 1 && *lanes <= 32) link.width = static_cast<int>(*lanes);
    } else if (!link.gen) {
      link.gen = Generation(w);
    }
  }
  return link;
}

}  // namespace rocm_doctor::gpu_table
