// SPDX-License-Identifier: MIT
#include "base/redact.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "base/redact_chars.h"

namespace rocm_doctor {

namespace redact_detail {

bool ParseNumber(std::string_view digits, bool hex, std::uint64_t& number) {
  if (digits.empty()) return false;
  const std::uint64_t base = hex ? 16 : 10;
  number = 0;
  for (char c : digits) {
    if (hex ? !IsHex(c) : !IsDigit(c)) return false;
    const auto d = static_cast<std::uint64_t>(IsDigit(c) ? c - '0' : LowerChar(c) - 'a' + 10);
    if (number > (UINT64_MAX - d) / base) return false;
    number = number * base + d;
  }
  return true;
}

std::string Padded(std::uint64_t number, std::size_t width, bool hex, bool upper) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, hex ? (upper ? "%llX" : "%llx") : "%llu",
                static_cast<unsigned long long>(number));
  std::string digits = buffer;
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return digits;
}

bool IsUuidAt(std::string_view text, std::size_t at) {
  if (at > text.size() || text.size() - at < 36) return false;
  for (std::size_t i = 0; i < 36; ++i) {
    const char c = text[at + i];
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? c != '-' : !IsHex(c)) return false;
  }
  return true;
}

std::string UuidPlaceholder(std::size_t index, std::string_view) {
  return "00000000-0000-4000-8000-" + Padded(index, 12, true, false);
}

}  // namespace redact_detail

