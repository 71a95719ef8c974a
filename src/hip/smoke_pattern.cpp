// SPDX-License-Identifier: MIT
#include "hip/smoke_pattern.h"

namespace rocm_doctor::hip_helper {

std::optional<SmokeMismatch> FindSmokeMismatch(const std::uint32_t* values, std::size_t count) {
  std::optional<SmokeMismatch> mismatch;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t expected = SmokeValue(static_cast<std::uint32_t>(i));
    if (values[i] == expected) continue;
    if (!mismatch) {
      mismatch = SmokeMismatch{.index = static_cast<std::int64_t>(i),
                               .expected = expected,
                               .got = values[i],
                               .count = 0};
    }
    ++mismatch->count;
  }
  return mismatch;
}

}  // namespace rocm_doctor::hip_helper
