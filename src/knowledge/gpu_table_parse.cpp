#include "knowledge/gpu_table_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::gpu_table {
namespace {

// Reads one record starting at `pos`; leaves `pos` after its terminating newline.
Record ReadRecord(std::string_view text, std::size_t& pos) {
  std::vector<std::string> fields(1);
  bool quoted = false;       // inside a quoted field
  bool after_quote = false;  // a quoted field has closed; only ',' or a newline may follow
  bool malformed = false;
  while (pos < text.size()) {
    char c = text[pos++];
    if (quoted) {
      if (c != '"') {
        fields.back() += c;
      } else if (pos < text.size() && text[pos] == '"') {
        fields.back() += '"';
        ++pos;
      } else {
        quoted = false;
        after_quote = true;
      }
      continue;
    }
    if (c == '\n') break;
    if (c == '\r' && pos < text.size() && text[pos] == '\n') continue;
    if (c == ',') {
      fields.emplace_back();
      after_quote = false;
    } else if (after_quote) {
      malformed = true;
    } else if (c == '"' && fields.back().empty()) {
      quoted = true;
    } else {
      fields.back() += c;
    }
  }
  if (quoted || malformed) return std::nullopt;
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