namespace {

using namespace redact_detail;

// A serial seen once is looked for bare everywhere from then on only when it is this long (and,
// as a number, this large): "serial 3" must not turn every "3" into a placeholder.
constexpr std::size_t kMinLearned = 6;
constexpr std::uint64_t kMinLearnedNumber = std::uint64_t{1} << 24;

// Files that hold nothing but one identifying value (the last path component).
struct WholeFile {
  std::string_view name;
  RedactionKind kind;
  bool hex_digits;  // a number in hex even when it has no letter (DRM unique_id)
};
constexpr WholeFile kWholeFiles[] = {
    {"serial_number", RedactionKind::kSerial, false},
    {"unique_id", RedactionKind::kSerial, true},
    {"product_serial", RedactionKind::kSerial, false},
    {"board_serial", RedactionKind::kSerial, false},
    {"chassis_serial", RedactionKind::kSerial, false},
    {"board_asset_tag", RedactionKind::kSerial, false},
    {"chassis_asset_tag", RedactionKind::kSerial, false},
    {"product_uuid", RedactionKind::kUuid, false},
    {"machine-id", RedactionKind::kSerial, true},
};

std::string OtherSerialPlaceholder(std::size_t index, std::string_view) {
  return "SERIAL" + Padded(index, 4, false, false);
}

std::string_view BaseName(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string_view TrimRight(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\t' ||
                           text.back() == '\r' || text.back() == '\0')) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

std::string_view ToString(RedactionKind kind) {
  switch (kind) {
    case RedactionKind::kHostname:
      return "hostname";
    case RedactionKind::kUserName:
      return "user name";
    case RedactionKind::kSerial:
      return "serial number";
    case RedactionKind::kUuid:
      return "UUID";
    case RedactionKind::kMac:
      return "MAC address";
    case RedactionKind::kIpv4:
      return "IPv4 address";
    case RedactionKind::kIpv6:
      return "IPv6 address";
    case RedactionKind::kDomain:
      return "domain name";
  }
  return "?";
}

std::vector<std::string> HumanUserNames(std::string_view passwd) {
  std::vector<std::string> names;
  while (!passwd.empty()) {
    const std::size_t newline = passwd.find('\n');
    const std::string_view line = passwd.substr(0, newline);
    passwd = newline == std::string_view::npos ? std::string_view() : passwd.substr(newline + 1);
    // name:password:uid:gid:gecos:home:shell
    std::array<std::string_view, 7> fields{};
    std::size_t count = 0;
    std::string_view rest = line;
    while (count < fields.size()) {
      const std::size_t colon = rest.find(':');
      fields[count++] = rest.substr(0, colon);
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
    if (count < 6 || fields[0].empty() || fields[2].empty() || fields[2].size() > 9) continue;
    std::uint64_t uid = 0;
    bool numeric = true;
    for (char c : fields[2]) {
      numeric = numeric && IsDigit(c);
      uid = uid * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!numeric || uid < 1000 || uid >= 60000) continue;
    names.emplace_back(fields[0]);
    const std::string_view home = BaseName(TrimRight(fields[5]));
    if (!home.empty() && home != fields[0]) names.emplace_back(home);
  }
  return names;
}

Redactor::Redactor(IdentifyingNames known) {
  for (const std::string& host : known.hostnames) {
    const std::string name = Lower(TrimRight(host));
    const std::size_t dot = name.find('.');
    const std::string short_name = name.substr(0, dot);
    if (short_name.empty() || short_name == "localhost") continue;
    hostnames_.push_back(short_name);
    if (dot == std::string::npos) continue;
    // "lab.example.org" on its own, but not a single label ("local", "lan"): those are words.
    const std::string domain = name.substr(dot + 1);
    if (domain.find('.') != std::string::npos && domain.find("..") == std::string::npos &&
        domain.back() != '.') {
      domains_.push_back(domain);
    }
  }
  for (std::string& name : known.user_names) {
    if (!IsCommonName(name)) user_names_.push_back(std::move(name));
  }
  const auto longest_first = [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() > b.size() : a < b;
  };
  for (auto* list : {&hostnames_, &domains_, &user_names_}) {
    std::sort(list->begin(), list->end(), longest_first);
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
}

std::string Redactor::Placeholder(RedactionKind kind, const std::string& key,
                                  std::string (*make)(std::size_t, std::string_view),
                                  std::string_view value) {
  const auto k = static_cast<std::size_t>(kind);
  if (!learning_) ++occurrences_[k];
  auto& map = placeholders_[k];
  auto it = map.find(key);
  if (it == map.end()) it = map.emplace(key, make(map.size() + 1, value)).first;
  return it->second;
}

// Decimal and hex serials are keyed by their numeric value, so the same id written in either
// base gets the same number back, in the base, case and width it was written in. Every serial
// becomes known (learned) and is found bare from then on.
std::string Redactor::SerialPlaceholder(std::string_view value, bool hex_digits) {
  std::string_view prefix;
  std::string_view digits = value;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    prefix = digits.substr(0, 2);
    digits.remove_prefix(2);
    hex_digits = true;
  }
  const bool all_dec = !digits.empty() && std::all_of(digits.begin(), digits.end(), IsDigit);
  const bool hex = !all_dec || hex_digits;
  std::uint64_t number = 0;
  if (ParseNumber(digits, hex, number)) {
    const bool upper =
        std::any_of(digits.begin(), digits.end(), [](char c) { return c >= 'A' && c <= 'F'; });
    const auto k = static_cast<std::size_t>(RedactionKind::kSerial);
    if (!learning_) ++occurrences_[k];
    if (number >= kMinLearnedNumber && digits.size() >= kMinLearned) {
      learned_numbers_.insert(number);
    }
    auto& map = placeholders_[k];
    const std::string key = "n:" + std::to_string(number);
    auto it = map.find(key);
    if (it == map.end()) it = map.emplace(key, std::to_string(map.size() + 1)).first;
    const std::uint64_t index = std::stoull(it->second);
    return std::string(prefix) + Padded(index, digits.size(), hex, upper);
  }
  if (value.size() >= kMinLearned) learned_strings_.emplace(value);
  return Placeholder(RedactionKind::kSerial, "s:" + std::string(value), OtherSerialPlaceholder,
                     value);
}

std::string Redactor::ValuePlaceholder(std::string_view value) {
  if (value.size() == 36 && IsUuidAt(value, 0)) {
    return Placeholder(RedactionKind::kUuid, Lower(value), UuidPlaceholder, value);
  }
  // rocminfo's "Uuid: GPU-<unique_id in hex>", as in HIP_VISIBLE_DEVICES.
  if (value.size() > 4 && value.substr(0, 4) == "GPU-" &&
      std::all_of(value.begin() + 4, value.end(), IsHex)) {
    return "GPU-" + SerialPlaceholder(value.substr(4), true);
  }
  // A PCIe Device Serial Number as lspci prints it: 8 hex bytes joined by '-', most significant
  // first. One number, so the same serial elsewhere in hex gets the same placeholder.
  if (value.size() == 23) {
    std::string digits;
    bool pairs = true;
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i % 3 == 2) {
        pairs = pairs && value[i] == '-';
      } else {
        pairs = pairs && IsHex(value[i]);
        digits += value[i];
      }
    }
    if (pairs) {
      const std::string placeholder = SerialPlaceholder(digits, true);
      std::string out;
      for (std::size_t i = 0; i < placeholder.size(); i += 2) {
        if (i > 0) out += '-';
        out += placeholder.substr(i, 2);
      }
      return out;
    }
  }
  return SerialPlaceholder(value, false);
}

