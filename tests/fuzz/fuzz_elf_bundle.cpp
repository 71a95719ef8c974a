// SPDX-License-Identifier: MIT
// The ELF64 section reader and the clang offload-bundle reader over one file's bytes, the way
// the code-object collector uses them: the .hip_fatbin section when there is one, else the
// whole file scanned for bundles.
#include <cstdint>
#include <limits>

#include "collect/libraries/elf_reader.h"
#include "collect/libraries/offload_bundle.h"
#include "collect/libraries/ranged_scan.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view bytes = fuzz::AsText(data, size);
  auto image = elf::Parse(bytes);
  if (image) {
    if (const elf::Section* fatbin = image->Find(".hip_fatbin")) {
      const std::uint64_t end = fatbin->offset + fatbin->size < fatbin->offset
                                    ? std::numeric_limits<std::uint64_t>::max()
                                    : fatbin->offset + fatbin->size;
      fuzz::Use(offload::ScanRange(bytes, fatbin->offset, end, end));
    }
  }
  fuzz::Use(offload::ParseBundle(bytes, 0, bytes.size()));
  fuzz::Use(offload::ScanRange(bytes, 0, bytes.size()));
  fuzz::Use(offload::ScanRange(bytes, 0, std::numeric_limits<std::uint64_t>::max(),
                               std::numeric_limits<std::uint64_t>::max()));
  fuzz::Use(offload::TargetId(bytes.substr(0, 256)));
  // The same bytes through ranged reads (the live and replay path of the collector).
  const ranged::ReadAt read = [bytes](std::uint64_t offset, std::size_t length) {
    FileContent out;
    out.status = FsStatus::kOk;
    if (offset < bytes.size()) out.data = std::string(bytes.substr(offset, length));
    return out;
  };
  auto sections = ranged::ReadSections(read);
  if (sections && sections->read) {
    if (const elf::Section* fatbin = sections->image.Find(".hip_fatbin")) {
      const std::uint64_t end = fatbin->offset + fatbin->size < fatbin->offset
                                    ? std::numeric_limits<std::uint64_t>::max()
                                    : fatbin->offset + fatbin->size;
      fuzz::Use(ranged::WalkBundles(read, fatbin->offset, end, end));
    }
  }
  fuzz::Use(ranged::WalkBundles(read, 0, bytes.size(), bytes.size()));
  return 0;
}
