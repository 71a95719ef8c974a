#pragma once
// Command-line arguments of rocm-doctor-hip. Parsing is pure so it is tested without a GPU.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"

namespace rocm_doctor::hip_helper {

enum class HelperMode { kHelp, kVersion, kProbe };

struct HelperArgs {
  HelperMode mode = HelperMode::kHelp;
  std::optional<int> device;  // --device N: probe only device N
  bool smoke = true;          // --no-smoke: enumerate and query, launch nothing
};

// `args` excludes argv[0]. An error message names the offending argument.
Result<HelperArgs> ParseHelperArgs(std::span<const std::string_view> args);

std::string HelperUsage();

}  // namespace rocm_doctor::hip_helper
