// SPDX-License-Identifier: MIT
#include "collect/libraries/ranged_scan.h"

#include <algorithm>
#include <string_view>

namespace rocm_doctor::ranged {
namespace {

// True when the file holds byte offset + size - 1 (all of [offset, offset + size)).
bool Holds(const ReadAt& read, std::uint64_t offset, std::uint64_t size) {
  if (size == 0) return true;
  if (size - 1 > UINT64_MAX - offset) return false;
  const FileContent last = read(offset + size - 1, 1);
  return last.ok() && last.data.size() == 1;
}

bool StartsWith(std::string_view data, std::string_view magic) {
  return data.substr(0, magic.size()) == magic;
}

void AddError(offload::RangeScan& scan, std::uint64_t pos, const std::string& error) {
  if (scan.errors.size() < offload::kMaxErrorsKept) {
    scan.errors.push_back("bundle at " + offload::Hex(pos) + ": " + error);
  }
  ++scan.error_count;
}

}  // namespace

Result<Sections> ReadSections(const ReadAt& read) {
  Sections out;
  const FileContent head = read(0, elf::kHeaderSize);
  if (!head.ok()) {
    out.reason = "the file header was not read (" + head.error + ")";
    return out;
  }
  if (head.data.empty()) {
    out.reason = "empty file";
    return out;
  }
  Result<elf::Header> header = elf::ParseHeader(head.data);
  if (!header.ok()) return Error{header.error()};
  const std::uint64_t shoff = header->section_table_offset;
  if (shoff == 0) {
    out.reason = "no section header table";
    return out;
  }
  constexpr std::string_view kBeyond = "the section header table lies beyond the file's bytes";
  // The table as e_shnum gives it (section 0 alone when the count is escaped into it).
  const std::uint64_t claimed =
      std::clamp<std::uint64_t>(header->section_count, 1, elf::kMaxSections);
  FileContent table = read(shoff, static_cast<std::size_t>(claimed * elf::kSectionHeaderSize));
  if (!table.ok() || table.data.size() < elf::kSectionHeaderSize) {
    out.reason = std::string(kBeyond);
    return out;
  }
  Result<elf::Header> counts =
      elf::ResolveCounts(*header, std::string_view(table.data).substr(0, elf::kSectionHeaderSize));
  if (!counts.ok()) return Error{counts.error()};
  const std::uint64_t table_size = counts->section_count * elf::kSectionHeaderSize;
  if (table.data.size() < table_size) {
    table = read(shoff, static_cast<std::size_t>(table_size));
    if (!table.ok() || table.data.size() < table_size) {
      out.reason = std::string(kBeyond);
      return out;
    }
  }
  out.image.machine = header->machine;
  out.image.section_table_offset = shoff;
  out.image.section_count = counts->section_count;
  out.image.sections = elf::ParseSectionTable(table.data, counts->section_count);
  if (counts->strtab_index < out.image.sections.size()) {
    const elf::Section strtab = out.image.sections[counts->strtab_index];
    // Named only when the file holds all of .shstrtab, as elf::Parse names them.
    if (Holds(read, strtab.offset, strtab.size)) {
      const FileContent names =
          read(strtab.offset,
               static_cast<std::size_t>(std::min<std::uint64_t>(strtab.size, kMaxStrtabRead)));
      if (names.ok()) elf::NameSections(out.image.sections, names.data);
    }
  }
  out.image.sections_read = true;
  out.read = true;
  return out;
}

offload::RangeScan WalkBundles(const ReadAt& read, std::uint64_t begin, std::uint64_t end,
                               std::uint64_t entry_limit) {
  offload::RangeScan scan;
  const std::uint64_t limit = std::max(end, entry_limit);
  std::uint64_t pos = offload::AlignUp(begin);
  std::size_t probes = 0;  // aligned positions without a bundle since the last one
  std::size_t budget = kMaxPaddingProbes;
  while (pos < end && scan.bundles < offload::kMaxBundles) {
    std::size_t want = kBundleWindow;
    FileContent window = read(pos, want);
    if (!window.ok()) {
      scan.stopped = "read at " + offload::Hex(pos) + " failed (" + window.error + ")";
      return scan;
    }
    if (window.data.empty()) return scan;  // the file ends before the section does
    const bool plain = StartsWith(window.data, offload::kBundleMagic);
    if (!plain && !StartsWith(window.data, offload::kCompressedMagic)) {
      if (++probes >= budget) {
        scan.stopped = "no offload bundle in " + std::to_string(budget) +
                       " aligned positions before " + offload::Hex(pos) + "; gave up";
        return scan;
      }
      pos = offload::AlignUp(pos + 1);
      continue;
    }
    const std::uint64_t room = limit > pos ? limit - pos : 0;
    Result<offload::Bundle> bundle = offload::ParseBundle(window.data, 0, room);
    // A header longer than the window: read it again, whole (the window was full, not the end).
    while (!bundle.ok() && bundle.error().rfind(offload::kTruncatedError, 0) == 0 &&
           window.data.size() == want && want < offload::kMaxHeaderBytes) {
      want = std::min(want * 16, offload::kMaxHeaderBytes);
      window = read(pos, want);
      if (!window.ok()) {
        scan.stopped = "read at " + offload::Hex(pos) + " failed (" + window.error + ")";
        return scan;
      }
      bundle = offload::ParseBundle(window.data, 0, room);
    }
    if (!bundle.ok()) {
      // A header cut by the end of the file, in a section that runs past it: the bytes end
      // here (offload::ScanRange's rule), not a malformed bundle.
      const bool at_eof = window.data.size() < want;
      if (at_eof && end > pos + window.data.size() &&
          bundle.error().rfind(offload::kTruncatedError, 0) == 0) {
        return scan;
      }
      AddError(scan, pos, bundle.error());
      if (++probes >= budget) {
        scan.stopped = "no readable offload bundle in " + std::to_string(budget) +
                       " aligned positions before " + offload::Hex(pos) + "; gave up";
        return scan;
      }
      pos = offload::AlignUp(pos + 1);
      continue;
    }
    probes = 0;
    budget = bundle->span == 0 ? kMaxUnknownSpanProbes : kMaxPaddingProbes;
    ++scan.bundles;
    if (bundle->compressed) ++scan.compressed;
    for (const offload::Entry& e : bundle->entries) {
      std::string target = offload::TargetId(e.id);
      if (!target.empty()) scan.targets.insert(std::move(target));
    }
    const std::uint64_t span = std::max<std::uint64_t>(bundle->span, 1);
    pos = span > UINT64_MAX - pos ? UINT64_MAX : offload::AlignUp(pos + span);
  }
  scan.complete = pos >= end && Holds(read, 0, end);
  return scan;
}

}  // namespace rocm_doctor::ranged
