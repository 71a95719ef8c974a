// SPDX-License-Identifier: MIT
#include "collect/pci/pci_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::pci_parse {

std::optional<RasCounts> RasErrCount(std::string_view text) {
  RasCounts counts;
  if (parse::Contains(text, "Query currently inaccessible")) {
    counts.inaccessible = true;
    return counts;
  }
  for (std::string_view line : parse::Lines(text)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(line);
    if (words.empty()) continue;
    std::optional<std::uint64_t>* slot = words[0] == "ue:"   ? &counts.ue
                                         : words[0] == "ce:" ? &counts.ce
                                         : words[0] == "de:" ? &counts.de
                                                             : nullptr;
    if (slot == nullptr) continue;
    // A counter line whose value is not a count (negative, overflowing, garbage) makes the
    // whole file suspect.
    if (words.size() != 2) return std::nullopt;
    *slot = parse::UInt(words[1]);
    if (!*slot) return std::nullopt;
  }
  if (!counts.ue && !counts.ce) return std::nullopt;
  return counts;
}

std::optional<int> LinkWidth(std::string_view text) {
  std::optional<std::int64_t> width = parse::Int(text);
  // PCIe defines x1..x32; 255 is the kernel's "unknown".
  if (!width || *width < 1 || *width > 32) return std::nullopt;
  return static_cast<int>(*width);
}

std::optional<IdPair> UeventIdPair(std::string_view text) {
  text = parse::Trim(text);
  std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto half = [](std::string_view digits) -> std::optional<std::uint16_t> {
    if (digits.empty() || digits.size() > 4) return std::nullopt;
    for (char c : digits) {
      bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      if (!hex) return std::nullopt;
    }
    return static_cast<std::uint16_t>(*parse::Hex(digits));
  };
  auto first = half(text.substr(0, colon));
  auto second = half(text.substr(colon + 1));
  if (!first || !second) return std::nullopt;
  return IdPair{*first, *second};
}

}  // namespace rocm_doctor::pci_parse
