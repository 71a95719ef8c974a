// SPDX-License-Identifier: MIT
// ranged_scan and the elf_reader pieces it reads with: table-driven against the whole-buffer
// parsers (elf::Parse, offload::ScanRange), which they must agree with on every input whose
// bytes are all there, plus what only ranged reads do (re-reading a long bundle header, giving
// up after padding, a failed read).
#include "collect/libraries/ranged_scan.h"

#include <gtest/gtest.h>

#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

struct Reads {
  std::size_t calls = 0;
  std::size_t bytes = 0;
};

// ReadAt over a string; a read at or after `fail_at` fails with EIO's text.
ranged::ReadAt Reader(const std::string& file, Reads* reads = nullptr,
                      std::uint64_t fail_at = UINT64_MAX) {
  return [&file, reads, fail_at](std::uint64_t offset, std::size_t length) {
    FileContent out;
    if (offset >= fail_at) {
      out.status = FsStatus::kError;
      out.error = "Input/output error";
      return out;
    }
    out.status = FsStatus::kOk;
    if (offset < file.size()) out.data = file.substr(static_cast<std::size_t>(offset), length);
    if (reads != nullptr) {
      ++reads->calls;
      reads->bytes += out.data.size();
    }
    return out;
  };
}

std::string With(std::string bytes, std::uint64_t at, std::uint64_t value, int width) {
  PutLe(bytes, at, value, width);
  return bytes;
}

TEST(ElfPieces, HeaderCountsTableAndNames) {
  const std::string image = BuildElf({{".text", "code"}, {".hip_fatbin", "x", 4096}});
  Result<elf::Header> header = elf::ParseHeader(image.substr(0, 64));
  ASSERT_TRUE(header.ok()) << header.error();
  EXPECT_EQ(header->machine, 62);
  EXPECT_EQ(header->section_count, 4u);  // null, .text, .hip_fatbin, .shstrtab
  EXPECT_EQ(header->strtab_index, 3u);
  EXPECT_FALSE(header->NeedsSection0());
  const std::string table = image.substr(header->section_table_offset, 4 * 64);
  std::vector<elf::Section> sections = elf::ParseSectionTable(table, 4);
  ASSERT_EQ(sections.size(), 4u);
  const elf::Section& strtab = sections[3];
  elf::NameSections(sections, image.substr(strtab.offset, strtab.size));
  EXPECT_EQ(sections[2].name, ".hip_fatbin");
  EXPECT_EQ(sections[2].offset % 4096, 0u);
  // A name cut by the end of the bytes keeps what is there (as a table without its last NUL);
  // a name that starts past them stays empty.
  std::vector<elf::Section> cut = elf::ParseSectionTable(table, 4);
  elf::NameSections(cut, image.substr(strtab.offset, 3));
  EXPECT_EQ(cut[1].name, ".t");
  EXPECT_EQ(cut[2].name, "");
}

TEST(ElfPieces, HostilePieces) {
  const std::string image = BuildElf({{".hip_fatbin", "x"}});
  const std::string section0(64, '\0');
  struct Case {
    const char* label;
    elf::Header header;
    std::string section0;
    const char* error;  // substring; nullptr = resolves
    std::uint64_t count;
  };
  const Case cases[] = {
      {"plain", {62, 4096, 3, 2}, "", nullptr, 3},
      {"escaped count", {62, 4096, 0, 2}, With(section0, 32, 70000, 8), "claims 70000 sections", 0},
      {"escaped count in range", {62, 4096, 0, 2}, With(section0, 32, 9, 8), nullptr, 9},
      {"escaped count, section 0 not read", {62, 4096, 0, 2}, "", "section 0 (0 of 64", 0},
      {"SHN_XINDEX, short section 0",
       {62, 4096, 5, 0xffff},
       section0.substr(0, 10),
       "section 0 (10 of 64",
       0},
      {"count over the limit", {62, 4096, 4097, 1}, "", "claims 4097 sections", 0},
  };
  for (const Case& c : cases) {
    Result<elf::Header> got = elf::ResolveCounts(c.header, c.section0);
    if (c.error == nullptr) {
      ASSERT_TRUE(got.ok()) << c.label << ": " << got.error();
      EXPECT_EQ(got->section_count, c.count) << c.label;
    } else {
      ASSERT_FALSE(got.ok()) << c.label;
      EXPECT_NE(got.error().find(c.error), std::string::npos) << c.label << ": " << got.error();
    }
  }
  // The table parser takes no more than it was given, and no more than kMaxSections.
  EXPECT_TRUE(elf::ParseSectionTable(std::string(100, '\0'), 2).empty());
  EXPECT_TRUE(elf::ParseSectionTable(std::string(64, '\0'), elf::kMaxSections + 1).empty());
  EXPECT_TRUE(elf::ParseSectionTable("", 0).empty());
  EXPECT_FALSE(elf::ParseHeader(image.substr(0, 63)).ok());
  EXPECT_NE(elf::ParseHeader(With(image, 58, 40, 2)).error().find("section header size 40"),
            std::string::npos);
}

