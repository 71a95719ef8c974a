// SPDX-License-Identifier: MIT
#include <charconv>
#include <vector>

#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

// "6.2.0-66" -> {6, 2, 0}; nullopt unless 1 to 3 numeric parts (a "-build" suffix is dropped).
std::optional<std::vector<int>> Parts(std::string_view text) {
  text = text.substr(0, text.find('-'));
  std::vector<int> parts;
  std::size_t pos = 0;
  while (true) {
    std::size_t dot = text.find('.', pos);
    std::string_view part = text.substr(pos, dot == std::string_view::npos ? dot : dot - pos);
    int value = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || value < 0) {
      return std::nullopt;
    }
    parts.push_back(value);
    if (dot == std::string_view::npos) break;
    pos = dot + 1;
  }
  if (parts.size() > 3) return std::nullopt;
  return parts;
}

}  // namespace

std::optional<int> CompareRelease(std::string_view version, std::string_view bound) {
  std::optional<std::vector<int>> v = Parts(version);
  std::optional<std::vector<int>> b = Parts(bound);
  if (!v || !b) return std::nullopt;
  for (std::size_t i = 0; i < b->size(); ++i) {
    int have = i < v->size() ? (*v)[i] : 0;
    if (have != (*b)[i]) return have < (*b)[i] ? -1 : 1;
  }
  return 0;
}

}  // namespace rocm_doctor
