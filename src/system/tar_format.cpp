// SPDX-License-Identifier: MIT
#include "system/tar_format.h"

#include <algorithm>
#include <cstring>

namespace rocm_doctor::system::tar {
namespace {

// ustar offsets and widths (POSIX pax(1), "ustar Interchange Format").
constexpr std::size_t kNameAt = 0, kNameLen = 100;
constexpr std::size_t kModeAt = 100, kModeLen = 8;
constexpr std::size_t kUidAt = 108, kGidAt = 116, kIdLen = 8;
constexpr std::size_t kSizeAt = 124, kSizeLen = 12;
constexpr std::size_t kMtimeAt = 136, kMtimeLen = 12;
constexpr std::size_t kSumAt = 148, kSumLen = 8;
constexpr std::size_t kTypeAt = 156;
constexpr std::size_t kLinkAt = 157, kLinkLen = 100;
constexpr std::size_t kMagicAt = 257;
constexpr std::size_t kPrefixAt = 345, kPrefixLen = 155;

std::string Field(const Block& block, std::size_t at, std::size_t len) {
  const char* begin = block.data() + at;
  return std::string(begin, strnlen(begin, len));
}

void Put(Block& block, std::size_t at, std::size_t len, std::string_view text) {
  std::memcpy(block.data() + at, text.data(), std::min(len, text.size()));
}

void PutOctal(Block& block, std::size_t at, std::size_t len, std::uint64_t value) {
  // len-1 digits and a NUL; a value that does not fit keeps its low digits (the callers cap).
  for (std::size_t i = len - 1; i-- > 0;) {
    block[at + i] = static_cast<char>('0' + (value & 7));
    value >>= 3;
  }
  block[at + len - 1] = '\0';
}

// Octal digits between optional leading and trailing spaces/NULs, or GNU base-256 (first byte
// 0x80, the rest big-endian). A negative base-256 number (0xff) is refused.
Result<std::uint64_t> Number(const Block& block, std::size_t at, std::size_t len,
                             const char* what) {
  const auto* p = reinterpret_cast<const unsigned char*>(block.data() + at);
  if (p[0] & 0x80) {
    if (p[0] != 0x80) return Error{std::string("negative or oversized ") + what};
    std::uint64_t value = 0;
    for (std::size_t i = 1; i < len; ++i) {
      if (value >> 56) return Error{std::string(what) + " too large"};
      value = (value << 8) | p[i];
    }
    return value;
  }
  std::size_t i = 0;
  while (i < len && (p[i] == ' ' || p[i] == '\0')) ++i;
  std::uint64_t value = 0;
  for (; i < len && p[i] >= '0' && p[i] <= '7'; ++i) {
    if (value >> 60) return Error{std::string(what) + " too large"};
    value = (value << 3) | (p[i] - '0');
  }
  for (; i < len; ++i) {
    if (p[i] != ' ' && p[i] != '\0') return Error{std::string("malformed ") + what + " field"};
  }
  return value;
}

}  // namespace

Block EncodeHeader(const Header& header) {
  Block block{};
  Put(block, kNameAt, kNameLen, header.name);
  PutOctal(block, kModeAt, kModeLen, header.mode & 07777);
  PutOctal(block, kUidAt, kIdLen, 0);
  PutOctal(block, kGidAt, kIdLen, 0);
  PutOctal(block, kSizeAt, kSizeLen, header.size);
  PutOctal(block, kMtimeAt, kMtimeLen, header.mtime);
  block[kTypeAt] = header.type;
  Put(block, kLinkAt, kLinkLen, header.linkname);
  Put(block, kMagicAt, 8,
      std::string_view("ustar\0"
                       "00",
                       8));
  std::memset(block.data() + kSumAt, ' ', kSumLen);
  unsigned sum = 0;
  for (char c : block) sum += static_cast<unsigned char>(c);
  PutOctal(block, kSumAt, 7, sum);  // six digits, NUL, and the space already there
  return block;
}

Result<Header> DecodeHeader(const Block& block) {
  auto stored = Number(block, kSumAt, kSumLen, "checksum");
  if (!stored) return Error{stored.error()};
  // The sum with the checksum field as spaces; old writers summed signed chars.
  std::uint64_t unsigned_sum = 0;
  std::int64_t signed_sum = 0;
  for (std::size_t i = 0; i < kBlock; ++i) {
    const char c = (i >= kSumAt && i < kSumAt + kSumLen) ? ' ' : block[i];
    unsigned_sum += static_cast<unsigned char>(c);
    signed_sum += static_cast<signed char>(c);
  }
  if (*stored != unsigned_sum && static_cast<std::int64_t>(*stored) != signed_sum) {
    return Error{"header checksum mismatch (not a tar archive, or a damaged one)"};
  }
  Header header;
  header.type = block[kTypeAt];
  header.name = Field(block, kNameAt, kNameLen);
  header.linkname = Field(block, kLinkAt, kLinkLen);
  // POSIX ustar ("ustar\0") has a name prefix; GNU's "ustar  " keeps other fields there.
  if (std::memcmp(block.data() + kMagicAt, "ustar\0", 6) == 0) {
    const std::string prefix = Field(block, kPrefixAt, kPrefixLen);
    if (!prefix.empty()) header.name = prefix + "/" + header.name;
  }
  auto size = Number(block, kSizeAt, kSizeLen, "size");
  if (!size) return Error{size.error()};
  header.size = *size;
  auto mode = Number(block, kModeAt, kModeLen, "mode");
  if (!mode) return Error{mode.error()};
  header.mode = static_cast<unsigned>(*mode & 07777);
  auto mtime = Number(block, kMtimeAt, kMtimeLen, "mtime");
  header.mtime = mtime ? *mtime : 0;
  return header;
}

bool IsZeroBlock(const Block& block) {
  return std::all_of(block.begin(), block.end(), [](char c) { return c == '\0'; });
}

std::uint64_t PaddedSize(std::uint64_t size) { return (size + kBlock - 1) / kBlock * kBlock; }

std::string PaxRecord(std::string_view key, std::string_view value) {
  // The length counts its own digits: grow it until it is consistent.
  const std::size_t body = key.size() + value.size() + 3;  // ' ', '=', '\n'
  std::size_t length = body + 1;
  while (std::to_string(length).size() + body != length) ++length;
  return std::to_string(length) + " " + std::string(key) + "=" + std::string(value) + "\n";
}

Result<std::map<std::string, std::string>> ParsePax(std::string_view data) {
  std::map<std::string, std::string> records;
  while (!data.empty()) {
    if (data.front() == '\0') break;  // some writers pad the data with NULs
    std::size_t digits = 0;
    std::size_t length = 0;
    while (digits < data.size() && digits < 9 && data[digits] >= '0' && data[digits] <= '9') {
      length = length * 10 + static_cast<std::size_t>(data[digits] - '0');
      ++digits;
    }
    if (digits == 0 || digits >= data.size() || data[digits] != ' ' || length <= digits + 1 ||
        length > data.size() || data[length - 1] != '\n') {
      return Error{"malformed pax extended header"};
    }
    const std::string_view record = data.substr(digits + 1, length - digits - 2);
    const std::size_t eq = record.find('=');
    if (eq == std::string_view::npos || eq == 0) return Error{"malformed pax extended header"};
    records[std::string(record.substr(0, eq))] = std::string(record.substr(eq + 1));
    data.remove_prefix(length);
  }
  return records;
}

}  // namespace rocm_doctor::system::tar
