// SPDX-License-Identifier: MIT
#include "system/tar_reader.h"

#include <algorithm>
#include <map>

namespace rocm_doctor::system {
namespace {

// A pax header or GNU long name is held in memory; no legitimate one comes near this.
constexpr std::uint64_t kMaxMetaSize = 1 << 20;
// Metadata headers in a row before a member: a stream of them is not an archive.
constexpr int kMaxMetaInARow = 16;

bool IsRegularType(char type) {
  return type == tar::kRegular || type == tar::kRegularOld || type == tar::kContiguous;
}

}  // namespace

Result<bool> TarReader::ReadExact(char* buffer, std::size_t size) {
  while (size > 0) {
    auto got = source_.Read(buffer, size);
    if (!got) return Error{got.error()};
    if (*got == 0) return Error{"the archive is truncated"};
    buffer += *got;
    size -= *got;
  }
  return true;
}

Result<bool> TarReader::Skip(std::uint64_t size) {
  char buffer[16 * 1024];
  while (size > 0) {
    const auto step = static_cast<std::size_t>(std::min<std::uint64_t>(size, sizeof buffer));
    auto read = ReadExact(buffer, step);
    if (!read) return read;
    size -= step;
  }
  return true;
}

Result<std::string> TarReader::ReadMeta(std::uint64_t size) {
  if (size > kMaxMetaSize) return Error{"an extended header larger than 1 MiB"};
  std::string data(static_cast<std::size_t>(size), '\0');
  auto read = ReadExact(data.data(), data.size());
  if (!read) return Error{read.error()};
  auto skipped = Skip(tar::PaddedSize(size) - size);
  if (!skipped) return Error{skipped.error()};
  return data;
}

Result<std::optional<TarMember>> TarReader::Next() {
  if (auto skipped = Skip(remaining_ + padding_); !skipped) return Error{skipped.error()};
  remaining_ = padding_ = 0;
  std::optional<std::string> long_name, long_link, pax_path, pax_link;
  std::optional<std::uint64_t> pax_size;
  for (int meta = 0;; ++meta) {
    if (meta > kMaxMetaInARow) return Error{"too many extended headers in a row"};
    tar::Block block;
    // End of stream at a header boundary: an archive without its two zero blocks, accepted as
    // GNU tar does.
    auto got = source_.Read(block.data(), block.size());
    if (!got) return Error{got.error()};
    if (*got == 0) return std::optional<TarMember>();
    if (*got < block.size()) {
      auto rest = ReadExact(block.data() + *got, block.size() - *got);
      if (!rest) return Error{rest.error()};
    }
    if (tar::IsZeroBlock(block)) return std::optional<TarMember>();
    auto header = tar::DecodeHeader(block);
    if (!header) return Error{header.error()};
    switch (header->type) {
      case tar::kGnuLongName:
      case tar::kGnuLongLink: {
        auto data = ReadMeta(header->size);
        if (!data) return Error{data.error()};
        std::string text = data->substr(0, data->find('\0'));  // NUL-terminated
        (header->type == tar::kGnuLongName ? long_name : long_link) = std::move(text);
        continue;
      }
      case tar::kPaxNext:
      case tar::kPaxGlobal: {
        auto data = ReadMeta(header->size);
        if (!data) return Error{data.error()};
        if (header->type == tar::kPaxGlobal) continue;  // defaults for all: nothing we use
        auto records = tar::ParsePax(*data);
        if (!records) return Error{records.error()};
        if (auto it = records->find("path"); it != records->end()) pax_path = it->second;
        if (auto it = records->find("linkpath"); it != records->end()) pax_link = it->second;
        if (auto it = records->find("size"); it != records->end()) {
          const std::string& digits = it->second;
          if (digits.empty() || digits.size() > 19 ||
              digits.find_first_not_of("0123456789") != std::string::npos) {
            return Error{"malformed pax size"};
          }
          pax_size = std::stoull(digits);
        }
        continue;
      }
      default:
        break;
    }
    TarMember member;
    // pax wins over GNU long names, which win over the header fields (GNU tar's order).
    member.path = pax_path ? *pax_path : long_name ? *long_name : header->name;
    member.link = pax_link ? *pax_link : long_link ? *long_link : header->linkname;
    member.type = IsRegularType(header->type) ? tar::kRegular : header->type;
    member.size = pax_size ? *pax_size : header->size;
    member.mode = header->mode;
    if (member.size > (std::uint64_t{1} << 62)) return Error{"a member size beyond any disk"};
    // Every type's data is skipped by its size (GNU tar does the same for links and
    // directories); only regular files hand theirs out.
    remaining_ = member.size;
    padding_ = tar::PaddedSize(member.size) - member.size;
    return std::optional<TarMember>(std::move(member));
  }
}

Result<std::size_t> TarReader::ReadData(char* buffer, std::size_t size) {
  const auto step = static_cast<std::size_t>(std::min<std::uint64_t>(size, remaining_));
  if (step == 0) return std::size_t{0};
  auto read = ReadExact(buffer, step);
  if (!read) return Error{read.error()};
  remaining_ -= step;
  return step;
}

}  // namespace rocm_doctor::system
