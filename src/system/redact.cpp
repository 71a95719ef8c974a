#include "system/redact.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

namespace rocm_doctor {
namespace {

constexpr std::size_t kKinds = 7;
constexpr std::size_t kMaxValue = 128;  // longer "values" after a key are prose, not ids

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHex(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool IsAlnum(char c) { return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsNameChar(char c) { return IsAlnum(c) || c == '_' || c == '-'; }
char LowerChar(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = LowerChar(c);
  return out;
}

char At(std::string_view text, std::size_t i) { return i < text.size() ? text[i] : '\0'; }
char Before(std::string_view text, std::size_t at) { return at == 0 ? '\0' : text[at - 1]; }

bool StartsWithNoCase(std::string_view text, std::size_t at, std::string_view word) {
  if (text.size() - at < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (LowerChar(text[at + i]) != word[i]) return false;
  }
  return true;
}

// Accounts that exist on every machine of a kind, and words of this domain that a user name
// could collide with: replacing "rocm" or "render" everywhere would destroy the diagnosis, and
// they identify nobody.
constexpr std::string_view kCommonNames[] = {
    "root",   "daemon", "bin",      "sys",       "sync",   "games",  "man",     "lp",
    "mail",   "news",   "uucp",     "proxy",     "www-data", "backup", "list",  "irc",
    "gnats",  "nobody", "nogroup",  "messagebus", "sshd",  "_apt",   "render",  "video",
    "users",  "ubuntu", "debian",   "admin",     "user",   "ec2-user", "centos", "fedora",
    "rocky",  "cloud-user", "azureuser", "opc",  "pi",     "vagrant", "docker", "runner",
    "jenkins", "guest", "test",     "amd",       "amdgpu", "rocm",   "gpu",     "hip",
    "cuda",   "nvidia", "linux",    "kernel",    "opt",    "usr",    "lib",     "home",
    "proc",   "dev",    "etc",      "python",    "torch",  "conda",  "localhost", "none"};

bool IsCommonName(std::string_view name) {
  if (name.size() < 3) return true;
  const std::string lower = Lower(name);
  if (lower.rfind("systemd-", 0) == 0) return true;
  return std::find(std::begin(kCommonNames), std::end(kCommonNames), lower) !=
         std::end(kCommonNames);
}

// Keys whose value is a serial number or unique id, in "key value", "key: value", "key=value"
// and JSON ("key": "value", also escaped inside a JSON string) form. Longest first.
constexpr std::string_view kSerialKeys[] = {
    "device serial number", "chassis_serial", "product_serial", "serial_number",
    "serial number",        "board_serial",   "serialnumber",   "product_uuid",
    "unique_id",            "serial",         "uuid"};

constexpr std::string_view kPlaceholderValues[] = {"null", "true",  "false",   "none", "n/a",
                                                   "na",   "(null)", "unknown", "not"};

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

std::string Padded(std::uint64_t number, std::size_t width, bool hex, bool upper) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, hex ? (upper ? "%llX" : "%llx") : "%llu",
                static_cast<unsigned long long>(number));
  std::string digits = buffer;
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return digits;
}

bool IsUuidAt(std::string_view text, std::size_t at) {
  if (text.size() - at < 36) return false;
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

std::string HostPlaceholder(std::size_t index, std::string_view) {
  return "host" + std::to_string(index);
}

std::string UserPlaceholderText(std::size_t index, std::string_view) {
  return "user" + std::to_string(index);
}

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
    case RedactionKind::kHostname: return "hostname";
    case RedactionKind::kUserName: return "user name";
    case RedactionKind::kSerial: return "serial number";
    case RedactionKind::kUuid: return "UUID";
    case RedactionKind::kMac: return "MAC address";
    case RedactionKind::kIpv4: return "IPv4 address";
    case RedactionKind::kIpv6: return "IPv6 address";
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
  for (std::string& host : known.hostnames) {
    const std::string_view trimmed = TrimRight(host);
    if (trimmed.empty() || trimmed == "localhost") continue;
    hostnames_.emplace_back(trimmed);
    const std::size_t dot = trimmed.find('.');
    if (dot != std::string_view::npos && dot > 0) hostnames_.emplace_back(trimmed.substr(0, dot));
  }
  for (std::string& name : known.user_names) {
    if (!IsCommonName(name)) user_names_.push_back(std::move(name));
  }
  const auto longest_first = [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() > b.size() : a < b;
  };
  for (auto* list : {&hostnames_, &user_names_}) {
    std::sort(list->begin(), list->end(), longest_first);
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
}

std::string Redactor::Placeholder(RedactionKind kind, const std::string& key,
                                  std::string (*make)(std::size_t, std::string_view),
                                  std::string_view value) {
  const auto k = static_cast<std::size_t>(kind);
  ++occurrences_[k];
  auto& map = placeholders_[k];
  auto it = map.find(key);
  if (it == map.end()) it = map.emplace(key, make(map.size() + 1, value)).first;
  return it->second;
}

std::string Redactor::UserPlaceholder(std::string_view name) {
  return Placeholder(RedactionKind::kUserName, std::string(name), UserPlaceholderText, name);
}

// Decimal and hex serials are keyed by their numeric value, so the same id written in either
// base gets the same number back, in the base and width it was written in.
std::string Redactor::SerialPlaceholder(std::string_view value, bool hex_digits) {
  std::string_view prefix;
  std::string_view digits = value;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    prefix = digits.substr(0, 2);
    digits.remove_prefix(2);
    hex_digits = true;
  }
  const bool all_dec = !digits.empty() && std::all_of(digits.begin(), digits.end(), IsDigit);
  const bool all_hex = !digits.empty() && std::all_of(digits.begin(), digits.end(), IsHex);
  const bool hex = all_hex && (hex_digits || !all_dec);
  if ((all_dec || all_hex) && digits.size() <= (hex ? 16u : 19u)) {
    std::uint64_t number = 0;
    for (char c : digits) {
      const int d = IsDigit(c) ? c - '0' : LowerChar(c) - 'a' + 10;
      number = number * (hex ? 16 : 10) + static_cast<std::uint64_t>(d);
    }
    const bool upper = std::any_of(digits.begin(), digits.end(),
                                   [](char c) { return c >= 'A' && c <= 'F'; });
    const std::size_t width = digits.size();
    const auto k = static_cast<std::size_t>(RedactionKind::kSerial);
    ++occurrences_[k];
    auto& map = placeholders_[k];
    const std::string key = "n:" + std::to_string(number);
    auto it = map.find(key);
    if (it == map.end()) it = map.emplace(key, std::to_string(map.size() + 1)).first;
    const std::uint64_t index = std::stoull(it->second);
    return std::string(prefix) + Padded(index, width, hex, upper);
  }
  return Placeholder(RedactionKind::kSerial, "s:" + std::string(value), OtherSerialPlaceholder,
                     value);
}

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
    const std::string_view value = text.substr(start, pos - start);
    if (value.empty() || value.size() > kMaxValue) return false;
    const std::string lower = Lower(value);
    if (std::find(std::begin(kPlaceholderValues), std::end(kPlaceholderValues), lower) !=
            std::end(kPlaceholderValues) ||
        std::all_of(value.begin(), value.end(), [](char c) { return c == '0'; })) {
      return false;
    }
    match.length = pos - at;
    match.replacement = std::string(text.substr(at, start - at));
    if (value.size() == 36 && IsUuidAt(value, 0)) {
      match.replacement += Placeholder(RedactionKind::kUuid, lower, UuidPlaceholder, value);
    } else {
      match.replacement += SerialPlaceholder(value, false);
    }
    return true;
  }
  return false;
}

