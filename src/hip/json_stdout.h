// SPDX-License-Identifier: MIT
#pragma once
// Keeps the helper's stdout for its JSON alone. GPU runtimes and their loggers may print to fd 1
// (at init, on errors, at exit); a stray line there would make the doctor's JSON parse fail.
#include <string_view>

namespace rocm_doctor::hip_helper {

// Duplicates fd 1 for the JSON and points fd 1 at stderr, so anything else written to stdout goes
// to stderr. Returns the JSON descriptor (1 itself when duplicating failed).
int DetachStdoutForJson();

// Writes all of `text` to `fd`, retrying on EINTR and short writes. False on a write error.
bool WriteAll(int fd, std::string_view text);

}  // namespace rocm_doctor::hip_helper
