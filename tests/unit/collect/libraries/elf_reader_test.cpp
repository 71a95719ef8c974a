// SPDX-License-Identifier: MIT
// elf_reader: section lookup on built images and hostile headers.
#include "collect/libraries/elf_reader.h"

#include <gtest/gtest.h>

#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

TEST(ElfReader, FindsSections) {
  std::string image = BuildElf({{".text", "code"}, {".hip_fatbin", std::string(100, 'x'), 4096}});
  Result<elf::Image> elf = elf::Parse(image);
  ASSERT_TRUE(elf.ok()) << elf.error();
  EXPECT_TRUE(elf->sections_read);
  EXPECT_EQ(elf->machine, 62);
  const elf::Section* fatbin = elf->Find(".hip_fatbin");
  ASSERT_NE(fatbin, nullptr);
  EXPECT_EQ(fatbin->offset % 4096, 0u);
  EXPECT_EQ(fatbin->size, 100u);
  EXPECT_EQ(elf->Find(".nothing"), nullptr);
}

TEST(ElfReader, SectionTableBeyondThePrefixIsNotAnError) {
  std::string image = BuildElf({{".hip_fatbin", std::string(5000, 'x'), 4096}});
  Result<elf::Image> elf = elf::Parse(std::string_view(image).substr(0, 4096));
  ASSERT_TRUE(elf.ok()) << elf.error();
  EXPECT_FALSE(elf->sections_read);
  EXPECT_TRUE(elf->sections.empty());
}

struct HostileCase {
  const char* label;
  std::string bytes;
  const char* error;  // substring; nullptr = parses
};

std::string WithField(std::string image, std::uint64_t at, std::uint64_t value, int bytes) {
  PutLe(image, at, value, bytes);
  return image;
}

TEST(ElfReader, HostileInput) {
  const std::string good = BuildElf({{".hip_fatbin", "x"}});
  const HostileCase cases[] = {
      {"empty", "", "not an ELF file"},
      {"wrong magic", "MZ\x90\x00" + std::string(60, '\0'), "not an ELF file"},
      {"truncated header", good.substr(0, 20), "truncated ELF header (20 of 64 bytes)"},
      {"32-bit", WithField(good, 4, 1, 1), "not a 64-bit little-endian"},
      {"big-endian", WithField(good, 5, 2, 1), "not a 64-bit little-endian"},
      {"bad shentsize", WithField(good, 58, 40, 2), "section header size 40"},
      {"65535 sections", WithField(good, 60, 0xffff, 2), "claims 65535 sections"},
      {"shoff beyond EOF", WithField(good, 40, 1ull << 40, 8), nullptr},
      {"shoff near 2^64", WithField(good, 40, ~0ull - 10, 8), nullptr},
      {"strtab index out of range", WithField(good, 62, 77, 2), nullptr},
  };
  for (const HostileCase& c : cases) {
    Result<elf::Image> elf = elf::Parse(c.bytes);
    if (c.error == nullptr) {
      EXPECT_TRUE(elf.ok()) << c.label << ": " << elf.error();
      continue;
    }
    ASSERT_FALSE(elf.ok()) << c.label;
    EXPECT_NE(elf.error().find(c.error), std::string::npos) << c.label << ": " << elf.error();
  }
}

TEST(ElfReader, SectionOffsetsBeyondEofAreKeptNotRead) {
  std::string image = BuildElf({{".hip_fatbin", "x"}});
  Result<elf::Image> parsed = elf::Parse(image);
  ASSERT_TRUE(parsed.ok());
  // Point .hip_fatbin (section 1) far beyond the end of the file.
  const std::uint64_t header = parsed->section_table_offset + 64;
  PutLe(image, header + 24, 1ull << 50, 8);
  Result<elf::Image> elf = elf::Parse(image);
  ASSERT_TRUE(elf.ok()) << elf.error();
  ASSERT_NE(elf->Find(".hip_fatbin"), nullptr);
  EXPECT_EQ(elf->Find(".hip_fatbin")->offset, 1ull << 50);
}

}  // namespace
}  // namespace rocm_doctor::testing
