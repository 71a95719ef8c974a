// SPDX-License-Identifier: MIT
#pragma once
// An argv shown as a POSIX shell line, for people to read (dry runs, logs). Nothing here is ever
// run through a shell: commands are spawned from the argv itself.
#include <string>
#include <vector>

namespace rocm_doctor::gate {

std::string ShellQuote(const std::vector<std::string>& argv);

}  // namespace rocm_doctor::gate
