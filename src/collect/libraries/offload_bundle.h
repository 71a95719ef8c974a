// SPDX-License-Identifier: MIT
#pragma once
// Clang offload bundles, the container HIP puts device code in: the `.hip_fatbin` section of a
// HIP shared library holds one bundle per translation unit, each aligned to 4096 bytes (clang
// gives the __hip_fatbin global that alignment). Format (clang/lib/Driver/OffloadBundler.cpp):
//
//   "__CLANG_OFFLOAD_BUNDLE__"           24 bytes of magic
//   uint64 entry_count
//   entry_count x { uint64 offset; uint64 size; uint64 id_size; char id[id_size]; }
//
// little-endian, offsets relative to the bundle's start; ids are "<kind>-<triple>-<target id>",
// e.g. "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" and "host-x86_64-unknown-linux". ROCm 6.2+ may
// compress a bundle: "CCOB" magic, uint16 version, uint16 method, then (v2) uint32 total size or
// (v3) uint64 total size, sizes and a hash, then zstd/zlib data - the target list is inside the
// compressed data, so it stays unknown here.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::offload {

inline constexpr std::string_view kBundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
inline constexpr std::string_view kCompressedMagic = "CCOB";
inline constexpr std::uint64_t kBundleAlignment = 4096;
// Real bundles carry < 40 entries (host + one per offload arch); a hostile one may claim 2^64.
inline constexpr std::uint64_t kMaxEntries = 1024;
inline constexpr std::uint64_t kMaxIdSize = 1024;
// Bundles walked per range: librocsparse 5.3 (Debian) holds 111 in 1.3 GB.
inline constexpr std::size_t kMaxBundles = 100000;
// The longest header ParseBundle accepts: magic, count, kMaxEntries entries with kMaxIdSize ids.
inline constexpr std::size_t kMaxHeaderBytes = 24 + 8 + kMaxEntries * (24 + kMaxIdSize);

struct Entry {
  std::uint64_t offset = 0;  // from the bundle's start
  std::uint64_t size = 0;
  std::string id;  // as stored: "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"
};

struct Bundle {
  std::uint64_t position = 0;  // file offset of the magic
  bool compressed = false;
  std::uint16_t compressed_version = 0;
  std::vector<Entry> entries;  // empty for a compressed bundle
  std::uint64_t span = 0;      // bytes from `position` the bundle covers; 0 when not known
};

// Parses the bundle at `data[position]`. `limit` is where its enclosing range ends (entries must
// end before it); pass data.size() or more when unknown.
Result<Bundle> ParseBundle(std::string_view data, std::uint64_t position, std::uint64_t limit);

// `value` rounded up to kBundleAlignment (UINT64_MAX where that overflows).
std::uint64_t AlignUp(std::uint64_t value);
// "0x1f000": offsets in messages.
std::string Hex(std::uint64_t value);

// The target id of a device entry ("gfx90a:xnack-" from "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
// "gfx906" from the pre-ROCm-4 "hip-amdgcn-amd-amdhsa-gfx906"); "" for host and unknown kinds.
std::string TargetId(std::string_view entry_id);

inline constexpr std::size_t kMaxErrorsKept = 4;                    // RangeScan::errors
inline constexpr std::string_view kTruncatedError = "truncated: ";  // a ParseBundle error's start

struct RangeScan {
  std::size_t bundles = 0;  // parsed, compressed included
  std::size_t compressed = 0;
  std::set<std::string> targets;    // target ids of every uncompressed bundle
  std::vector<std::string> errors;  // "bundle at 0x1000: ..." (at most a few kept)
  std::size_t error_count = 0;
  bool complete = false;  // the walk reached `end` within the bytes given
  std::string stopped;    // why a walk by ranged reads gave up before `end` ("" otherwise)
};

// Walks bundles in [begin, end) of `data` (a prefix of the file): a bundle at each 4096-aligned
// offset carrying a magic, the next one searched from the end of the last. Bytes beyond
// data.size() are not there: `complete` is then false. Entries must end before `entry_limit`
// (the section's end; UINT64_MAX when the section is not known).
RangeScan ScanRange(std::string_view data, std::uint64_t begin, std::uint64_t end,
                    std::uint64_t entry_limit = 0);

}  // namespace rocm_doctor::offload
