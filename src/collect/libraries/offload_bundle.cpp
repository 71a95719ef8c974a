// SPDX-License-Identifier: MIT
#include "collect/libraries/offload_bundle.h"

#include <algorithm>

#include "collect/libraries/elf_reader.h"
#include "rocm_doctor/facts/libraries.h"

namespace rocm_doctor::offload {
namespace {

bool InRange(std::uint64_t size, std::uint64_t offset, std::uint64_t length) {
  return offset <= size && length <= size - offset;
}

bool MagicAt(std::string_view data, std::uint64_t at, std::string_view magic) {
  return InRange(data.size(), at, magic.size()) &&
         data.substr(static_cast<std::size_t>(at), magic.size()) == magic;
}

// CCOB header (clang CompressedOffloadBundle): v1 has no total size, v2 a uint32, v3 a uint64.
Result<Bundle> ParseCompressed(std::string_view data, std::uint64_t position) {
  Bundle bundle;
  bundle.position = position;
  bundle.compressed = true;
  if (!InRange(data.size(), position, 8)) return Error{"truncated: compressed bundle header"};
  bundle.compressed_version = static_cast<std::uint16_t>(elf::LoadLe(data, position + 4, 2));
  if (bundle.compressed_version == 2 && InRange(data.size(), position + 8, 4)) {
    bundle.span = elf::LoadLe(data, position + 8, 4);
  } else if (bundle.compressed_version == 3 && InRange(data.size(), position + 8, 8)) {
    bundle.span = elf::LoadLe(data, position + 8, 8);
  }
  return bundle;
}

}  // namespace

std::string Hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[value & 0xf]);
    value >>= 4;
  } while (value != 0);
  return "0x" + out;
}

std::uint64_t AlignUp(std::uint64_t value) {
  const std::uint64_t rest = value % kBundleAlignment;
  if (rest == 0) return value;
  const std::uint64_t pad = kBundleAlignment - rest;
  return value > UINT64_MAX - pad ? UINT64_MAX : value + pad;
}

Result<Bundle> ParseBundle(std::string_view data, std::uint64_t position, std::uint64_t limit) {
  if (MagicAt(data, position, kCompressedMagic)) return ParseCompressed(data, position);
  if (!MagicAt(data, position, kBundleMagic)) return Error{"no offload bundle magic"};
  const std::uint64_t size = data.size();
  std::uint64_t at = position + kBundleMagic.size();
  if (!InRange(size, at, 8)) return Error{"truncated: after the magic"};
  const std::uint64_t count = elf::LoadLe(data, at, 8);
  at += 8;
  if (count > kMaxEntries) {
    return Error{"claims " + std::to_string(count) + " entries (limit " +
                 std::to_string(kMaxEntries) + ")"};
  }
  const std::uint64_t room = limit > position ? limit - position : 0;
  Bundle bundle;
  bundle.position = position;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (!InRange(size, at, 24))
      return Error{"truncated: entry table at entry " + std::to_string(i)};
    Entry entry;
    entry.offset = elf::LoadLe(data, at, 8);
    entry.size = elf::LoadLe(data, at + 8, 8);
    const std::uint64_t id_size = elf::LoadLe(data, at + 16, 8);
    at += 24;
    if (id_size > kMaxIdSize) {
      return Error{"entry " + std::to_string(i) + " has a " + std::to_string(id_size) + "-byte id"};
    }
    if (!InRange(size, at, id_size))
      return Error{"truncated: entry id of entry " + std::to_string(i)};
    entry.id =
        std::string(data.substr(static_cast<std::size_t>(at), static_cast<std::size_t>(id_size)));
    at += id_size;
    if (!InRange(room, entry.offset, entry.size)) {
      return Error{"entry " + std::to_string(i) + " (" + entry.id + ") at +" + Hex(entry.offset) +
                   " size " + Hex(entry.size) + " ends beyond its section"};
    }
    bundle.span = std::max(bundle.span, entry.offset + entry.size);
    bundle.entries.push_back(std::move(entry));
  }
  bundle.span = std::max(bundle.span, at - position);
  return bundle;
}

std::string TargetId(std::string_view entry_id) {
  constexpr std::string_view kTriple = "amdgcn-amd-amdhsa";
  const std::size_t dash = entry_id.find('-');
  if (dash == std::string_view::npos) return {};
  const std::string_view kind = entry_id.substr(0, dash);
  if (kind != "hip" && kind != "hipv4" && kind != "openmp") return {};
  const std::size_t triple = entry_id.find(kTriple, dash);
  if (triple == std::string_view::npos) return {};
  std::string_view rest = entry_id.substr(triple + kTriple.size());
  while (!rest.empty() && rest.front() == '-') rest.remove_prefix(1);
  if (rest.substr(0, 3) != "gfx") return {};
  return std::string(rest);
}

