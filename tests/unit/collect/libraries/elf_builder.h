// SPDX-License-Identifier: MIT
#pragma once
// Builds small ELF64 little-endian images in memory for parser tests: a file header, section
// contents and a section header table with .shstrtab, laid out as the gABI describes.
#include <cstdint>
#include <string>
#include <vector>

namespace rocm_doctor::testing {

inline void PutLe(std::string& out, std::uint64_t at, std::uint64_t value, int bytes) {
  if (out.size() < at + static_cast<std::uint64_t>(bytes)) {
    out.resize(static_cast<std::size_t>(at) + static_cast<std::size_t>(bytes), '\0');
  }
  for (int i = 0; i < bytes; ++i) {
    out[at + static_cast<std::uint64_t>(i)] = static_cast<char>((value >> (8 * i)) & 0xff);
  }
}

inline void AppendLe(std::string& out, std::uint64_t value, int bytes) {
  PutLe(out, out.size(), value, bytes);
}

struct TestSection {
  std::string name;
  std::string data;
  std::uint64_t align = 16;
};

// Header, then each section's data (aligned), then .shstrtab, then the section header table.
inline std::string BuildElf(const std::vector<TestSection>& sections) {
  std::string out(64, '\0');
  out[0] = '\x7f';
  out[1] = 'E';
  out[2] = 'L';
  out[3] = 'F';
  out[4] = 2;             // ELFCLASS64
  out[5] = 1;             // ELFDATA2LSB
  out[6] = 1;             // EV_CURRENT
  PutLe(out, 16, 3, 2);   // ET_DYN
  PutLe(out, 18, 62, 2);  // EM_X86_64
  PutLe(out, 20, 1, 4);
  PutLe(out, 52, 64, 2);  // e_ehsize
  struct Placed {
    std::uint32_t name;
    std::uint64_t offset;
    std::uint64_t size;
  };
  std::string strtab(1, '\0');
  std::vector<Placed> placed;
  for (const TestSection& s : sections) {
    const std::uint64_t at = (out.size() + s.align - 1) / s.align * s.align;
    out.resize(at, '\0');
    out += s.data;
    placed.push_back({static_cast<std::uint32_t>(strtab.size()), at, s.data.size()});
    strtab += s.name + '\0';
  }
  const auto strtab_name = static_cast<std::uint32_t>(strtab.size());
  strtab += std::string(".shstrtab") + '\0';
  const std::uint64_t strtab_at = out.size();
  out += strtab;
  out.resize((out.size() + 7) / 8 * 8, '\0');
  const std::uint64_t shoff = out.size();
  out.resize(shoff + 64, '\0');  // section 0: SHN_UNDEF
  for (const Placed& p : placed) {
    std::string header(64, '\0');
    PutLe(header, 0, p.name, 4);
    PutLe(header, 4, 1, 4);  // SHT_PROGBITS
    PutLe(header, 24, p.offset, 8);
    PutLe(header, 32, p.size, 8);
    out += header;
  }
  std::string header(64, '\0');
  PutLe(header, 0, strtab_name, 4);
  PutLe(header, 4, 3, 4);  // SHT_STRTAB
  PutLe(header, 24, strtab_at, 8);
  PutLe(header, 32, strtab.size(), 8);
  out += header;
  PutLe(out, 40, shoff, 8);              // e_shoff
  PutLe(out, 58, 64, 2);                 // e_shentsize
  PutLe(out, 60, placed.size() + 2, 2);  // e_shnum
  PutLe(out, 62, placed.size() + 1, 2);  // e_shstrndx
  return out;
}

// One uncompressed offload bundle: the header, then each entry's code (here: its id repeated).
inline std::string BuildBundle(const std::vector<std::string>& ids) {
  std::string out = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(out, ids.size(), 8);
  std::uint64_t header = out.size();
  for (const std::string& id : ids) header += 24 + id.size();
  std::uint64_t offset = header;
  for (const std::string& id : ids) {
    AppendLe(out, offset, 8);
    AppendLe(out, id.size(), 8);
    AppendLe(out, id.size(), 8);
    out += id;
    offset += id.size();
  }
  for (const std::string& id : ids) out += id;
  return out;
}

// Bundles padded to 4096 bytes each, as the linker lays out .hip_fatbin input sections.
inline std::string Fatbin(const std::vector<std::string>& bundles) {
  std::string out;
  for (const std::string& b : bundles) {
    out += b;
    out.resize((out.size() + 4095) / 4096 * 4096, '\0');
  }
  return out;
}

}  // namespace rocm_doctor::testing