// Every image elf::Parse reads whole, ReadSections reads in pieces with the same answer; where
// Parse cannot reach the table, ReadSections says to read the file another way.
TEST(RangedSections, AgreeWithTheWholeFileParser) {
  const std::string good = BuildElf({{".text", "code"}, {".hip_fatbin", "x", 4096}});
  const std::uint64_t shoff = elf::LoadLe(good, 40, 8);
  struct Case {
    const char* label;
    std::string bytes;
  };
  const Case cases[] = {
      {"good", good},
      {"not ELF", "MZ" + std::string(100, '\0')},
      {"short header", good.substr(0, 30)},
      {"32-bit", With(good, 4, 1, 1)},
      {"no section table", With(good, 40, 0, 8)},
      {"table beyond EOF", With(good, 40, 1ull << 40, 8)},
      {"table near 2^64", With(good, 40, ~0ull - 10, 8)},
      {"table cut by EOF", good.substr(0, shoff + 100)},
      {"65535 sections", With(good, 60, 0xffff, 2)},
      {"escaped count 2^40", With(With(good, 60, 0, 2), shoff + 32, 1ull << 40, 8)},
      {"strtab index out of range", With(good, 62, 77, 2)},
      {"strtab beyond EOF", With(good, shoff + 3 * 64 + 24, 1ull << 33, 8)},
      {"strtab size 2^62", With(good, shoff + 3 * 64 + 32, 1ull << 62, 8)},
      {"name offsets beyond strtab", With(good, shoff + 2 * 64, 0xfffffff0, 4)},
  };
  for (const Case& c : cases) {
    Result<elf::Image> whole = elf::Parse(c.bytes);
    Result<ranged::Sections> pieces = ranged::ReadSections(Reader(c.bytes));
    if (!whole.ok()) {
      ASSERT_FALSE(pieces.ok()) << c.label;
      EXPECT_EQ(pieces.error(), whole.error()) << c.label;
      continue;
    }
    ASSERT_TRUE(pieces.ok()) << c.label << ": " << pieces.error();
    if (!whole->sections_read) {
      EXPECT_FALSE(pieces->read) << c.label;
      EXPECT_FALSE(pieces->reason.empty()) << c.label;
      continue;
    }
    ASSERT_TRUE(pieces->read) << c.label << ": " << pieces->reason;
    const std::vector<elf::Section>& a = whole->sections;
    const std::vector<elf::Section>& b = pieces->image.sections;
    ASSERT_EQ(a.size(), b.size()) << c.label;
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].name, b[i].name) << c.label << " section " << i;
      EXPECT_EQ(a[i].offset, b[i].offset) << c.label << " section " << i;
      EXPECT_EQ(a[i].size, b[i].size) << c.label << " section " << i;
      EXPECT_EQ(a[i].type, b[i].type) << c.label << " section " << i;
    }
  }
}

