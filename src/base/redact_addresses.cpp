// SPDX-License-Identifier: MIT
// The redactor's patterns for values with a shape of their own: UUIDs, MAC, IPv4 and IPv6
// addresses (src/base/redact.h).
#include <algorithm>

#include "base/redact.h"
#include "base/redact_chars.h"

namespace rocm_doctor {
namespace {

using namespace redact_detail;

std::string MacPlaceholder(std::size_t index, std::string_view value) {
  const char sep = value.size() > 2 ? value[2] : ':';
  const std::string low = Padded(index & 0xFFFF, 4, true, false);
  std::string out = "02:00:00:00:" + low.substr(0, 2) + ":" + low.substr(2, 2);
  std::replace(out.begin(), out.end(), ':', sep);
  return out;
}

// RFC 5737 documentation ranges, 254 addresses each.
std::string Ipv4Placeholder(std::size_t index, std::string_view) {
  static constexpr const char* kNets[] = {"192.0.2.", "198.51.100.", "203.0.113."};
  const std::size_t net = ((index - 1) / 254) % 3;
  return kNets[net] + std::to_string((index - 1) % 254 + 1);
}

// RFC 3849 documentation prefix.
std::string Ipv6Placeholder(std::size_t index, std::string_view) {
  return "2001:db8::" + Padded(index, 1, true, false);
}

// A dotted quad at `at` that is a Debian package version by its context, as package relations
// print them in a dpkg status file, apt output or a report quoting either: after an epoch
// ("zlib1g (>= 1:1.2.2.3)", "libxi6 (>= 2:1.2.99.4)") or after a relation operator
// ("libva2 (<< 2.17.0.1)"). An address is never written after "N:" alone (a port follows an
// address, never precedes it) nor after "(>= ".
bool IsDebianVersionAt(std::string_view text, std::size_t at) {
  std::size_t pos = at;
  if (Before(text, pos) == ':') {
    std::size_t digits = 0;
    while (pos - 1 > digits && IsDigit(text[pos - 2 - digits])) ++digits;
    if (digits > 0 && digits <= 2) {
      const char lead = Before(text, pos - 1 - digits);
      if (lead == ' ' || lead == '(' || lead == '=' || lead == '\t' || lead == '\0') return true;
    }
  }
  while (pos > 0 && text[pos - 1] == ' ') --pos;
  for (std::string_view op : {"(>=", "(<=", "(<<", "(>>", "(="}) {
    if (pos >= op.size() && text.substr(pos - op.size(), op.size()) == op) return true;
  }
  return false;
}

}  // namespace

bool Redactor::MatchUuid(std::string_view text, std::size_t at, Match& match) {
  if (IsAlnum(Before(text, at)) || !IsUuidAt(text, at) || IsAlnum(At(text, at + 36))) return false;
  const std::string_view value = text.substr(at, 36);
  // The nil and max UUIDs (RFC 9562) name nothing: ext4 prints the nil one for a file system
  // made without a UUID ("mounted filesystem 00000000-0000-0000-0000-000000000000").
  const auto all = [&](char digit) {
    return std::all_of(value.begin(), value.end(),
                       [&](char c) { return c == '-' || LowerChar(c) == digit; });
  };
  if (all('0') || all('f')) return false;
  match.length = 36;
  match.replacement = Placeholder(RedactionKind::kUuid, Lower(value), UuidPlaceholder, value);
  return true;
}

bool Redactor::MatchMac(std::string_view text, std::size_t at, Match& match) {
  const auto bad_neighbour = [](char c) { return IsAlnum(c) || c == ':' || c == '-'; };
  if (bad_neighbour(Before(text, at)) || text.size() - at < 17) return false;
  const char sep = text[at + 2];
  if (sep != ':' && sep != '-') return false;
  for (std::size_t i = 0; i < 17; ++i) {
    const char c = text[at + i];
    if (i % 3 == 2 ? c != sep : !IsHex(c)) return false;
  }
  if (bad_neighbour(At(text, at + 17))) return false;
  const std::string value = Lower(text.substr(at, 17));
  std::string plain = value;
  std::replace(plain.begin(), plain.end(), '-', ':');
  if (plain == "00:00:00:00:00:00" || plain == "ff:ff:ff:ff:ff:ff") return false;
  match.length = 17;
  match.replacement = Placeholder(RedactionKind::kMac, plain, MacPlaceholder, value);
  return true;
}

bool Redactor::MatchIpv6(std::string_view text, std::size_t at, Match& match) {
  const char before = Before(text, at);
  if (IsNameChar(before) || before == ':' || before == '.') return false;
  std::size_t pos = at;
  while (pos < text.size() && pos - at < 40 && (IsHex(text[pos]) || text[pos] == ':')) ++pos;
  const char after = At(text, pos);
  if (IsNameChar(after) || after == ':' || (after == '.' && IsDigit(At(text, pos + 1)))) {
    return false;
  }
  const std::string_view value = text.substr(at, pos - at);
  if (value.size() < 3 || value == "::1" || value.find(":::") != std::string_view::npos) {
    return false;
  }
  // The documentation prefix (RFC 3849) is where the placeholders come from: a value already in
  // it identifies nothing, and replacing it could turn it into another value's placeholder.
  if (StartsWithNoCase(value, 0, "2001:db8:")) return false;
  const std::size_t compressed = value.find("::");
  if (compressed != std::string_view::npos &&
      value.find("::", compressed + 1) != std::string_view::npos) {
    return false;
  }
  // Groups of 1 to 4 hex digits: 8 of them, or fewer around one "::".
  std::size_t groups = 0;
  std::size_t colons = 0;
  std::size_t run = 0;
  std::size_t hex_digits = 0;
  for (std::size_t i = 0; i <= value.size(); ++i) {
    if (i == value.size() || value[i] == ':') {
      if (run > 4) return false;
      if (run > 0) ++groups;
      if (i < value.size()) ++colons;
      run = 0;
    } else {
      ++run;
      ++hex_digits;
    }
  }
  // "a::b" in C++ text is not an address; every real one has more digits than that.
  if (colons < 2 || groups < 2 || hex_digits < 4) return false;
  if (compressed == std::string_view::npos) {
    if (groups != 8 || value.front() == ':' || value.back() == ':') return false;
  } else if (groups > 7) {
    return false;
  }
  match.length = value.size();
  match.replacement = Placeholder(RedactionKind::kIpv6, Lower(value), Ipv6Placeholder, value);
  return true;
}

bool Redactor::MatchIpv4(std::string_view text, std::size_t at, Match& match) {
  const char before = Before(text, at);
  if (IsNameChar(before) || before == '.' || IsDebianVersionAt(text, at)) return false;
  std::size_t pos = at;
  unsigned octets[4] = {};
  for (int i = 0; i < 4; ++i) {
    if (i > 0) {
      if (At(text, pos) != '.') return false;
      ++pos;
    }
    std::size_t digits = 0;
    unsigned value = 0;
    while (digits < 4 && IsDigit(At(text, pos))) {
      value = value * 10 + static_cast<unsigned>(text[pos] - '0');
      ++pos;
      ++digits;
    }
    if (digits == 0 || digits > 3 || value > 255) return false;
    octets[i] = value;
  }
  const char after = At(text, pos);
  if (IsNameChar(after) || (after == '.' && IsDigit(At(text, pos + 1)))) return false;
  // "1.2.3.57+dfsg1-2+b4", "2.0.10.4+snapshot20181205-1~": Debian version characters after it.
  if (after == '+' || after == '~') return false;
  // Unspecified, loopback and broadcast addresses identify nobody; nor do the RFC 5737
  // documentation networks, where the placeholders come from (a value already there could
  // otherwise become another value's placeholder: "192.0.2.255" -> "192.0.2.2").
  if (octets[0] == 0 || octets[0] == 127 ||
      (octets[0] == 255 && octets[1] == 255 && octets[2] == 255 && octets[3] == 255) ||
      (octets[0] == 192 && octets[1] == 0 && octets[2] == 2) ||
      (octets[0] == 198 && octets[1] == 51 && octets[2] == 100) ||
      (octets[0] == 203 && octets[1] == 0 && octets[2] == 113)) {
    return false;
  }
  const std::string_view value = text.substr(at, pos - at);
  match.length = value.size();
  match.replacement = Placeholder(RedactionKind::kIpv4, std::string(value), Ipv4Placeholder, value);
  return true;
}

}  // namespace rocm_doctor
