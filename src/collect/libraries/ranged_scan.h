// SPDX-License-Identifier: MIT
#pragma once
// The code-object scan by ranged reads: the ELF header, the section header table at e_shoff and
// .shstrtab, then the clang offload bundles of `.hip_fatbin` one header at a time - a few KiB of
// a 1.3 GB library instead of a 64 MiB prefix (Debian's librocsparse.so.0.1: 111 bundles, its
// section table at the end of the file). Pure: every byte comes from the ReadAt callback
// (SystemView::ReadFileAt in the collector, a string in tests), parsed by elf_reader and
// offload_bundle, which trust no offset.
#include <cstdint>
#include <functional>
#include <string>

#include "collect/libraries/elf_reader.h"
#include "collect/libraries/offload_bundle.h"
#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::ranged {

// Up to `length` bytes of one file from `offset`; fewer where the file ends.
using ReadAt = std::function<FileContent(std::uint64_t offset, std::size_t length)>;

// The bytes of .shstrtab read at most (a real one is < 1 KiB); names past them stay empty.
inline constexpr std::size_t kMaxStrtabRead = std::size_t{1} << 20;
// Bytes read at each aligned position of the bundle walk: a real bundle header (magic, count,
// a host entry and one per target id) fits; a longer one is read again, up to
// offload::kMaxHeaderBytes.
inline constexpr std::size_t kBundleWindow = 4096;
// 4096-aligned positions without a bundle (padding, or malformed bundles) the walk looks at
// after the last bundle before it gives up: 1 MiB of padding. clang places each bundle at the
// aligned end of the one before, so a real walk looks at one position per bundle.
inline constexpr std::size_t kMaxPaddingProbes = 256;
// The same after a compressed bundle whose header gives no size (CCOB version 1): the next
// bundle is searched through its data, as far as the 64 MiB prefix read would reach.
inline constexpr std::size_t kMaxUnknownSpanProbes = (std::size_t{64} << 20) / 4096;

struct Sections {
  // False: this path cannot answer and the caller reads the file another way (its prefix),
  // for `reason`: the first read failed or found an empty file, the ELF has no section header
  // table, or the table or .shstrtab lies beyond the bytes the file has (a capture keeps a
  // 64 MiB prefix of a larger library). `image` is then meaningless.
  bool read = false;
  std::string reason;
  elf::Image image;  // sections_read, with names, when `read`
};

// Reads the file header, the section header table and .shstrtab. An error is a malformed file
// header or section count (elf::Parse's errors); everything else is Sections.
Result<Sections> ReadSections(const ReadAt& read);

// Walks the bundles of [begin, end) like offload::ScanRange over the whole file, but reads only
// each bundle's header: from AlignUp(begin), a bundle at each position with a magic, the next
// searched from the 4096-aligned end of the last one's span, at most kMaxPaddingProbes positions
// in a row without one (kMaxUnknownSpanProbes after a bundle of unknown span; then `stopped`
// says so and the scan is incomplete). Entries must end
// before `entry_limit`. `complete` when the walk reached `end` and the file holds all of it.
offload::RangeScan WalkBundles(const ReadAt& read, std::uint64_t begin, std::uint64_t end,
                               std::uint64_t entry_limit);

}  // namespace rocm_doctor::ranged
