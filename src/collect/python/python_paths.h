// SPDX-License-Identifier: MIT
#pragma once
// Path arithmetic for the Python collectors, through a SystemView (so it works the same on the
// live host and in a machine directory). Lexical normalising is base/path_normalize.h's.
#include <string>
#include <string_view>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::python {

// "/usr/bin" for "/usr/bin/python3", "/" for "/python3".
std::string ParentDir(std::string_view path);
// realpath(3) through `view`: each component's symlink expanded (at most 40 expansions, the
// kernel's MAXSYMLINKS). Components that do not exist are kept as they are.
std::string RealPath(const SystemView& view, std::string_view path);

}  // namespace rocm_doctor::python
