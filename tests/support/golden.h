// SPDX-License-Identifier: MIT
#pragma once
// Golden-file comparison. ROCMDOC_UPDATE_GOLDEN=1 rewrites the files instead of comparing.
#include <string>

namespace rocm_doctor::testing {

// Path relative to tests/golden/. Returns "" when equal, else a description of the first
// difference (or the read error).
std::string CompareWithGolden(const std::string& relative_path, const std::string& actual);

}  // namespace rocm_doctor::testing
