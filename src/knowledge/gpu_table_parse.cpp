// SPDX-License-Identifier: MIT
#include "knowledge/gpu_table_parse.h"

#include <bit>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/text_parse.h"

namespace rocm_doctor::gpu_table {
namespace {

bool IsSpecial(char c) { return c == ',' || c == '\n' || c == '\r' || c == '"'; }

// The bytes of `word` equal to `c`, each marked by its high bit. Exact up to the first such byte
// (a borrow can only mark bytes above a real match), which is all FirstSpecial reads.
constexpr std::uint64_t Matches(std::uint64_t word, char c) {
  constexpr std::uint64_t kOnes = 0x0101010101010101;
  constexpr std::uint64_t kHighBits = 0x8080808080808080;
  const std::uint64_t diff = word ^ (kOnes * static_cast<unsigned char>(c));
  return (diff - kOnes) & ~diff & kHighBits;
}

// The first ',', '\n', '\r' or '"' at or after `pos`, or text.size(). Sixteen bytes a step
// (SSE2, which every x86-64 has), else eight: the embedded tables are 870 KB of CSV, and a byte
// at a time this scan was 40% of their parse.
std::size_t FirstSpecial(std::string_view text, std::size_t pos) {
#if defined(__SSE2__)
  const __m128i comma = _mm_set1_epi8(','), newline = _mm_set1_epi8('\n');
  const __m128i carriage = _mm_set1_epi8('\r'), quote = _mm_set1_epi8('"');
  for (; pos + 16 <= text.size(); pos += 16) {
    const __m128i bytes =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + pos));
    const __m128i found =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, comma), _mm_cmpeq_epi8(bytes, newline)),
                     _mm_or_si128(_mm_cmpeq_epi8(bytes, carriage), _mm_cmpeq_epi8(bytes, quote)));
    if (const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(found)); mask != 0) {
      return pos + static_cast<std::size_t>(std::countr_zero(mask));
    }
  }
#endif
  if constexpr (std::endian::native == std::endian::little) {
    for (; pos + sizeof(std::uint64_t) <= text.size(); pos += sizeof(std::uint64_t)) {
      std::uint64_t word;
      std::memcpy(&word, text.data() + pos, sizeof word);
      const std::uint64_t found = Matches(word, ',') | Matches(word, '\n') |
                                  Matches(word, '\r') | Matches(word, '"');
      if (found != 0) return pos + static_cast<std::size_t>(std::countr_zero(found)) / 8;
    }
  }
  while (pos < text.size() && !IsSpecial(text[pos])) ++pos;
  return pos;
}

// Reads one record starting at `pos` into `fields`; leaves `pos` after its terminating newline.
// A field is a span of `text` when it can be (plain characters are scanned a span at a time:
// one character at a time was most of the time the table's parse took); a quoted field with ""
// inside is unescaped into `unescaped`, which keeps it alive. False when malformed.
bool ReadRecord(std::string_view text, std::size_t& pos, std::vector<std::string_view>& fields,
                std::deque<std::string>& unescaped) {
  fields.clear();
  std::size_t field_start = pos;
  bool after_quote = false;  // a quoted field has closed; only ',' or a newline may follow
  bool malformed = false;
  auto plain_field_end = [&](std::size_t end) {
    if (!after_quote) fields.push_back(text.substr(field_start, end - field_start));
  };
  while (pos < text.size()) {
    const std::size_t stop = FirstSpecial(text, pos);
    if (stop > pos) {
      if (after_quote) malformed = true;
      pos = stop;
      continue;
    }
    const char c = text[pos++];
    if (c == '\n') {
      plain_field_end(pos - 1);
      return !malformed;
    }
    if (c == '\r') {
      if (pos < text.size() && text[pos] == '\n') {  // "\r\n" is "\n"
        plain_field_end(pos - 1);
        ++pos;
        return !malformed;
      }
      if (after_quote) malformed = true;  // else a lone '\r' is text of a plain field
    } else if (c == ',') {
      plain_field_end(pos - 1);
      after_quote = false;
      field_start = pos;
    } else if (after_quote) {
      malformed = true;
    } else if (pos - 1 > field_start) {
      // a quote inside an unquoted field is text
    } else {
      // A quoted field, to its closing quote: "" inside is one quote, commas and newlines are
      // text. Left open at the end of the text, the record is malformed.
      std::string* owned = nullptr;
      std::size_t begin = pos;
      while (true) {
        const std::size_t quote = text.find('"', pos);
        if (quote == std::string_view::npos) {
          pos = text.size();
          return false;
        }
        if (quote + 1 < text.size() && text[quote + 1] == '"') {
          if (!owned) owned = &unescaped.emplace_back();
          owned->append(text.data() + pos, quote + 1 - pos);  // the text and one quote
          pos = quote + 2;
          continue;
        }
        if (owned) {
          owned->append(text.data() + pos, quote - pos);
          fields.emplace_back(*owned);
        } else {
          fields.push_back(text.substr(begin, quote - begin));
        }
        pos = quote + 1;
        break;
      }
      after_quote = true;
    }
  }
  plain_field_end(text.size());
  return !malformed;
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

void ForEachCsvRecord(std::string_view text, const RecordVisitor& record) {
  std::vector<std::string_view> fields;
  std::deque<std::string> unescaped;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t line_end = text.find('\n', pos);
    std::string_view line = text.substr(
        pos, line_end == std::string_view::npos ? std::string_view::npos : line_end - pos);
    if (parse::Trim(line).empty() || line.front() == '#') {
      pos = line_end == std::string_view::npos ? text.size() : line_end + 1;
      continue;
    }
    unescaped.clear();
    const bool ok = ReadRecord(text, pos, fields, unescaped);
    record(ok ? &fields : nullptr);
  }
}

std::vector<Record> ParseCsv(std::string_view text) {
  std::vector<Record> records;
  ForEachCsvRecord(text, [&](const std::vector<std::string_view>* fields) {
    if (!fields) {
      records.emplace_back(std::nullopt);
      return;
    }
    records.emplace_back(std::vector<std::string>(fields->begin(), fields->end()));
  });
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
