// SPDX-License-Identifier: MIT
#include "collect/libraries/elf_reader.h"

#include <cstring>

namespace rocm_doctor::elf {
namespace {

// ELF64 layout (gABI): file header 64 bytes, section header 64 bytes, little-endian fields.
constexpr std::size_t kHeaderSize = 64;
constexpr std::size_t kSectionHeaderSize = 64;
constexpr std::uint16_t kShnXindex = 0xffff;

template <class T>
T Load(std::string_view data, std::uint64_t offset) {
  return static_cast<T>(LoadLe(data, offset, sizeof(T)));
}

// True when [offset, offset + size) lies within `data` (no overflow).
bool InRange(std::string_view data, std::uint64_t offset, std::uint64_t size) {
  return offset <= data.size() && size <= data.size() - offset;
}

std::string NameAt(std::string_view data, const Section& strtab, std::uint32_t index) {
  if (index >= strtab.size || !InRange(data, strtab.offset, strtab.size)) return {};
  std::string_view table =
      data.substr(static_cast<std::size_t>(strtab.offset), static_cast<std::size_t>(strtab.size));
  std::string_view rest = table.substr(index);
  std::size_t end = rest.find('\0');
  return std::string(end == std::string_view::npos ? rest : rest.substr(0, end));
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

Result<Image> Parse(std::string_view data) {
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
  Image image;
  image.machine = Load<std::uint16_t>(data, 18);
  image.section_table_offset = Load<std::uint64_t>(data, 40);
  const auto entry_size = Load<std::uint16_t>(data, 58);
  std::uint64_t count = Load<std::uint16_t>(data, 60);
  std::uint32_t strtab_index = Load<std::uint16_t>(data, 62);
  if (image.section_table_offset == 0) return image;  // no section headers at all
  if (entry_size != kSectionHeaderSize) {
    return Error{"section header size " + std::to_string(entry_size) + ", expected 64"};
  }
  const std::uint64_t shoff = image.section_table_offset;
  if (!InRange(data, shoff, kSectionHeaderSize)) return image;  // beyond the bytes read
  // gABI: with >= SHN_LORESERVE sections, e_shnum is 0 and section 0's sh_size holds the count;
  // with e_shstrndx == SHN_XINDEX, section 0's sh_link holds the index.
  if (count == 0) count = Load<std::uint64_t>(data, shoff + 32);
  if (strtab_index == kShnXindex) strtab_index = Load<std::uint32_t>(data, shoff + 40);
  if (count > kMaxSections) {
    return Error{"ELF claims " + std::to_string(count) + " sections (limit " +
                 std::to_string(kMaxSections) + ")"};
  }
  image.section_count = count;
  if (!InRange(data, shoff, count * kSectionHeaderSize)) return image;

  std::vector<std::uint32_t> name_index;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t at = shoff + i * kSectionHeaderSize;
    Section s;
    name_index.push_back(Load<std::uint32_t>(data, at));
    s.type = Load<std::uint32_t>(data, at + 4);
    s.offset = Load<std::uint64_t>(data, at + 24);
    s.size = Load<std::uint64_t>(data, at + 32);
    image.sections.push_back(std::move(s));
  }
  if (strtab_index < image.sections.size()) {
    const Section strtab = image.sections[strtab_index];
    for (std::size_t i = 0; i < image.sections.size(); ++i) {
      image.sections[i].name = NameAt(data, strtab, name_index[i]);
    }
  }
  image.sections_read = true;
  return image;
}

}  // namespace rocm_doctor::elf
