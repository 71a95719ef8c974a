// SPDX-License-Identifier: MIT
#pragma once
// /proc/meminfo (Documentation/filesystems/proc.rst): "MemTotal:       16318652 kB" lines.
#include <cstdint>
#include <optional>
#include <string_view>

namespace rocm_doctor::meminfo {

// The value of `key` ("MemTotal") in bytes. The kernel prints every size in kB (1024 bytes);
// a line without a unit is taken as a plain number (HugePages_Total). nullopt when the key is
// missing, malformed, or the byte count would overflow 64 bits.
std::optional<std::uint64_t> Bytes(std::string_view meminfo, std::string_view key);

}  // namespace rocm_doctor::meminfo