RangeScan ScanRange(std::string_view data, std::uint64_t begin, std::uint64_t end,
                    std::uint64_t entry_limit) {
  RangeScan scan;
  const std::uint64_t size = data.size();
  std::uint64_t pos = AlignUp(begin);
  while (pos < end && scan.bundles < kMaxBundles) {
    if (pos >= size) return scan;  // the rest of the range was not read
    const bool plain = MagicAt(data, pos, kBundleMagic);
    if (!plain && !MagicAt(data, pos, kCompressedMagic)) {
      pos = AlignUp(pos + 1);
      continue;
    }
    Result<Bundle> bundle = ParseBundle(data, pos, std::max(end, entry_limit));
    if (!bundle.ok()) {
      // A header cut by the read limit is where the bytes end, not a malformed bundle.
      if (end > size && bundle.error().rfind(kTruncatedError, 0) == 0) return scan;
      if (scan.errors.size() < kMaxErrorsKept) {
        scan.errors.push_back("bundle at " + Hex(pos) + ": " + bundle.error());
      }
      ++scan.error_count;
      pos = AlignUp(pos + 1);
      continue;
    }
    ++scan.bundles;
    if (bundle->compressed) ++scan.compressed;
    for (const Entry& e : bundle->entries) {
      std::string target = TargetId(e.id);
      if (!target.empty()) scan.targets.insert(std::move(target));
    }
    const std::uint64_t span = std::max<std::uint64_t>(bundle->span, 1);
    pos = span > UINT64_MAX - pos ? UINT64_MAX : AlignUp(pos + span);
  }
  scan.complete = pos >= end && end <= size;
  return scan;
}

}  // namespace rocm_doctor::offload

namespace rocm_doctor {
namespace {

// LLVM AMDGPUUsage "Generic processors" (code object v6, ROCm 6.2+ runtimes load them).
struct GenericFamily {
  std::string_view generic;
  std::string_view members[8];
};
constexpr GenericFamily kGenerics[] = {
    {"gfx9-generic", {"gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"}},
    {"gfx9-4-generic", {"gfx940", "gfx941", "gfx942", "gfx950"}},
    {"gfx10-1-generic", {"gfx1010", "gfx1011", "gfx1012", "gfx1013"}},
    {"gfx10-3-generic",
     {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"}},
    {"gfx11-generic",
     {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"}},
    {"gfx12-generic", {"gfx1200", "gfx1201"}},
};

// The mode a target id asks for a feature: true for "name+", false for "name-", nullopt when
// the id does not name it ("any").
std::optional<bool> FeatureMode(std::string_view target_id, std::string_view feature) {
  std::size_t at = target_id.find(':');
  while (at != std::string_view::npos) {
    const std::size_t next = target_id.find(':', at + 1);
    std::string_view part = target_id.substr(
        at + 1, next == std::string_view::npos ? std::string_view::npos : next - at - 1);
    if (part.size() == feature.size() + 1 && part.substr(0, feature.size()) == feature) {
      if (part.back() == '+') return true;
      if (part.back() == '-') return false;
    }
    at = next;
  }
  return std::nullopt;
}

bool FeatureServes(std::optional<bool> wanted, std::optional<bool> device) {
  return !wanted || !device || *wanted == *device;
}

}  // namespace

std::string_view ProcessorOf(std::string_view target_id) {
  return target_id.substr(0, target_id.find(':'));
}

std::string_view GenericProcessorFor(std::string_view processor) {
  for (const GenericFamily& family : kGenerics) {
    for (std::string_view member : family.members) {
      if (!member.empty() && member == processor) return family.generic;
    }
  }
  return {};
}

bool CodeObjectServes(std::string_view target_id, std::string_view device_processor,
                      std::optional<bool> xnack_on, std::optional<bool> sramecc_on) {
  const std::string_view processor = ProcessorOf(target_id);
  if (processor.empty() || device_processor.empty()) return false;
  if (processor != device_processor && processor != GenericProcessorFor(device_processor)) {
    return false;
  }
  return FeatureServes(FeatureMode(target_id, "xnack"), xnack_on) &&
         FeatureServes(FeatureMode(target_id, "sramecc"), sramecc_on);
}

}  // namespace rocm_doctor
