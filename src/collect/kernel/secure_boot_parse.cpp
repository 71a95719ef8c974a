// SPDX-License-Identifier: MIT
#include "collect/kernel/secure_boot_parse.h"

namespace rocm_doctor::parse {

std::optional<bool> SecureBootEnabled(std::string_view efivar_bytes) {
  constexpr std::size_t kAttributeBytes = 4;
  if (efivar_bytes.size() != kAttributeBytes + 1) return std::nullopt;
  unsigned char value = static_cast<unsigned char>(efivar_bytes[kAttributeBytes]);
  if (value == 1) return true;
  if (value == 0) return false;
  return std::nullopt;
}

}  // namespace rocm_doctor::parse