bool Redactor::MatchKnownName(std::string_view text, std::size_t at, Match& match) {
  if (IsNameChar(Before(text, at))) return false;
  const auto try_list = [&](const std::vector<std::string>& names, RedactionKind kind,
                            std::string (*make)(std::size_t, std::string_view)) {
    for (const std::string& name : names) {
      if (text.compare(at, name.size(), name) != 0) continue;
      if (IsNameChar(At(text, at + name.size()))) continue;
      match.length = name.size();
      match.replacement = Placeholder(kind, name, make, name);
      return true;
    }
    return false;
  };
  return try_list(hostnames_, RedactionKind::kHostname, HostPlaceholder) ||
         try_list(user_names_, RedactionKind::kUserName, UserPlaceholderText);
}

// "/home/<name>": the name of whoever's home it is, known or not.
bool Redactor::MatchHomePath(std::string_view text, std::size_t at, Match& match) {
  constexpr std::string_view kHome = "/home/";
  if (text.compare(at, kHome.size(), kHome) != 0) return false;
  std::size_t pos = at + kHome.size();
  const std::size_t start = pos;
  while (pos < text.size() && pos - start <= 64) {
    const char c = text[pos];
    if (static_cast<unsigned char>(c) <= ' ' || c == '/' || c == '"' || c == '\'' || c == ':' ||
        c == ';' || c == ',' || c == '\\' || c == ')' || c == ']' || c == '}' || c == 0x7f) {
      break;
    }
    ++pos;
  }
  const std::string_view name = text.substr(start, pos - start);
  if (name.empty() || name.size() > 64 || IsCommonName(name)) return false;
  match.length = pos - at;
  match.replacement = std::string(kHome) + UserPlaceholder(name);
  return true;
}

bool Redactor::MatchUuid(std::string_view text, std::size_t at, Match& match) {
  if (IsAlnum(Before(text, at)) || !IsUuidAt(text, at) || IsAlnum(At(text, at + 36))) return false;
  const std::string_view value = text.substr(at, 36);
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
  if (IsNameChar(before) || before == '.') return false;
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
  // Unspecified, loopback and broadcast addresses identify nobody.
  if (octets[0] == 0 || octets[0] == 127 ||
      (octets[0] == 255 && octets[1] == 255 && octets[2] == 255 && octets[3] == 255)) {
    return false;
  }
  const std::string_view value = text.substr(at, pos - at);
  match.length = value.size();
  match.replacement = Placeholder(RedactionKind::kIpv4, std::string(value), Ipv4Placeholder, value);
  return true;
}

bool Redactor::MatchAt(std::string_view text, std::size_t at, bool addresses, Match& match) {
  const char c = text[at];
  if (IsAlnum(c) && MatchKeyValue(text, at, match)) return true;
  if (MatchKnownName(text, at, match)) return true;
  if (c == '/' && MatchHomePath(text, at, match)) return true;
  if (!IsHex(c) && c != ':' && !IsDigit(c)) return false;
  if (MatchUuid(text, at, match)) return true;
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
