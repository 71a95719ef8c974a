// SPDX-License-Identifier: MIT
#include "knowledge/env_parse.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include "base/text_parse.h"

namespace rocm_doctor {

std::string GfxVersion::Target() const {
  if (major == 0 || minor > 15 || stepping > 15) return "";
  char buf[24];
  std::snprintf(buf, sizeof buf, "gfx%u%x%x", major, minor, stepping);
  return buf;
}

std::string GfxVersion::Text() const {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(stepping);
}

namespace env_parse {
namespace {

bool IsSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// One "%u" conversion: skips white space, takes an optional sign and at least one digit. A
// negative number wraps as strtoul does; beyond 32 bits it saturates (both are rejected later by
// the range checks, which is all the caller needs).
std::optional<std::uint64_t> ScanUnsigned(std::string_view text, std::size_t& pos) {
  while (pos < text.size() && IsSpace(text[pos])) ++pos;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    negative = text[pos] == '-';
    ++pos;
  }
  if (pos >= text.size() || !IsDigit(text[pos])) return std::nullopt;
  std::uint64_t value = 0;
  while (pos < text.size() && IsDigit(text[pos])) {
    value = std::min<std::uint64_t>(value * 10 + static_cast<std::uint64_t>(text[pos] - '0'),
                                    0xffffffffffULL);
    ++pos;
  }
  if (negative && value != 0) value = 0x100000000ULL - std::min<std::uint64_t>(value, 0xffffffff);
  return value;
}

std::string Upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> SplitCommas(std::string_view value) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = value.find(',', start);
    out.push_back(value.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string_view TrimSpaces(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

// "GPU-%016lX" as ROCr prints unique_id; a GPU without one gets a string no token can match.
std::string UuidString(std::uint64_t unique_id) {
  if (unique_id == 0) return "Invalid-UUID";
  char buf[32];
  std::snprintf(buf, sizeof buf, "GPU-%016llX", static_cast<unsigned long long>(unique_id));
  return buf;
}

// ProcessUuidToken: 5..20 characters, a prefix of exactly one GPU's UUID string.
std::optional<std::size_t> MatchUuid(const std::string& token,
                                     std::span<const std::uint64_t> unique_ids, std::string& why) {
  if (token.size() < 5 || token.size() > 20) {
    why = "not a GPU-<16 hex digits> UUID";
    return std::nullopt;
  }
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < unique_ids.size(); ++i) {
    std::string uuid = UuidString(unique_ids[i]);
    if (token.size() > uuid.size() || uuid.compare(0, token.size(), token) != 0) continue;
    if (found) {
      why = "matches more than one GPU's UUID";
      return std::nullopt;
    }
    found = i;
  }
  if (!found) {
    bool any_uuid =
        std::any_of(unique_ids.begin(), unique_ids.end(), [](std::uint64_t id) { return id != 0; });
    why = any_uuid ? "matches no GPU's UUID"
                   : "matches no GPU's UUID (these GPUs report unique_id 0: UUIDs cannot "
                     "select them)";
  }
  return found;
}

void Stop(Selection& out, std::string_view token, std::string why, std::size_t index) {
  out.stopped_at = std::string(token);
  out.why = std::move(why);
  out.unused = out.tokens - index;
}

}  // namespace

Result<GfxVersion> ParseGfxVersion(std::string_view value) {
  if (value.empty()) return Error{"empty (libhsakmt needs major.minor.stepping)"};
  std::size_t pos = 0;
  std::uint64_t parts[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (pos >= value.size() || value[pos] != '.') {
        return Error{"not major.minor.stepping (three numbers separated by dots)"};
      }
      ++pos;
    }
    auto number = ScanUnsigned(value, pos);
    if (!number) return Error{"not major.minor.stepping (three numbers separated by dots)"};
    parts[i] = *number;
  }
  if (pos != value.size()) {
    return Error{"text after major.minor.stepping (\"" + parse::Printable(value.substr(pos), 20) +
                 "\"); libhsakmt rejects it"};
  }
  if (parts[0] > 63 || parts[1] > 255 || parts[2] > 255) {
    return Error{"out of range (major <= 63, minor and stepping <= 255)"};
  }
  return GfxVersion{static_cast<unsigned>(parts[0]), static_cast<unsigned>(parts[1]),
                    static_cast<unsigned>(parts[2])};
}

std::optional<int> OverrideNode(std::string_view name) {
  constexpr std::string_view kPrefix = "HSA_OVERRIDE_GFX_VERSION_";
  if (!parse::StartsWith(name, kPrefix)) return std::nullopt;
  std::string_view digits = name.substr(kPrefix.size());
  if (digits.empty() || digits.size() > 6) return std::nullopt;
  // "%d" never prints a leading zero or sign, so "_01" is a name libhsakmt never looks up.
  if (digits.size() > 1 && digits[0] == '0') return std::nullopt;
  int node = 0;
  for (char c : digits) {
    if (!IsDigit(c)) return std::nullopt;
    node = node * 10 + (c - '0');
  }
  return node;
}

std::string GfxFamily(unsigned major, unsigned minor) {
  if (major == 9 || major == 10) return "gfx" + std::to_string(major) + "." + std::to_string(minor);
  return "gfx" + std::to_string(major);
}

std::optional<GfxVersion> GfxVersionOf(std::string_view gfx) {
  if (!parse::StartsWith(gfx, "gfx") || gfx.size() < 6 || gfx.size() > 7) return std::nullopt;
  std::string_view digits = gfx.substr(3);
  std::string_view major_text = digits.substr(0, digits.size() - 2);
  unsigned major = 0;
  for (char c : major_text) {
    if (!IsDigit(c)) return std::nullopt;
    major = major * 10 + static_cast<unsigned>(c - '0');
  }
  auto hex = [](char c) -> std::optional<unsigned> {
    if (IsDigit(c)) return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    return std::nullopt;
  };
  auto minor = hex(digits[digits.size() - 2]);
  auto stepping = hex(digits[digits.size() - 1]);
  if (major == 0 || !minor || !stepping) return std::nullopt;
  return GfxVersion{major, *minor, *stepping};
}

std::string GfxFamilyOf(std::string_view gfx) {
  auto version = GfxVersionOf(gfx);
  return version ? GfxFamily(version->major, version->minor) : "";
}

bool RocrKnowsIsa(std::string_view gfx) {
  // isa.cpp at ROCR-Runtime c7785a6d (failure-modes.md "Key facts"), plus gfx950 (ROCm 7.0).
  static const std::set<std::string_view> kKnown = {
      "gfx700",  "gfx701",  "gfx702",  "gfx801",  "gfx802",  "gfx803",  "gfx805",  "gfx810",
      "gfx900",  "gfx902",  "gfx904",  "gfx906",  "gfx908",  "gfx909",  "gfx90a",  "gfx90c",
      "gfx940",  "gfx941",  "gfx942",  "gfx950",  "gfx1010", "gfx1011", "gfx1012", "gfx1013",
      "gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036", "gfx1100",
      "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1200", "gfx1201"};
  return kKnown.count(gfx) != 0;
}

std::uint32_t VgprBytesPerCu(std::string_view gfx) {
  if (gfx == "gfx908" || gfx == "gfx90a" || parse::StartsWith(gfx, "gfx94")) return 0x80000;
  if (gfx == "gfx1100" || gfx == "gfx1101" || gfx == "gfx1200" || gfx == "gfx1201") {
    return 0x60000;
  }
  return 0x40000;
}

HipPlatform ParseHipPlatform(std::string_view value) {
  if (value == "amd" || value == "hcc" || value == "rocclr") return HipPlatform::kAmd;
  if (value == "nvidia" || value == "nvcc") return HipPlatform::kNvidia;
  return HipPlatform::kOther;
}

Selection SelectRocr(std::string_view value, std::span<const std::uint64_t> unique_ids) {
  Selection out;
  if (value.empty()) return out;  // SelectZeroDevices
  std::vector<std::string_view> tokens = SplitCommas(value);
  out.tokens = tokens.size();
  std::size_t limit = std::min(tokens.size(), unique_ids.size());
  std::set<std::size_t> seen;
  for (std::size_t i = 0; i < limit; ++i) {
    std::string token = Upper(TrimSpaces(tokens[i]));
    std::optional<std::size_t> device;
    std::string why;
    if (token.empty()) {
      Stop(out, tokens[i], "empty token", i);
      return out;
    }
    if (token[0] == 'G') {
      device = MatchUuid(token, unique_ids, why);
    } else {
      // strtol(token, &end, 0): optional sign, then 0x.. hex, 0.. octal or decimal.
      std::string_view t = token;
      bool negative = false;
      if (t[0] == '+' || t[0] == '-') {
        negative = t[0] == '-';
        t.remove_prefix(1);
      }
      int base = 10;
      if (t.size() > 2 && t[0] == '0' && t[1] == 'X') {
        base = 16;
        t.remove_prefix(2);
      } else if (t.size() > 1 && t[0] == '0') {
        base = 8;
        t.remove_prefix(1);
      }
      std::uint64_t number = 0;
      bool ok = !t.empty();
      for (char c : t) {
        unsigned digit = IsDigit(c)               ? static_cast<unsigned>(c - '0')
                         : (c >= 'A' && c <= 'F') ? static_cast<unsigned>(c - 'A' + 10)
                                                  : 99;
        if (digit >= static_cast<unsigned>(base)) {
          ok = false;
          break;
        }
        number = std::min<std::uint64_t>(number * static_cast<unsigned>(base) + digit, 1u << 30);
      }
      if (!ok) {
        why = "not a device index or GPU-<uuid>";
      } else if (negative && number != 0) {
        why = "negative index";
      } else if (number >= unique_ids.size()) {
        why = "index out of range (" + std::to_string(unique_ids.size()) +
              (unique_ids.size() == 1 ? " GPU)" : " GPUs)");
      } else {
        device = static_cast<std::size_t>(number);
      }
    }
    if (!device) {
      Stop(out, tokens[i], why, i);
      return out;
    }
    if (!seen.insert(*device).second) {
      Stop(out, tokens[i], "repeats an earlier device (ROCr ends the list there)", i);
      return out;
    }
    out.selected.push_back(*device);
  }
  if (tokens.size() > limit) {
    out.stopped_at = std::string(tokens[limit]);
    out.why = "more tokens than GPUs (ROCr reads only the first " + std::to_string(limit) + ")";
    out.unused = tokens.size() - limit;
  }
  return out;
}

Selection SelectHip(std::string_view value, std::span<const std::uint64_t> unique_ids) {
  Selection out;
  std::vector<std::string_view> tokens = SplitCommas(value);
  out.tokens = tokens.size();
  std::set<std::size_t> seen;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    std::string_view token = tokens[i];
    std::optional<std::size_t> device;
    std::string why;
    if (parse::StartsWith(token, "GPU-") || parse::StartsWith(token, "gpu-")) {
      device = MatchUuid(Upper(token), unique_ids, why);
    } else if (token.empty()) {
      why = "empty token";
    } else if (token[0] == '-' && token.size() > 1 &&
               std::all_of(token.begin() + 1, token.end(), IsDigit)) {
      why = "negative index";
    } else if (!std::all_of(token.begin(), token.end(), IsDigit) || token.size() > 9) {
      why = "not a device index";
    } else {
      std::size_t number = 0;
      for (char c : token) number = number * 10 + static_cast<std::size_t>(c - '0');
      if (number >= unique_ids.size()) {
        why = "index out of range (" + std::to_string(unique_ids.size()) +
              (unique_ids.size() == 1 ? " GPU" : " GPUs") + " visible to HIP)";
      } else {
        device = number;
      }
    }
    if (!device) {
      Stop(out, token, why, i);
      return out;
    }
    if (seen.insert(*device).second) out.selected.push_back(*device);
  }
  return out;
}

