// SPDX-License-Identifier: MIT
// Table-driven tests of the hardware parsers with hostile input.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "knowledge/gpu_table_parse.h"
#include "collect/host/meminfo_parse.h"
#include "collect/pci/pci_parse.h"

namespace rocm_doctor {
namespace {

const std::string kNul4096(4096, '\0');

TEST(RasErrCount, Table) {
  struct Case {
    std::string text;
    bool parsed;
    std::optional<std::uint64_t> ue, ce, de;
    bool inaccessible;
  };
  const Case cases[] = {
      {"ue: 0\nce: 0\n", true, 0, 0, std::nullopt, false},
      {"ue: 3\nce: 12\nde: 1\n", true, 3, 12, 1, false},
      {"ue: 2\nce: 0\n" + kNul4096, true, 2, 0, std::nullopt, false},  // NUL-padded capture
      {"ue:   7  \n  ce: 1\t\n", true, 7, 1, std::nullopt, false},
      {"Query currently inaccessible\n", true, std::nullopt, std::nullopt, std::nullopt, true},
      {"", false, std::nullopt, std::nullopt, std::nullopt, false},
      {kNul4096, false, std::nullopt, std::nullopt, std::nullopt, false},
      {"garbage\xff\xfe", false, std::nullopt, std::nullopt, std::nullopt, false},
      {"ue: -1\nce: x\n", false, std::nullopt, std::nullopt, std::nullopt, false},
      {"ue: 99999999999999999999999\nce: 0\n", false, std::nullopt, std::nullopt, std::nullopt,
       false},
      {"ue: 1 2\nce: 0\n", false, std::nullopt, std::nullopt, std::nullopt, false},
      {"ce: 4\n", true, std::nullopt, 4, std::nullopt, false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text.substr(0, 40));
    auto counts = pci_parse::RasErrCount(c.text);
    ASSERT_EQ(counts.has_value(), c.parsed);
    if (!counts) continue;
    EXPECT_EQ(counts->ue, c.ue);
    EXPECT_EQ(counts->ce, c.ce);
    EXPECT_EQ(counts->de, c.de);
    EXPECT_EQ(counts->inaccessible, c.inaccessible);
  }
}

TEST(LinkWidth, Table) {
  const std::pair<std::string, std::optional<int>> cases[] = {
      {"16\n", 16},
      {"1", 1},
      {"32", 32},
      {"8  \n", 8},
      {"16\n" + kNul4096, 16},
      {"0\n", std::nullopt},
      {"255\n", std::nullopt},
      {"", std::nullopt},
      {kNul4096, std::nullopt},
      {"x16", std::nullopt},
      {"Unknown", std::nullopt},
      {"-16", std::nullopt},
      {"99999999999999999999", std::nullopt},
      {"16 lanes", std::nullopt},
  };
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text.substr(0, 20));
    EXPECT_EQ(pci_parse::LinkWidth(text), want);
  }
}