TEST(RangedSections, EmptyAndUnreadableFilesAreLeftToTheCaller) {
  const std::string empty;
  Result<ranged::Sections> none = ranged::ReadSections(Reader(empty));
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->read);
  EXPECT_EQ(none->reason, "empty file");
  Result<ranged::Sections> failed = ranged::ReadSections(Reader(empty, nullptr, 0));
  ASSERT_TRUE(failed.ok());
  EXPECT_FALSE(failed->read);
  EXPECT_NE(failed->reason.find("Input/output error"), std::string::npos);
}

std::string Ccob(std::uint64_t total) {
  std::string ccob = "CCOB";
  AppendLe(ccob, 3, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, total, 8);
  ccob.resize(static_cast<std::size_t>(total), 'z');
  return ccob;
}

// CCOB version 1: no total size in the header, so the next bundle is found by searching.
std::string CcobV1(std::size_t total) {
  std::string ccob = "CCOB";
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 1, 2);
  ccob.resize(total, 'z');
  return ccob;
}

std::string Pages(std::size_t n) { return std::string(n * 4096, '\0'); }

// Walks [begin, end) of `file` both ways; the ranged walk must agree with the whole-buffer one.
void ExpectSameWalk(const char* label, const std::string& file, std::uint64_t begin,
                    std::uint64_t end) {
  const offload::RangeScan whole = offload::ScanRange(file, begin, end, end);
  const offload::RangeScan walked = ranged::WalkBundles(Reader(file), begin, end, end);
  EXPECT_EQ(walked.bundles, whole.bundles) << label;
  EXPECT_EQ(walked.compressed, whole.compressed) << label;
  EXPECT_EQ(walked.targets, whole.targets) << label;
  EXPECT_EQ(walked.errors, whole.errors) << label;
  EXPECT_EQ(walked.error_count, whole.error_count) << label;
  EXPECT_EQ(walked.complete, whole.complete) << label;
  EXPECT_EQ(walked.stopped, "") << label;
}

TEST(RangedWalk, AgreesWithTheWholeBufferScan) {
  const std::string a =
      BuildBundle({"host-x86_64-unknown-linux-gnu-", "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  const std::string b = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx1030"});
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(huge, 1ull << 32, 8);
  std::string beyond = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(beyond, 1, 8);
  AppendLe(beyond, 1ull << 50, 8);  // an entry far beyond the section and the file
  AppendLe(beyond, 8, 8);
  AppendLe(beyond, 5, 8);
  beyond += "gfx42";
  std::string long_id = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(long_id, 1, 8);
  AppendLe(long_id, 0, 8);
  AppendLe(long_id, 0, 8);
  AppendLe(long_id, 1ull << 20, 8);  // a 1 MiB id
  const std::string prefix = Pages(2);
  struct Case {
    const char* label;
    std::string fatbin;
  };
  const Case cases[] = {
      {"several bundles with padding", Fatbin({a, b}) + Pages(3) + Fatbin({b, a})},
      {"compressed", Fatbin({Ccob(5000), a})},
      {"compressed v1, 2 MiB of unknown size", Fatbin({CcobV1(std::size_t{2} << 20), b})},
      {"a malformed bundle between", Fatbin({a, huge, b})},
      {"an entry beyond the section", Fatbin({beyond, b})},
      {"an over-long id", Fatbin({long_id, a})},
      {"only padding", Pages(5)},
      {"empty", ""},
  };
  for (const Case& c : cases) {
    const std::string file = prefix + c.fatbin + Pages(1);
    ExpectSameWalk(c.label, file, prefix.size(), prefix.size() + c.fatbin.size());
  }
  // A section that runs past the end of the file, cut inside a bundle header or its code.
  const std::string fatbin = Fatbin({a, b, a});
  for (std::size_t cut :
       {std::size_t{4096 + 30}, std::size_t{4096 + 60}, std::size_t{8192 + 10}, std::size_t{100}}) {
    const std::string file = prefix + fatbin.substr(0, cut);
    ExpectSameWalk("cut by EOF", file, prefix.size(), prefix.size() + fatbin.size());
  }
  // A section claimed up to 2^64.
  const std::string file = prefix + fatbin;
  ExpectSameWalk("section to 2^64", file, prefix.size(), UINT64_MAX);
}

