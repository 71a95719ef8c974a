// SPDX-License-Identifier: MIT
#include "collect/rocm/rocm_version_parse.h"

#include <cstdint>
#include <vector>

#include "base/text_parse.h"

namespace rocm_doctor::rocm_parse {
namespace {

// Version components longer than this are not versions (and would overflow).
constexpr std::size_t kMaxComponentDigits = 9;
constexpr std::size_t kMaxComponents = 6;

bool AllDigits(std::string_view text) {
  if (text.empty() || text.size() > kMaxComponentDigits) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// "6.2.60200" -> {"6","2","60200"}; nullopt unless 1..6 all-digit components.
std::optional<std::vector<std::string_view>> Components(std::string_view text) {
  std::vector<std::string_view> parts;
  while (true) {
    std::size_t dot = text.find('.');
    std::string_view part = text.substr(0, dot);
    if (!AllDigits(part) || parts.size() == kMaxComponents) return std::nullopt;
    parts.push_back(part);
    if (dot == std::string_view::npos) break;
    text.remove_prefix(dot + 1);
  }
  return parts;
}

std::uint64_t ToNumber(std::string_view digits) {
  std::uint64_t value = 0;
  for (char c : digits) value = value * 10 + static_cast<std::uint64_t>(c - '0');
  return value;
}

// The three-number release "X.Y.Z" (numbers normalised: "06" -> "6").
std::string Release(std::uint64_t major, std::uint64_t minor, std::uint64_t patch) {
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::optional<std::string> DefineValue(std::string_view header, std::string_view name) {
  for (std::string_view line : parse::Lines(header)) {
    std::vector<std::string_view> words = parse::SplitWhitespace(line);
    if (words.size() >= 3 && words[0] == "#define" && words[1] == name && AllDigits(words[2])) {
      return std::to_string(ToNumber(words[2]));
    }
  }
  return std::nullopt;
}

// "NAME=123" lines, as CMake's add_to_config writes HIP's bin/.hipVersion.
std::optional<std::string> AssignedValue(std::string_view text, std::string_view name) {
  for (std::string_view line : parse::Lines(text)) {
    line = parse::Trim(line);
    if (line.size() > name.size() && parse::StartsWith(line, name) && line[name.size()] == '=') {
      std::string_view value = parse::Trim(line.substr(name.size() + 1));
      if (AllDigits(value)) return std::to_string(ToNumber(value));
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> HipVersionFile(std::string_view text) {
  auto major = AssignedValue(text, "HIP_VERSION_MAJOR");
  auto minor = AssignedValue(text, "HIP_VERSION_MINOR");
  if (!major || !minor) return std::nullopt;
  std::string out = *major + "." + *minor;
  if (auto patch = AssignedValue(text, "HIP_VERSION_PATCH")) out += "." + *patch;
  return out;
}

std::optional<std::string> InfoVersion(std::string_view text) {
  text = parse::Trim(text);
  // The first line only; the build number after '-' is not part of the release.
  text = text.substr(0, text.find('\n'));
  text = parse::Trim(text);
  std::string_view release = text.substr(0, text.find('-'));
  auto parts = Components(release);
  if (!parts || parts->size() < 2 || parts->size() > 4) return std::nullopt;
  std::string out;
  for (std::string_view part : *parts) {
    if (!out.empty()) out += '.';
    out += std::to_string(ToNumber(part));
  }
  return out;
}

std::optional<std::string> DefinedVersion(std::string_view header, std::string_view prefix) {
  std::string base(prefix);
  auto major = DefineValue(header, base + "_MAJOR");
  auto minor = DefineValue(header, base + "_MINOR");
  if (!major || !minor) return std::nullopt;
  std::string out = *major + "." + *minor;
  if (auto patch = DefineValue(header, base + "_PATCH")) out += "." + *patch;
  return out;
}

std::optional<LibraryName> ParseLibraryName(std::string_view file_name, std::string_view stem) {
  std::string so = std::string(stem) + ".so";
  if (!parse::StartsWith(file_name, so)) return std::nullopt;
  std::string_view rest = file_name.substr(so.size());
  if (rest.empty()) return LibraryName{};
  if (rest.front() != '.') return std::nullopt;
  rest.remove_prefix(1);
  auto parts = Components(rest);
  if (!parts) return std::nullopt;
  LibraryName name;
  name.soname = so + "." + std::string((*parts)[0]);
  if (parts->size() > 1) name.version = std::string(rest);
  return name;
}

std::optional<std::string> ReleaseFromLibraryVersion(std::string_view version) {
  auto parts = Components(version);
  if (!parts || parts->size() < 2) return std::nullopt;
  std::uint64_t encoded = ToNumber(parts->back());
  std::uint64_t major = encoded / 10000;
  std::uint64_t minor = (encoded / 100) % 100;
  std::uint64_t patch = encoded % 100;
  // ROCm 3.5 (30500) is the first release with this scheme; 6-digit majors are not ROCm.
  if (encoded < 30500 || major > 99) return std::nullopt;
  // HIP's own library version repeats the release's major.minor in front: a mismatch means
  // the last component is something else (Debian's 5.2.21153 is a build number).
  if (parts->size() == 3 && (*parts)[0] != "1") {
    if (ToNumber((*parts)[0]) != major || ToNumber((*parts)[1]) != minor) return std::nullopt;
  }
  return Release(major, minor, patch);
}

std::optional<std::string> DebianUpstreamVersion(std::string_view version) {
  version = parse::Trim(version);
  std::size_t colon = version.find(':');
  if (colon != std::string_view::npos) version.remove_prefix(colon + 1);
  std::size_t end = version.find_first_of("-+~");
  std::string_view upstream = version.substr(0, end);
  auto parts = Components(upstream);
  if (!parts || parts->size() < 2) return std::nullopt;
  return std::string(upstream);
}

std::optional<std::string> MajorMinor(std::string_view version) {
  std::size_t first = version.find('.');
  if (first == std::string_view::npos) return std::nullopt;
  std::size_t second = version.find('.', first + 1);
  std::string_view head = version.substr(0, second);
  auto parts = Components(head);
  if (!parts || parts->size() != 2) return std::nullopt;
  return std::string(head);
}

}  // namespace rocm_doctor::rocm_parse
