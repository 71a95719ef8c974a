// SPDX-License-Identifier: MIT
#include "collect/libraries/elf_reader.h"

#include <cstring>

namespace rocm_doctor::elf {
namespace {

template <class T>
T Load(std::string_view data, std::uint64_t offset) {
  return static_cast<T>(LoadLe(data, offset, sizeof(T)));
}

// True when [offset, offset + size) lies within `data` (no overflow).
bool InRange(std::string_view data, std::uint64_t offset, std::uint64_t size) {
  return offset <= data.size() && size <= data.size() - offset;
}

std::string_view Slice(std::string_view data, std::uint64_t offset, std::uint64_t size) {
  return data.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
}

}  // namespace

std::uint64_t LoadLe(std::string_view data, std::uint64_t offset, std::size_t bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < bytes && i < 8; ++i) {
    const auto byte = static_cast<unsigned char>(data[static_cast<std::size_t>(offset) + i]);
    value |= static_cast<std::uint64_t>(byte) << (8 * i);
  }
  return value;
}

const Section* Image::Find(std::string_view name) const {
  for (const Section& s : sections) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

Result<Header> ParseHeader(std::string_view data) {
  if (data.size() < 4 || std::memcmp(data.data(),
                                     "\x7f"
                                     "ELF",
                                     4) != 0) {
    return Error{"not an ELF file (no \\x7fELF magic)"};
  }
  if (data.size() < kHeaderSize) {
    return Error{"truncated ELF header (" + std::to_string(data.size()) + " of 64 bytes)"};
  }
  if (data[4] != 2 || data[5] != 1) return Error{"not a 64-bit little-endian ELF file"};
  Header header;
  header.machine = Load<std::uint16_t>(data, 18);
  header.section_table_offset = Load<std::uint64_t>(data, 40);
  header.section_count = Load<std::uint16_t>(data, 60);
  header.strtab_index = Load<std::uint16_t>(data, 62);
  const auto entry_size = Load<std::uint16_t>(data, 58);
  if (header.section_table_offset != 0 && entry_size != kSectionHeaderSize) {
    return Error{"section header size " + std::to_string(entry_size) + ", expected 64"};
  }
  return header;
}

Result<Header> ResolveCounts(Header header, std::string_view section0) {
  if (header.NeedsSection0() && section0.size() < kSectionHeaderSize) {
    return Error{"section 0 (" + std::to_string(section0.size()) + " of 64 bytes) not read"};
  }
  if (header.section_count == 0) header.section_count = Load<std::uint64_t>(section0, 32);
  if (header.strtab_index == kShnXindex) header.strtab_index = Load<std::uint32_t>(section0, 40);
  if (header.section_count > kMaxSections) {
    return Error{"ELF claims " + std::to_string(header.section_count) + " sections (limit " +
                 std::to_string(kMaxSections) + ")"};
  }
  return header;
}

std::vector<Section> ParseSectionTable(std::string_view table, std::uint64_t count) {
  std::vector<Section> sections;
  if (count > kMaxSections || !InRange(table, 0, count * kSectionHeaderSize)) return sections;
  sections.reserve(static_cast<std::size_t>(count));
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t at = i * kSectionHeaderSize;
    Section s;
    s.name_offset = Load<std::uint32_t>(table, at);
    s.type = Load<std::uint32_t>(table, at + 4);
    s.offset = Load<std::uint64_t>(table, at + 24);
    s.size = Load<std::uint64_t>(table, at + 32);
    sections.push_back(std::move(s));
  }
  return sections;
}

void NameSections(std::vector<Section>& sections, std::string_view strtab) {
  for (Section& s : sections) {
    if (s.name_offset >= strtab.size()) continue;
    std::string_view rest = strtab.substr(s.name_offset);
    s.name = std::string(rest.substr(0, rest.find('\0')));
  }
}

Result<Image> Parse(std::string_view data) {
  Result<Header> header = ParseHeader(data);
  if (!header.ok()) return Error{header.error()};
  Image image;
  image.machine = header->machine;
  image.section_table_offset = header->section_table_offset;
  if (image.section_table_offset == 0) return image;  // no section headers at all
  const std::uint64_t shoff = image.section_table_offset;
  if (!InRange(data, shoff, kSectionHeaderSize)) return image;  // beyond the bytes read
  Result<Header> counts = ResolveCounts(*header, Slice(data, shoff, kSectionHeaderSize));
  if (!counts.ok()) return Error{counts.error()};
  image.section_count = counts->section_count;
  if (!InRange(data, shoff, image.section_count * kSectionHeaderSize)) return image;
  image.sections = ParseSectionTable(Slice(data, shoff, image.section_count * kSectionHeaderSize),
                                     image.section_count);
  if (counts->strtab_index < image.sections.size()) {
    const Section strtab = image.sections[counts->strtab_index];
    if (InRange(data, strtab.offset, strtab.size)) {
      NameSections(image.sections, Slice(data, strtab.offset, strtab.size));
    }
  }
  image.sections_read = true;
  return image;
}

}  // namespace rocm_doctor::elf
