// SPDX-License-Identifier: MIT
#pragma once
// JSON parsing for files a stranger may have written (machine.json, recorded probes): like
// nlohmann::json::parse, but an object with the same key twice is an error. nlohmann keeps the
// last of two equal keys silently, so a second "user" in machine.json replaced the first (and
// hid the permission fault it showed), and a second "exit_code" in a probe file could turn a
// failure into a success. Keys are compared after unescaping ("user" and "\u0075ser" are one).
#include <nlohmann/json.hpp>
#include <string_view>

#include "rocm_doctor/result.h"

namespace rocm_doctor::system {

// The parsed value, or the parser's error text, or
//   duplicate key "mode" in "nodes./dev/kfd"   /   duplicate key "user" in the top level
// where the key and the path are JSON-escaped (printable ASCII; an escape sequence in a key never
// reaches a terminal) and cut to a readable length.
Result<nlohmann::json> ParseJsonNoDuplicates(std::string_view text);

}  // namespace rocm_doctor::system
