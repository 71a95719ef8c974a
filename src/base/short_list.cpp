// SPDX-License-Identifier: MIT
#include "base/short_list.h"

#include <algorithm>

namespace rocm_doctor::text {

std::string ShortList(const std::vector<std::string>& items, std::size_t shown) {
  const std::size_t listed = items.size() - std::min(items.size(), shown) <= 1 ? items.size() : shown;
  std::string out;
  for (std::size_t i = 0; i < listed; ++i) {
    if (i > 0) out += ", ";
    out += items[i];
  }
  if (listed < items.size()) {
    if (!out.empty()) out += " and ";
    out += std::to_string(items.size() - listed) + " more";
  }
  return out;
}

}  // namespace rocm_doctor::text
