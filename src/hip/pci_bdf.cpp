// SPDX-License-Identifier: MIT
#include "hip/pci_bdf.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <system_error>

namespace rocm_doctor::hip_helper {
namespace {

std::string_view TrimTrailing(std::string_view text) {
  while (!text.empty()) {
    const char c = text.back();
    if (c != '\0' && c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
    text.remove_suffix(1);
  }
  return text;
}

// 1..max_digits hex digits, the whole of `text`.
std::optional<std::uint32_t> ParseHex(std::string_view text, std::size_t max_digits) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  std::uint32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::string> NormalizePciBdf(std::string_view text) {
  text = TrimTrailing(text);
  const std::size_t dot = text.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string_view function_text = text.substr(dot + 1);
  std::string_view rest = text.substr(0, dot);

  const std::size_t device_colon = rest.rfind(':');
  if (device_colon == std::string_view::npos) return std::nullopt;
  const std::string_view device_text = rest.substr(device_colon + 1);
  rest = rest.substr(0, device_colon);

  std::string_view domain_text = "0";
  std::string_view bus_text = rest;
  if (const std::size_t bus_colon = rest.rfind(':'); bus_colon != std::string_view::npos) {
    domain_text = rest.substr(0, bus_colon);
    bus_text = rest.substr(bus_colon + 1);
  }

  const auto domain = ParseHex(domain_text, 8);
  const auto bus = ParseHex(bus_text, 2);
  const auto device = ParseHex(device_text, 2);
  const auto function = ParseHex(function_text, 1);
  if (!domain || !bus || !device || !function || *device > 0x1F || *function > 7) {
    return std::nullopt;
  }
  std::array<char, 32> buffer{};
  const int length = std::snprintf(buffer.data(), buffer.size(), "%04x:%02x:%02x.%x", *domain, *bus,
                                   *device, *function);
  if (length <= 0) return std::nullopt;
  return std::string(buffer.data(), static_cast<std::size_t>(length));
}

}  // namespace rocm_doctor::hip_helper
