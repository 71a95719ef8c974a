// SPDX-License-Identifier: MIT
#pragma once
// A bounded reader of ELF64 little-endian headers (the System V gABI, "ELF-64 Object File
// Format"): the file header and the section header table, with section names from .shstrtab.
// It takes the bytes a SystemView served, which may be only a prefix of the file: a section or
// table beyond them is reported, never read. Or, for ranged reads (a 1.3 GB library), the pieces
// read separately: the file header, the section header table at e_shoff, then .shstrtab
// (ParseHeader, ResolveCounts, ParseSectionTable, NameSections; Parse is built from them). It
// never throws and trusts no offset.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::elf {

inline constexpr std::uint32_t kShtNobits = 8;         // SHT_NOBITS: occupies no file space (.bss)
inline constexpr std::size_t kHeaderSize = 64;         // the ELF64 file header
inline constexpr std::size_t kSectionHeaderSize = 64;  // one ELF64 section header
inline constexpr std::uint32_t kShnXindex = 0xffff;    // SHN_XINDEX

struct Section {
  std::string name;
  std::uint32_t name_offset = 0;  // sh_name, into .shstrtab
  std::uint32_t type = 0;         // sh_type
  std::uint64_t offset = 0;       // sh_offset, bytes into the file
  std::uint64_t size = 0;         // sh_size, bytes
};

struct Image {
  std::uint16_t machine = 0;               // e_machine (62 = x86-64, 224 = AMDGPU)
  std::uint64_t section_table_offset = 0;  // e_shoff
  std::uint64_t section_count = 0;         // e_shnum
  // False when the section header table lies beyond the bytes given (a prefix of a large
  // library): `sections` is then empty and only program-level scans are possible.
  bool sections_read = false;
  std::vector<Section> sections;

  const Section* Find(std::string_view name) const;
};

// A real shared library has < 100 sections; a hostile e_shnum may claim 65535.
inline constexpr std::uint64_t kMaxSections = 4096;

// The file header's fields the section reader needs.
struct Header {
  std::uint16_t machine = 0;
  std::uint64_t section_table_offset = 0;  // e_shoff; 0: no section header table
  std::uint64_t section_count = 0;         // e_shnum (0: with >= SHN_LORESERVE sections, see below)
  std::uint32_t strtab_index = 0;          // e_shstrndx (SHN_XINDEX: see below)
  // gABI: with >= SHN_LORESERVE sections e_shnum is 0 and section 0's sh_size holds the count;
  // with e_shstrndx == SHN_XINDEX section 0's sh_link holds the index.
  bool NeedsSection0() const { return section_count == 0 || strtab_index == kShnXindex; }
};

// The file header from the first data.size() bytes of the file: Parse's errors for the magic,
// a header shorter than 64 bytes, the class and byte order, and (with a section table) an
// e_shentsize other than 64.
Result<Header> ParseHeader(std::string_view data);

// Applies the gABI escapes from `section0` (the first section header; needed only when
// header.NeedsSection0()) and bounds the count by kMaxSections. An error when the count is over
// the limit or section 0 is needed and shorter than 64 bytes.
Result<Header> ResolveCounts(Header header, std::string_view section0);

// The `count` section headers of `table` (count x 64 bytes), names not yet set; empty when
// `table` is shorter than that or `count` is over kMaxSections.
std::vector<Section> ParseSectionTable(std::string_view table, std::uint64_t count);

// Sets each section's name from `strtab`, the bytes of .shstrtab; a name offset beyond them
// leaves the name empty.
void NameSections(std::vector<Section>& sections, std::string_view strtab);

// The little-endian unsigned integer of `bytes` (<= 8) bytes at `offset`; the caller has checked
// that they lie within `data`.
std::uint64_t LoadLe(std::string_view data, std::uint64_t offset, std::size_t bytes);

// Parses `data` (the first data.size() bytes of the file). Errors: not ELF, not 64-bit
// little-endian, a header field that points outside any sane range.
Result<Image> Parse(std::string_view data);

}  // namespace rocm_doctor::elf