TEST(UeventIdPair, Table) {
  struct Case {
    std::string text;
    bool ok;
    std::uint16_t first, second;
  };
  const Case cases[] = {
      {"1002:744C", true, 0x1002, 0x744c},
      {"1DA2:E471\n", true, 0x1da2, 0xe471},
      {"1002:73bf", true, 0x1002, 0x73bf},
      {"", false, 0, 0},
      {"1002", false, 0, 0},
      {"1002:", false, 0, 0},
      {":744C", false, 0, 0},
      {"10020:744C", false, 0, 0},
      {"0x12:744C", false, 0, 0},
      {"1002:ZZZZ", false, 0, 0},
      {"1002:744C:1", false, 0, 0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    auto pair = pci_parse::UeventIdPair(c.text);
    ASSERT_EQ(pair.has_value(), c.ok);
    if (!pair) continue;
    EXPECT_EQ(pair->first, c.first);
    EXPECT_EQ(pair->second, c.second);
  }
}

TEST(MeminfoBytes, Table) {
  const std::pair<std::string, std::optional<std::uint64_t>> cases[] = {
      {"MemTotal:       16318652 kB\nMemFree:  1 kB\n", 16318652ULL * 1024},
      {"MemFree: 5 kB\nMemTotal: 2 kB", 2048},
      {"MemTotal: 12\n", 12},  // no unit: a plain number
      {"", std::nullopt},
      {kNul4096, std::nullopt},
      {"MemTotalX: 5 kB\n", std::nullopt},
      {"MemTotal: kB\n", std::nullopt},
      {"MemTotal: 5 MB\n", std::nullopt},
      {"MemTotal: -5 kB\n", std::nullopt},
      {"MemTotal: 18446744073709551615 kB\n", std::nullopt},  // overflows once * 1024
      {"MemTotal: 99999999999999999999999 kB\n", std::nullopt},
      {"MemTotal: 5 kB extra\n", std::nullopt},
  };
  for (const auto& [text, want] : cases) {
    SCOPED_TRACE(text.substr(0, 40));
    EXPECT_EQ(meminfo::Bytes(text, "MemTotal"), want);
  }
}

TEST(ParseCsv, QuotesCommentsAndMalformedRecords) {
  auto records = gpu_table::ParseCsv(
      "# comment, with comma\n"
      "a,b,c\n"
      "\n"
      "1,\"two, with comma\",3\r\n"
      "\"say \"\"hi\"\"\",,\n"
      "\"multi\nline\",x,y\n"
      "\"open quote,1,2\n");
  ASSERT_EQ(records.size(), 5u);
  ASSERT_TRUE(records[0]);
  EXPECT_EQ(*records[0], (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_TRUE(records[1]);
  EXPECT_EQ(*records[1], (std::vector<std::string>{"1", "two, with comma", "3"}));
  ASSERT_TRUE(records[2]);
  EXPECT_EQ(*records[2], (std::vector<std::string>{"say \"hi\"", "", ""}));
  ASSERT_TRUE(records[3]);
  EXPECT_EQ(*records[3], (std::vector<std::string>{"multi\nline", "x", "y"}));
  EXPECT_FALSE(records[4]);  // the quote never closes
}

TEST(ParseCsv, TextAfterClosingQuoteIsMalformed) {
  auto records = gpu_table::ParseCsv("\"a\"b,c\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_FALSE(records[0]);
}

TEST(ParseCsv, EmptyAndBinaryInput) {
  EXPECT_TRUE(gpu_table::ParseCsv("").empty());
  EXPECT_TRUE(gpu_table::ParseCsv("# only\n#comments\n\n").empty());
  EXPECT_TRUE(gpu_table::ParseCsv(kNul4096).empty());  // NUL padding is blank
  auto records = gpu_table::ParseCsv("\x01\xff,\x80");
  ASSERT_EQ(records.size(), 1u);  // bytes are kept; the row parser judges them
  ASSERT_TRUE(records[0]);
  EXPECT_EQ(records[0]->size(), 2u);
}

TEST(ParseHostLink, Table) {
  struct Case {
    std::string text;
    std::optional<int> gen, width;
  };
  const Case cases[] = {
      {"PCIe 5.0 x16", 5, 16},
      {"PCIe Gen5 x16", 5, 16},
      {"PCIe Gen4 x16", 4, 16},
      {"PCIe 4.0", 4, std::nullopt},
      {"pcie 3.0 x8", 3, 8},
      {"", std::nullopt, std::nullopt},
      {"Infinity Fabric", std::nullopt, std::nullopt},
      {"PCIe x16", std::nullopt, 16},
      {"PCIe 4.5 x16", std::nullopt, 16},
      {"PCIe 4.0 x64", 4, std::nullopt},
      {"PCIe GenZ x", std::nullopt, std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    gpu_table::HostLink link = gpu_table::ParseHostLink(c.text);
    EXPECT_EQ(link.gen, c.gen);
    EXPECT_EQ(link.width, c.width);
  }
}

}  // namespace
}  // namespace rocm_doctor