bool Visibility::AnyVariableSet() const {
  return rocr_selection.has_value() || hip_selection.has_value() || ordinal_selection.has_value();
}

Visibility ResolveVisibility(const RuntimeEnvFacts& env,
                             std::span<const std::uint64_t> unique_ids) {
  Visibility out;
  if (env.rocr_visible_devices) {
    out.rocr_selection = SelectRocr(env.rocr_visible_devices->value, unique_ids);
    out.rocr = out.rocr_selection->selected;
  } else {
    for (std::size_t i = 0; i < unique_ids.size(); ++i) out.rocr.push_back(i);
  }
  std::vector<std::uint64_t> rocr_ids;
  for (std::size_t i : out.rocr) rocr_ids.push_back(unique_ids[i]);
  auto to_kfd = [&](const Selection& s) {
    std::vector<std::size_t> kfd;
    for (std::size_t i : s.selected) kfd.push_back(out.rocr[i]);
    return kfd;
  };

  // rocdevice.cpp: HIP_VISIBLE_DEVICES when it is non-empty, else CUDA_VISIBLE_DEVICES.
  const std::optional<EnvSetting>* hip = nullptr;
  if (env.hip_visible_devices && !env.hip_visible_devices->value.empty()) {
    hip = &env.hip_visible_devices;
  } else if (env.cuda_visible_devices && !env.cuda_visible_devices->value.empty()) {
    hip = &env.cuda_visible_devices;
  }
  if (hip != nullptr) {
    out.hip_variable = (*hip)->name;
    out.hip_value = (*hip)->value;
    out.hip_selection = SelectHip((*hip)->value, rocr_ids);
    out.hip = to_kfd(*out.hip_selection);
  } else {
    out.hip = out.rocr;
  }
  if (env.gpu_device_ordinal && !env.gpu_device_ordinal->value.empty()) {
    out.ordinal_selection = SelectHip(env.gpu_device_ordinal->value, rocr_ids);
    out.ordinal = to_kfd(*out.ordinal_selection);
  }
  return out;
}

}  // namespace env_parse
}  // namespace rocm_doctor
