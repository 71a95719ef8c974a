// SPDX-License-Identifier: MIT
#pragma once
// Parsers for the text the kernel writes in sysfs and procfs. They take string_view, never
// throw, and return nullopt for anything malformed (empty, "Unknown", garbage, overflow).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::parse {

// Strips what surrounds a sysfs value: trailing NUL padding (captures copied with `cp` are
// NUL-padded to 4096 bytes), newlines, spaces and tabs on both ends.
std::string_view Trim(std::string_view raw);

// "0x1002" or "1002" (sysfs-bus-pci prints 0x%04x). At most 16 hex digits.
std::optional<std::uint64_t> Hex(std::string_view text);
// Decimal, optional leading '-'. Rejects trailing garbage and overflow.
std::optional<std::int64_t> Int(std::string_view text);
std::optional<std::uint64_t> UInt(std::string_view text);
// A non-negative finite decimal ("12", "1.5", "2e9") of at most 32 characters after Trim, with
// nothing after it: the numbers of the project's own CSV tables.
std::optional<double> Decimal(std::string_view text);
// PCIe link speed: "16.0 GT/s PCIe", "8 GT/s", "2.5 GT/s PCIe" -> GT/s; "Unknown" -> nullopt.
std::optional<double> LinkSpeedGts(std::string_view text);

// Lines without their '\n' (a final line without newline is kept; empty lines kept).
std::vector<std::string_view> Lines(std::string_view text);
std::vector<std::string_view> SplitWhitespace(std::string_view text);
// "key value" lines (KFD properties, meminfo without the unit): unparsable lines are skipped.
std::map<std::string, std::uint64_t> KeyValueLines(std::string_view text);
// KeyValueLines without the map: calls `pair(key, value)` for each line it would keep, in order
// (a repeated key is passed again; KeyValueLines keeps the first). Allocates nothing: the KFD
// topology of an MI300X node in CPX mode is over a thousand such files (issue 14, speed).
void ForEachKeyValueLine(std::string_view text,
                         const std::function<void(std::string_view key, std::uint64_t value)>& pair);
// KEY=value lines (uevent, os-release); quotes around values are removed.
std::map<std::string, std::string> KeyEqualsValueLines(std::string_view text);

bool StartsWith(std::string_view text, std::string_view prefix);
bool Contains(std::string_view text, std::string_view needle);
std::string Lower(std::string_view text);
// Printable form of untrusted bytes for messages: control and non-ASCII bytes become \xNN.
std::string Printable(std::string_view bytes, std::size_t max_len = 200);

}  // namespace rocm_doctor::parse
