// SPDX-License-Identifier: MIT
#include "collect/ras/bad_pages_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::ras_parse {
namespace {

// The example of Documentation/gpu/amdgpu/ras.rst ("RAS VRAM Bad Pages sysfs Interface").
TEST(BadPagesParse, TheKernelsExample) {
  BadPages p = ParseBadPages("0x00000001 : 0x00001000 : R\n0x00000002 : 0x00001000 : P\n");
  ASSERT_EQ(p.pages.size(), 2u);
  EXPECT_EQ(p.pages[0].pfn, 1u);
  EXPECT_EQ(p.pages[0].size_bytes, 0x1000u);
  EXPECT_EQ(p.pages[0].state, 'R');
  EXPECT_EQ(p.pages[1].pfn, 2u);
  EXPECT_EQ(p.pages[1].state, 'P');
  EXPECT_EQ(p.malformed_count, 0u);
}

TEST(BadPagesParse, EmptyFileIsNoPage) {
  EXPECT_TRUE(ParseBadPages("").pages.empty());
  EXPECT_TRUE(ParseBadPages("\n").pages.empty());
  EXPECT_EQ(ParseBadPages("").malformed_count, 0u);
}

TEST(BadPagesParse, FailedReservationAndOddLinesAreKeptApart) {
  BadPages p = ParseBadPages(
      "0x0001a2b0 : 0x00001000 : F\n"
      "garbage\n"
      "0x1 : 0x1000 : X\n"
      "0xzz : 0x1000 : R\n"
      "0x0001a2b1:0x00001000:R\n");
  ASSERT_EQ(p.pages.size(), 2u);
  EXPECT_EQ(p.pages[0].state, 'F');
  EXPECT_EQ(p.pages[1].pfn, 0x1a2b1u);
  EXPECT_EQ(p.malformed_count, 3u);
  ASSERT_EQ(p.malformed.size(), 3u);
  EXPECT_EQ(p.malformed[0], "garbage");
}

TEST(BadPagesParse, AHostileListIsBounded) {
  std::string text;
  for (std::size_t i = 0; i < kMaxPages + 10; ++i) text += "0x1 : 0x1000 : R\n";
  EXPECT_EQ(ParseBadPages(text).pages.size(), kMaxPages);
  std::string bad(100, '\x1b');
  BadPages p = ParseBadPages(bad + "\n" + bad + "\n" + bad + "\n" + bad + "\n" + bad + "\n");
  EXPECT_EQ(p.malformed.size(), kMaxMalformed);
  EXPECT_EQ(p.malformed_count, 5u);
  EXPECT_EQ(p.malformed[0].find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor::ras_parse
