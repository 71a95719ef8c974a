// SPDX-License-Identifier: MIT
#pragma once
// The output of the hidden `rocm-doctor probe-load LIB...` (src/cli/probe_load_command.cpp):
//   [{"library": "/opt/rocm-6.2.0/lib/libamdhip64.so.6", "loaded": false,
//     "error": "libhsa-runtime64.so.1: cannot open shared object file: No such file or
//     directory"}]
// "error" is dlerror() verbatim, null when loaded.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::rocm_parse {

struct LoadResult {
  std::string library;
  bool loaded = false;
  std::string error;  // empty when loaded (or when a failed load gave no text)
};

// Never throws; an error names what is malformed.
Result<std::vector<LoadResult>> ProbeLoadOutput(std::string_view json);

// The JSON for `results` (one line, as probe-load prints it).
std::string ProbeLoadJson(const std::vector<LoadResult>& results);

}  // namespace rocm_doctor::rocm_parse
