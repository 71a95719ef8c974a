// SPDX-License-Identifier: MIT
#include "base/text_parse.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor::parse {
namespace {

struct HexCase {
  std::string input;
  std::optional<std::uint64_t> expected;
};

TEST(ParseHex, TableOfRealAndHostileValues) {
  const HexCase cases[] = {
      {"0x1002\n", 0x1002},
      {"0x74a1", 0x74a1},
      {"1002", 0x1002},
      {"0x030000\n", 0x030000},
      {std::string("0x1002\n") + std::string(4089, '\0'), 0x1002},  // NUL-padded capture
      {"  0x10de  \n", 0x10de},
      {"", std::nullopt},
      {"\n", std::nullopt},
      {"0x", std::nullopt},
      {"0xZZ", std::nullopt},
      {"0x1002 garbage", std::nullopt},
      {"0x11112222333344445", std::nullopt},  // 17 digits: overflow
      {std::string(4096, '\0'), std::nullopt},
      {"\xff\xfe", std::nullopt},
  };
  for (const HexCase& c : cases) {
    EXPECT_EQ(Hex(c.input), c.expected) << Printable(c.input);
  }
}

TEST(ParseInt, SignedAndUnsigned) {
  EXPECT_EQ(Int("-1\n"), -1);
  EXPECT_EQ(Int("16"), 16);
  EXPECT_EQ(Int("16x"), std::nullopt);
  EXPECT_EQ(Int("99999999999999999999"), std::nullopt);
  EXPECT_EQ(UInt("17163091968\n"), 17163091968ull);
  EXPECT_EQ(UInt("-5"), std::nullopt);
  EXPECT_EQ(UInt(""), std::nullopt);
}

TEST(ParseLinkSpeed, KernelFormatsAndUnknown) {
  EXPECT_EQ(LinkSpeedGts("16.0 GT/s PCIe\n"), 16.0);
  EXPECT_EQ(LinkSpeedGts("2.5 GT/s PCIe"), 2.5);
  EXPECT_EQ(LinkSpeedGts("8 GT/s"), 8.0);
  EXPECT_EQ(LinkSpeedGts("32.0 GT/s PCIe"), 32.0);
  EXPECT_EQ(LinkSpeedGts("Unknown\n"), std::nullopt);
  EXPECT_EQ(LinkSpeedGts(""), std::nullopt);
  EXPECT_EQ(LinkSpeedGts("fast GT/s"), std::nullopt);
  EXPECT_EQ(LinkSpeedGts("-1 GT/s"), std::nullopt);
}

TEST(ParseLines, KeepsEmptyLinesAndAFinalLineWithoutNewline) {
  auto lines = Lines("a\n\nb");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], "");
  EXPECT_EQ(lines[2], "b");
  EXPECT_TRUE(Lines("").empty());
}

TEST(ParseKeyValueLines, KfdPropertiesWithJunk) {
  auto kv = KeyValueLines("cpu_cores_count 0\nsimd_count 304\ngarbage\nname\t5\nneg -1\n");
  EXPECT_EQ(kv.at("simd_count"), 304u);
  EXPECT_EQ(kv.at("name"), 5u);
  EXPECT_EQ(kv.count("garbage"), 0u);
  EXPECT_EQ(kv.count("neg"), 0u);
}

// The map-free walk behind KeyValueLines passes every kept line in order, a repeated key again,
// with KeyValueLines' rules for separators, a trailing ':', a third word and junk.
TEST(ParseKeyValueLines, ForEachLineMatchesTheMap) {
  using namespace std::string_view_literals;
  const std::string_view text =
      "type 11\n\nnode_from: 4\r\n  weight\t15 extra\ngarbage\nneg -1\ntype 2\n\0x 3\nlast 7"sv;
  std::vector<std::pair<std::string, std::uint64_t>> seen;
  ForEachKeyValueLine(text, [&](std::string_view key, std::uint64_t value) {
    seen.emplace_back(std::string(key), value);
  });
  const std::vector<std::pair<std::string, std::uint64_t>> expected = {
      {"type", 11}, {"node_from", 4}, {"weight", 15}, {"type", 2}, {"x", 3}, {"last", 7}};
  EXPECT_EQ(seen, expected);
  auto kv = KeyValueLines(text);
  EXPECT_EQ(kv.size(), 5u);
  EXPECT_EQ(kv.at("type"), 11u);  // the first line of a key wins
  ForEachKeyValueLine("", [](std::string_view, std::uint64_t) { ADD_FAILURE(); });
}

TEST(ParseKeyEqualsValue, OsReleaseQuoting) {
  auto kv = KeyEqualsValueLines(
      "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n# c\nVERSION_ID='12'\n=x\n");
  EXPECT_EQ(kv.at("PRETTY_NAME"), "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(kv.at("ID"), "debian");
  EXPECT_EQ(kv.at("VERSION_ID"), "12");
  EXPECT_EQ(kv.size(), 3u);
}

TEST(Printable, EscapesControlAndNonAsciiBytes) {
  EXPECT_EQ(Printable("a\nb\xff"), "a\\x0ab\\xff");
  EXPECT_EQ(Printable(std::string(300, 'x'), 10), "xxxxxxxxxx...");
}

}  // namespace
}  // namespace rocm_doctor::parse
