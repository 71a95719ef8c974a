// SPDX-License-Identifier: MIT
// gpu_table::ParseCsv reads runs of plain characters a span at a time (issue 14, speed): it must
// answer exactly what the character-by-character reader it replaced answered, on any input.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base/text_parse.h"
#include "knowledge/gpu_table_parse.h"

namespace rocm_doctor {
namespace {

// The previous reader, verbatim: the reference.
gpu_table::Record ReferenceRecord(std::string_view text, std::size_t& pos) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  bool after_quote = false;
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

std::vector<gpu_table::Record> ReferenceCsv(std::string_view text) {
  std::vector<gpu_table::Record> records;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t line_end = text.find('\n', pos);
    std::string_view line = text.substr(
        pos, line_end == std::string_view::npos ? std::string_view::npos : line_end - pos);
    if (parse::Trim(line).empty() || line.front() == '#') {
      pos = line_end == std::string_view::npos ? text.size() : line_end + 1;
      continue;
    }
    records.push_back(ReferenceRecord(text, pos));
  }
  return records;
}

// 300,000 random texts over the characters the dialect gives a meaning to (quotes, commas,
// CR, LF, '#', blanks, NUL, a high byte) plus plain letters: every record, field and malformed
// verdict is the reference's.
TEST(CsvReader, AnswersWhatTheCharacterByCharacterReaderAnswered) {
  const std::string alphabet("ab\",\"\r\n,# \t\0\xff", 14);
  std::mt19937 rng(14);
  std::uniform_int_distribution<std::size_t> length(0, 48);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  int differ = 0;
  for (int i = 0; i < 300000; ++i) {
    std::string text(length(rng), 'a');
    for (char& c : text) c = alphabet[pick(rng)];
    if (gpu_table::ParseCsv(text) != ReferenceCsv(text) && ++differ <= 5) {
      ADD_FAILURE() << "differs on: " << ::testing::PrintToString(text);
    }
  }
  EXPECT_EQ(differ, 0);
}

TEST(CsvReader, LongFieldsAndQuotedRunsMatchTheReference) {
  const std::string texts[] = {
      std::string(100000, 'x') + "," + std::string(5000, 'y') + "\n",
      "\"" + std::string(70000, ',') + "\"\"" + std::string(70000, '\n') + "\",z\r\n",
      "\"never closed" + std::string(10000, 'q'),
      "\"a\"\r\rb\n\"\"\"\"\n,\"\",\r\"\n",
      "a\"b\"c,\"d\"\"e\"\r\n#x,\"\n\"\n  \n\t\n",
  };
  for (const std::string& text : texts) {
    EXPECT_EQ(gpu_table::ParseCsv(text), ReferenceCsv(text)) << text.substr(0, 40);
  }
}

}  // namespace
}  // namespace rocm_doctor
