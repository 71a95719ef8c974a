// SPDX-License-Identifier: MIT
#include "hip/bench/amd_clock.h"

#include <charconv>
#include <fstream>
#include <sstream>
#include <system_error>

namespace rocm_doctor::hip_helper {

std::optional<int> ParseCurrentDpmClockMhz(std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty() || line.back() != '*') continue;
    // "1: 1700Mhz *": the number after "N: ", up to the unit.
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    int mhz = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), mhz);
    if (ec != std::errc() || ptr == value.data() || mhz <= 0) return std::nullopt;
    const std::string_view unit = value.substr(static_cast<std::size_t>(ptr - value.data()));
    if (unit.substr(0, 3) != "Mhz" && unit.substr(0, 3) != "MHz") return std::nullopt;
    return mhz;
  }
  return std::nullopt;
}

std::optional<int> ReadAmdShaderClockMhz(const std::string& pci_bdf) {
  std::ifstream in("/sys/bus/pci/devices/" + pci_bdf + "/pp_dpm_sclk");
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return ParseCurrentDpmClockMhz(text.str());
}

}  // namespace rocm_doctor::hip_helper
