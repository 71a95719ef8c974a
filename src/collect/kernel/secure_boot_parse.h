// SPDX-License-Identifier: MIT
#pragma once
// Parses the UEFI SecureBoot variable as efivarfs shows it
// (/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c). Pure.
#include <optional>
#include <string_view>

namespace rocm_doctor::parse {

// efivarfs files are the 4-byte little-endian attribute word followed by the variable's data
// (Documentation/filesystems/efivarfs.rst); SecureBoot's data is one byte, 1 = enabled, 0 =
// disabled. A short file or any other value is nullopt (not a guess).
std::optional<bool> SecureBootEnabled(std::string_view efivar_bytes);

}  // namespace rocm_doctor::parse
