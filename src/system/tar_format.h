// SPDX-License-Identifier: MIT
#pragma once
// The tar header block (POSIX ustar, read with the GNU and pax extensions for long names):
// field layout, numbers and checksum. Shared by the archive reader and writer, and by tests
// that craft hostile archives.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system::tar {

inline constexpr std::size_t kBlock = 512;
using Block = std::array<char, kBlock>;

// Type flags (POSIX ustar; 'L'/'K' are GNU long names, 'x'/'g' pax extended headers).
inline constexpr char kRegular = '0';
inline constexpr char kRegularOld = '\0';
inline constexpr char kHardLink = '1';
inline constexpr char kSymlink = '2';
inline constexpr char kCharDevice = '3';
inline constexpr char kBlockDevice = '4';
inline constexpr char kDirectory = '5';
inline constexpr char kFifo = '6';
inline constexpr char kContiguous = '7';
inline constexpr char kPaxNext = 'x';
inline constexpr char kPaxGlobal = 'g';
inline constexpr char kGnuLongName = 'L';
inline constexpr char kGnuLongLink = 'K';

struct Header {
  std::string name;  // the name field, with the ustar prefix joined in front
  std::string linkname;
  char type = kRegular;
  std::uint64_t size = 0;
  unsigned mode = 0644;
  std::uint64_t mtime = 0;
};

// One header block in ustar layout. Fields longer than the block holds are cut (the writer puts
// a pax header first when a name or link is longer than 100 bytes); the size must fit 11 octal
// digits (8 GiB).
Block EncodeHeader(const Header& header);
// Decodes a block: bad checksum, a malformed or negative number are errors.
Result<Header> DecodeHeader(const Block& block);
bool IsZeroBlock(const Block& block);
// Bytes that `size` data bytes occupy in the archive (rounded up to whole blocks).
std::uint64_t PaddedSize(std::uint64_t size);

// One pax record, "<length> <key>=<value>\n".
std::string PaxRecord(std::string_view key, std::string_view value);
// All records of a pax header's data; a malformed record is an error.
Result<std::map<std::string, std::string>> ParsePax(std::string_view data);

}  // namespace rocm_doctor::system::tar
