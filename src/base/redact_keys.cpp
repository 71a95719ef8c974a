// SPDX-License-Identifier: MIT
// The redactor's serial numbers and unique ids: values after a key that names one, GPU ids in
// the "GPU-<hex>" form, and ids seen before found bare (src/base/redact.h).
#include <algorithm>

#include "base/redact.h"
#include "base/redact_chars.h"

namespace rocm_doctor {
namespace {

using namespace redact_detail;

// Keys whose value is a serial number or unique id, in "key value", "key: value", "key=value"
// and JSON ("key": "value", also escaped inside a JSON string) form. Longest first where one is
// a prefix of another. "unique id" is rocm-smi's ("GPU[0] : Unique ID: 0x..."), "asic_serial"
// amd-smi's.
constexpr std::string_view kSerialKeys[] = {"device serial number",
                                            "chassis_serial",
                                            "product_serial",
                                            "serial_number",
                                            "serial number",
                                            "board_serial",
                                            "serialnumber",
                                            "product_uuid",
                                            "asic_serial",
                                            "unique_id",
                                            "unique id",
                                            "serial",
                                            "uuid"};

// What tools print where they have no id: dmidecode ("Not Specified", "To Be Filled By
// O.E.M.", "Default string": cut at the first space), rocm-smi ("N/A"), rocminfo for a CPU or
// an old GPU ("CPU-XX", "GPU-XX").
constexpr std::string_view kPlaceholderValues[] = {
    "null", "true", "false", "none", "n/a", "na", "(null)", "unknown", "not", "cpu-xx", "gpu-xx"};

bool IsNoValue(std::string_view value) {
  const std::string lower = Lower(value);
  if (std::find(std::begin(kPlaceholderValues), std::end(kPlaceholderValues), lower) !=
      std::end(kPlaceholderValues)) {
    return true;
  }
  // 0, 0x0000000000000000, 00-00-00-00-00-00-00-00: a device with no serial.
  std::string_view digits = lower;
  if (digits.size() > 2 && digits.substr(0, 2) == "0x") digits.remove_prefix(2);
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0' || c == '-'; });
}

// Whether the word after a key is an id, not prose: "Serial: 8250/16550 driver" (a kernel log
// line), "serial 00:04: ttyS0" (a PNP device), "the UUID of the GPU", "uuid=%s" are not (issue
// 15). An id has a digit, or is 8 or more hex digits or capitals; it has no '/', ':' or '%'.
bool LooksLikeId(std::string_view value) {
  if (value.find_first_of("/:%") != std::string_view::npos) return false;
  if (std::any_of(value.begin(), value.end(), IsDigit)) return true;
  if (value.size() < 8) return false;
  return std::all_of(value.begin(), value.end(), IsHex) ||
         std::all_of(value.begin(), value.end(),
                     [](char c) { return (c >= 'A' && c <= 'Z') || c == '-'; });
}

}  // namespace

bool Redactor::MatchKeyValue(std::string_view text, std::size_t at, Match& match) {
  const char before = Before(text, at);
  if (IsAlnum(before) || before == '_') return false;
  for (std::string_view key : kSerialKeys) {
    if (!StartsWithNoCase(text, at, key)) continue;
    std::size_t pos = at + key.size();
    if (IsAlnum(At(text, pos)) || At(text, pos) == '_') return false;
    const auto skip_quote = [&] {
      if (At(text, pos) == '\\' && At(text, pos + 1) == '"') {
        pos += 2;
      } else if (At(text, pos) == '"' || At(text, pos) == '\'') {
        ++pos;
      }
    };
    skip_quote();
    const std::size_t gap = pos;
    while (At(text, pos) == ' ' || At(text, pos) == '\t') ++pos;
    if (At(text, pos) == ':' || At(text, pos) == '=') ++pos;
    while (At(text, pos) == ' ' || At(text, pos) == '\t') ++pos;
    if (pos == gap) return false;  // "uuidgen", "serial8250": not a key and its value
    skip_quote();
    const std::size_t start = pos;
    while (pos < text.size() && pos - start <= kMaxValue) {
      const char c = text[pos];
      if (static_cast<unsigned char>(c) <= ' ' || c == '"' || c == '\'' || c == ',' || c == ';' ||
          c == '\\' || c == '}' || c == ']' || c == ')' || c == '(' || c == '<' || c == '>' ||
          c == 0x7f) {
        break;
      }
      ++pos;
    }
    // "... serial number 12345." at the end of a sentence: the full stop is not the id's.
    while (pos > start && text[pos - 1] == '.') --pos;
    const std::string_view value = text.substr(start, pos - start);
    if (value.empty() || value.size() > kMaxValue || IsNoValue(value) || !LooksLikeId(value)) {
      return false;
    }
    match.length = pos - at;
    match.replacement = std::string(text.substr(at, start - at)) + ValuePlaceholder(value);
    return true;
  }
  return false;
}

// "GPU-" and a unique_id in hex, as rocminfo prints a GPU's UUID and as HIP_VISIBLE_DEVICES,
// ROCR_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES take it, also inside a list
// ("GPU-3c4b...,GPU-3c4c..."). "GPU-" and a UUID is left to the UUID pattern; "GPU-0" and
// "GPU-XX" are no ids.
bool Redactor::MatchGpuId(std::string_view text, std::size_t at, Match& match) {
  if (IsAlnum(Before(text, at)) || text.compare(at, 4, "GPU-") != 0 || IsUuidAt(text, at + 4)) {
    return false;
  }
  const std::size_t digits = RunLength(text, at + 4, IsHex, 17);
  if (digits < 8 || digits > 16 || IsAlnum(At(text, at + 4 + digits))) return false;
  match.length = 4 + digits;
  match.replacement = "GPU-" + SerialPlaceholder(text.substr(at + 4, digits), true);
  return true;
}

// systemd-journald's directory /var/log/journal/<machine-id>/ (or /run/log/journal/), as its
// messages and a kernel log quote it: the machine id is 32 hex digits that name this host for
// good (/etc/machine-id), found by the path before it.
bool Redactor::MatchJournalPath(std::string_view text, std::size_t at, Match& match) {
  std::size_t pos = at;
  if (text.compare(pos, 4, "/var") == 0) pos += 4;
  constexpr std::string_view kJournal = "/log/journal/";
  if (text.compare(pos, 4, "/run") == 0 && pos == at) pos += 4;
  if (pos == at || text.compare(pos, kJournal.size(), kJournal) != 0) return false;
  pos += kJournal.size();
  if (RunLength(text, pos, IsHex, 33) != 32 || IsAlnum(At(text, pos + 32))) return false;
  match.length = pos + 32 - at;
  match.replacement =
      std::string(text.substr(at, pos - at)) + SerialPlaceholder(text.substr(pos, 32), true);
  return true;
}

// An id seen before (after a key, as GPU-<hex>, in a whole-file id), now without anything that
// marks it: a cache directory named by the GPU's unique_id, a log line. Numbers in either base
// ("0x" or not), other serials as written.
bool Redactor::MatchLearned(std::string_view text, std::size_t at, Match& match) {
  if (IsAlnum(Before(text, at))) return false;
  if (!learned_numbers_.empty()) {
    std::size_t start = at;
    if (text.compare(at, 2, "0x") == 0 || text.compare(at, 2, "0X") == 0) start += 2;
    const std::size_t run = RunLength(text, start, IsAlnum, 24);
    const std::string_view token = text.substr(start, run);
    if (!IsAlnum(At(text, start + run)) && token.size() >= 6) {
      std::uint64_t number = 0;
      for (const bool hex : {true, false}) {
        if (!hex && start != at) break;  // "0x" then decimal: no
        if (hex && token.size() > 16) continue;
        if (ParseNumber(token, hex, number) && learned_numbers_.count(number) != 0) {
          match.length = start + run - at;
          match.replacement =
              std::string(text.substr(at, start - at)) + SerialPlaceholder(token, hex);
          return true;
        }
      }
    }
  }
  if (!learned_strings_.empty()) {
    const auto serial_char = [](char c) { return IsAlnum(c) || c == '-' || c == '_' || c == '.'; };
    std::size_t run = RunLength(text, at, serial_char, kMaxValue + 1);
    while (run > 0 && (text[at + run - 1] == '.' || text[at + run - 1] == '-')) --run;
    for (std::size_t length : {run, RunLength(text, at, IsAlnum, kMaxValue + 1)}) {
      const std::string_view token = text.substr(at, length);
      if (IsAlnum(At(text, at + length)) || learned_strings_.count(token) == 0) continue;
      match.length = length;
      match.replacement = SerialPlaceholder(token, false);
      return true;
    }
  }
  return false;
}

}  // namespace rocm_doctor
