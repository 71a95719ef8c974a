// SPDX-License-Identifier: MIT
// Single sysfs attribute values: the number, link-speed, key/value and id parsers every hardware
// and driver collector reads attributes with, the RAS and PCIe width parsers, the runtime's
// environment-variable parsers (the same hostile-text family), and the EFI SecureBoot variable.
#include <array>
#include <cstdint>

#include "knowledge/env_parse.h"
#include "knowledge/gpu_table_parse.h"
#include "collect/pci/pci_parse.h"
#include "collect/kernel/secure_boot_parse.h"
#include "base/text_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(parse::Trim(text));
  fuzz::Use(parse::Hex(text));
  fuzz::Use(parse::Int(text));
  fuzz::Use(parse::UInt(text));
  fuzz::Use(parse::LinkSpeedGts(text));
  fuzz::Use(parse::Lines(text));
  fuzz::Use(parse::SplitWhitespace(text));
  fuzz::Use(parse::KeyValueLines(text));
  fuzz::Use(parse::KeyEqualsValueLines(text));
  fuzz::Use(parse::Printable(text, 64));
  fuzz::Use(parse::Lower(text));
  fuzz::Use(pci_parse::RasErrCount(text));
  fuzz::Use(pci_parse::LinkWidth(text));
  fuzz::Use(pci_parse::UeventIdPair(text));
  fuzz::Use(gpu_table::ParseHostLink(text));
  fuzz::Use(gpu_table::ParseCsv(text));
  fuzz::Use(parse::SecureBootEnabled(text));

  fuzz::Use(env_parse::ParseGfxVersion(text));
  fuzz::Use(env_parse::OverrideNode(text));
  fuzz::Use(env_parse::GfxFamilyOf(text));
  fuzz::Use(env_parse::GfxVersionOf(text));
  fuzz::Use(env_parse::RocrKnowsIsa(text));
  fuzz::Use(env_parse::VgprBytesPerCu(text));
  fuzz::Use(env_parse::ParseHipPlatform(text));
  // Unique ids as KFD reports them, one of them 0 (a GPU without one never matches).
  const std::array<std::uint64_t, 4> ids = {0x1234567890abcdefULL, 0, 0xfedcba9876543210ULL, 7};
  fuzz::Use(env_parse::SelectRocr(text, ids));
  fuzz::Use(env_parse::SelectHip(text, ids));
  return 0;
}
