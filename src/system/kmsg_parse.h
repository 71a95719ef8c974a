// SPDX-License-Identifier: MIT
#pragma once
// Parsing of the two kernel-log sources: /dev/kmsg records and `dmesg` output lines.
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::system {

// The most recent lines kept from the kernel log; a week of uptime with a flapping link can fill
// the 16 MiB ring buffer, and the checks only look for a few messages.
inline constexpr std::size_t kKernelLogMaxLines = 20000;

// One /dev/kmsg record (Documentation/ABI/testing/dev-kmsg): "pri,seq,ts_usec,flags[,...];text\n"
// optionally followed by " KEY=value\n" dictionary lines. Returns the text (non-printable bytes
// stay escaped as the kernel wrote them, e.g. "\x0a"), or nullopt when there is no ';' header.
std::optional<std::string> ParseKmsgRecord(std::string_view record);

// One line of `dmesg` output: strips a leading "[   12.345678] " timestamp when present.
std::string StripDmesgPrefix(std::string_view line);

// Splits `dmesg` output into message lines (empty lines dropped), keeping the last `max_lines`.
std::vector<std::string> ParseDmesgOutput(std::string_view output,
                                          std::size_t max_lines = kKernelLogMaxLines);

// Appends to a bounded buffer, dropping the oldest line past `max_lines`.
void AppendBounded(std::deque<std::string>& lines, std::string line,
                   std::size_t max_lines = kKernelLogMaxLines);

}  // namespace rocm_doctor::system
