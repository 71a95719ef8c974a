// SPDX-License-Identifier: MIT
#include "collect/python/python_parse.h"

#include <algorithm>
#include <cctype>

namespace rocm_doctor::python {
namespace {

std::string_view Trim(std::string_view text) {
  const char* space = " \t\r\n\f\v";
  const std::size_t begin = text.find_first_not_of(space);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(space) - begin + 1);
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

bool IsDigits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::vector<std::string_view> SplitDots(std::string_view s) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t dot = s.find('.');
    parts.push_back(s.substr(0, dot));
    if (dot == std::string_view::npos) break;
    s.remove_prefix(dot + 1);
  }
  return parts;
}

}  // namespace

std::map<std::string, std::string> ParsePyvenvCfg(std::string_view text) {
  std::map<std::string, std::string> out;
  for (std::string_view line : Lines(text)) {
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    std::string key(Trim(line.substr(0, eq)));
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (key.empty()) continue;
    out[key] = std::string(Trim(line.substr(eq + 1)));
  }
  return out;
}

std::vector<std::string> ParsePyenvVersions(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view line : Lines(text)) {
    line = Trim(line);
    if (line.empty() || line.front() == '#') continue;
    std::size_t pos = 0;
    while (pos < line.size()) {
      const std::size_t begin = line.find_first_not_of(" \t:", pos);
      if (begin == std::string_view::npos) break;
      const std::size_t end = line.find_first_of(" \t:", begin);
      std::string_view word = line.substr(begin, end == std::string_view::npos ? end : end - begin);
      // pyenv refuses names that would escape versions/ ("..", "/x").
      if (word.find('/') == std::string_view::npos && word != "." && word != "..") {
        out.emplace_back(word);
      }
      if (end == std::string_view::npos) break;
      pos = end;
    }
  }
  return out;
}

bool IsPyenvShim(std::string_view text) {
  if (text.substr(0, 2) != "#!") return false;
  return text.find("libexec/pyenv\" exec") != std::string_view::npos ||
         text.find("libexec/pyenv exec") != std::string_view::npos ||
         text.find("pyenv exec \"$program\"") != std::string_view::npos;
}

std::vector<std::string> SplitSearchPath(std::string_view path) {
  std::vector<std::string> out;
  while (true) {
    const std::size_t colon = path.find(':');
    std::string_view entry = path.substr(0, colon);
    while (entry.size() > 1 && entry.back() == '/') entry.remove_suffix(1);
    if (!entry.empty() && entry.front() == '/' &&
        std::find(out.begin(), out.end(), entry) == out.end()) {
      out.emplace_back(entry);
    }
    if (colon == std::string_view::npos) break;
    path.remove_prefix(colon + 1);
  }
  return out;
}

std::string MinorFromExecutableName(std::string_view name) {
  constexpr std::string_view kStem = "python";
  if (name.substr(0, kStem.size()) != kStem) return {};
  std::string_view rest = name.substr(kStem.size());
  // ABI flags after the version: python3.11d, python3.8m.
  while (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.back()))) {
    rest.remove_suffix(1);
  }
  std::vector<std::string_view> parts = SplitDots(rest);
  if (parts.size() != 2 || !IsDigits(parts[0]) || !IsDigits(parts[1])) return {};
  return std::string(parts[0]) + "." + std::string(parts[1]);
}

std::string MinorOfVersion(std::string_view version) {
  std::vector<std::string_view> parts = SplitDots(Trim(version));
  if (parts.size() < 2 || !IsDigits(parts[0])) return {};
  // "3.11rc1" -> minor "11"
  std::string_view minor = parts[1];
  std::size_t digits = 0;
  while (digits < minor.size() && std::isdigit(static_cast<unsigned char>(minor[digits]))) {
    ++digits;
  }
  if (digits == 0) return {};
  return std::string(parts[0]) + "." + std::string(minor.substr(0, digits));
}

bool VersionLess(std::string_view a, std::string_view b) {
  std::vector<std::string_view> pa = SplitDots(a);
  std::vector<std::string_view> pb = SplitDots(b);
  for (std::size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
    if (pa[i] == pb[i]) continue;
    if (IsDigits(pa[i]) && IsDigits(pb[i])) {
      // Compare as numbers without overflow: fewer significant digits is smaller.
      std::string_view x = pa[i].substr(std::min(pa[i].find_first_not_of('0'), pa[i].size()));
      std::string_view y = pb[i].substr(std::min(pb[i].find_first_not_of('0'), pb[i].size()));
      if (x.size() != y.size()) return x.size() < y.size();
      return x < y;
    }
    return pa[i] < pb[i];
  }
  return pa.size() < pb.size();
}

std::optional<std::string> SelectPyenvVersion(std::string_view name,
                                              const std::vector<std::string>& installed) {
  if (name.empty()) return std::nullopt;
  if (std::find(installed.begin(), installed.end(), name) != installed.end()) {
    return std::string(name);
  }
  std::optional<std::string> best;
  const std::string prefix = std::string(name) + ".";
  for (const std::string& v : installed) {
    if (v.compare(0, prefix.size(), prefix) != 0) continue;
    // Only release versions: pyenv latest skips "-dev", "a1", "rc" builds.
    std::string_view rest = std::string_view(v).substr(prefix.size());
    if (!std::all_of(rest.begin(), rest.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0 || c == '.'; })) {
      continue;
    }
    if (!best || VersionLess(*best, v)) best = v;
  }
  return best;
}

}  // namespace rocm_doctor::python