bool Redactor::MatchAt(std::string_view text, std::size_t at, bool addresses, Match& match) {
  const char c = text[at];
  if (IsAlnum(c) && MatchKeyValue(text, at, match)) return true;
  if (c == 'G' && MatchGpuId(text, at, match)) return true;
  if (MatchKnownName(text, at, match)) return true;
  if (c == '/' && (MatchHomePath(text, at, match) || MatchJournalPath(text, at, match))) {
    return true;
  }
  if (!IsHex(c) && c != ':' && !IsAlnum(c)) return false;
  if (MatchUuid(text, at, match)) return true;
  if (IsAlnum(c) && MatchLearned(text, at, match)) return true;
  return addresses &&
         (MatchMac(text, at, match) || MatchIpv6(text, at, match) || MatchIpv4(text, at, match));
}

std::string Redactor::Replace(std::string_view text, bool same_length, bool addresses) {
  std::string out;
  out.reserve(text.size());
  Match match;
  for (std::size_t at = 0; at < text.size();) {
    if (MatchAt(text, at, addresses, match)) {
      if (same_length) match.replacement.resize(match.length, '_');
      out += match.replacement;
      at += match.length;
    } else {
      out += text[at++];
    }
  }
  return out;
}

std::string Redactor::Text(std::string_view text) { return Replace(text, false); }

std::string Redactor::SameLength(std::string_view bytes) { return Replace(bytes, true); }

std::string Redactor::File(std::string_view path, std::string_view content) {
  const std::string_view name = BaseName(path);
  for (const WholeFile& rule : kWholeFiles) {
    if (name != rule.name) continue;
    const std::string_view value = TrimRight(content);
    if (value.empty() || value.size() > kMaxValue ||
        std::all_of(value.begin(), value.end(), [](char c) { return c == '0'; })) {
      break;
    }
    std::string out;
    if (rule.kind == RedactionKind::kUuid && IsUuidAt(value, 0) && value.size() == 36) {
      out = Placeholder(RedactionKind::kUuid, Lower(value), UuidPlaceholder, value);
    } else {
      out = SerialPlaceholder(value, rule.hex_digits);
    }
    return out + std::string(content.substr(value.size()));
  }
  const bool versions = path == "/var/lib/dpkg/status" || name == "METADATA" ||
                        name == "PKG-INFO" || name == "version" || name == "version.py";
  return Replace(content, false, !versions);
}

void Redactor::Learn(std::string_view text) {
  learning_ = true;
  Replace(text, false);
  learning_ = false;
}

void Redactor::LearnFile(std::string_view path, std::string_view content) {
  learning_ = true;
  File(path, content);
  learning_ = false;
}

std::vector<Redactor::Removed> Redactor::Summary() const {
  std::vector<Removed> out;
  for (std::size_t k = 0; k < kKinds; ++k) {
    if (occurrences_[k] == 0) continue;
    out.push_back({static_cast<RedactionKind>(k), placeholders_[k].size(), occurrences_[k]});
  }
  return out;
}

std::size_t Redactor::Occurrences() const {
  std::size_t total = 0;
  for (std::size_t count : occurrences_) total += count;
  return total;
}

}  // namespace rocm_doctor
