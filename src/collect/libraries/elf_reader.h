// SPDX-License-Identifier: MIT
#pragma once
// A bounded reader of ELF64 little-endian headers (the System V gABI, "ELF-64 Object File
// Format"): the file header and the section header table, with section names from .shstrtab.
// It takes the bytes a SystemView served, which may be only a prefix of the file: a section or
// table beyond them is reported, never read. It never throws and trusts no offset.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::elf {

inline constexpr std::uint32_t kShtNobits = 8;  // SHT_NOBITS: occupies no file space (.bss)

struct Section {
  std::string name;
  std::uint32_t type = 0;    // sh_type
  std::uint64_t offset = 0;  // sh_offset, bytes into the file
  std::uint64_t size = 0;    // sh_size, bytes
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

// The little-endian unsigned integer of `bytes` (<= 8) bytes at `offset`; the caller has checked
// that they lie within `data`.
std::uint64_t LoadLe(std::string_view data, std::uint64_t offset, std::size_t bytes);

// Parses `data` (the first data.size() bytes of the file). Errors: not ELF, not 64-bit
// little-endian, a header field that points outside any sane range.
Result<Image> Parse(std::string_view data);

}  // namespace rocm_doctor::elf