TEST(RangedWalk, ReadsOnlyTheHeaders) {
  const std::string a = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  std::string fatbin;
  for (int i = 0; i < 20; ++i) fatbin += Fatbin({a}) + Pages(8);  // 20 bundles, 36 KiB each
  Reads reads;
  const offload::RangeScan scan =
      ranged::WalkBundles(Reader(fatbin, &reads), 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 20u);
  EXPECT_TRUE(scan.complete);
  // 20 headers, 8 padding pages after each (looked at one by one), and the last byte.
  EXPECT_EQ(reads.calls, 20u * 9 + 1);
  EXPECT_LE(reads.bytes, reads.calls * ranged::kBundleWindow);
}

TEST(RangedWalk, LongHeaderIsReadAgainWhole) {
  std::vector<std::string> ids;
  for (int i = 0; i < 200; ++i) {
    ids.push_back("hipv4-amdgcn-amd-amdhsa--gfx" + std::to_string(900 + i) + ":xnack-");
  }
  const std::string bundle = BuildBundle(ids);  // a header of ~11 KiB
  ASSERT_GT(bundle.size(), 2 * ranged::kBundleWindow);
  const std::string fatbin = Fatbin({bundle});
  const offload::RangeScan scan =
      ranged::WalkBundles(Reader(fatbin), 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.targets.size(), 200u);
  EXPECT_EQ(scan.error_count, 0u);
  EXPECT_TRUE(scan.complete);
}

TEST(RangedWalk, GivesUpAfterBoundedPadding) {
  const std::string a = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  const std::string b = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx1030"});
  const std::string fatbin = Fatbin({a}) + Pages(ranged::kMaxPaddingProbes + 10) + Fatbin({b});
  Reads reads;
  const offload::RangeScan scan =
      ranged::WalkBundles(Reader(fatbin, &reads), 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 1u);
  EXPECT_EQ(scan.targets, (std::set<std::string>{"gfx90a:xnack-"}));
  EXPECT_FALSE(scan.complete);
  EXPECT_NE(scan.stopped.find("no offload bundle in 256 aligned positions"), std::string::npos)
      << scan.stopped;
  EXPECT_EQ(reads.calls, 1 + ranged::kMaxPaddingProbes);
  // Within the bound the walk crosses the padding.
  const std::string near = Fatbin({a}) + Pages(ranged::kMaxPaddingProbes - 2) + Fatbin({b});
  const offload::RangeScan crossed = ranged::WalkBundles(Reader(near), 0, near.size(), near.size());
  EXPECT_EQ(crossed.bundles, 2u);
  EXPECT_TRUE(crossed.complete);
}

TEST(RangedWalk, ManyMalformedBundlesAreBounded) {
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(huge, ~0ull, 8);
  std::string fatbin;
  for (std::size_t i = 0; i < ranged::kMaxPaddingProbes + 5; ++i) fatbin += Fatbin({huge});
  const offload::RangeScan scan =
      ranged::WalkBundles(Reader(fatbin), 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 0u);
  EXPECT_EQ(scan.error_count, ranged::kMaxPaddingProbes);
  EXPECT_EQ(scan.errors.size(), offload::kMaxErrorsKept);
  EXPECT_FALSE(scan.complete);
  EXPECT_NE(scan.stopped.find("gave up"), std::string::npos);
}

TEST(RangedWalk, AFailedReadStopsTheWalk) {
  const std::string a = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  const std::string fatbin = Fatbin({a, a, a});
  const offload::RangeScan scan =
      ranged::WalkBundles(Reader(fatbin, nullptr, 8192), 0, fatbin.size(), fatbin.size());
  EXPECT_EQ(scan.bundles, 2u);
  EXPECT_FALSE(scan.complete);
  EXPECT_EQ(scan.stopped, "read at 0x2000 failed (Input/output error)");
}

}  // namespace
}  // namespace rocm_doctor::testing
