// SPDX-License-Identifier: MIT
#pragma once
// A list for a one-line summary: the first items and a count of the rest, "gfx90a, gfx942 and 12
// more" (issue 15, "output scales": a 32-GPU host's summary was one 900-column line). The full
// list belongs in the findings and the evidence (-v, JSON).
#include <cstddef>
#include <string>
#include <vector>

namespace rocm_doctor::text {

inline constexpr std::size_t kSummaryItems = 4;

// `items` joined by ", "; past `shown` items, the first `shown` and " and N more". One item more
// than `shown` is listed rather than counted ("and 1 more" says less than the item).
std::string ShortList(const std::vector<std::string>& items, std::size_t shown = kSummaryItems);

}  // namespace rocm_doctor::text
