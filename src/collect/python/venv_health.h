// SPDX-License-Identifier: MIT
#pragma once
// Whether a venv's interpreter can still run the packages installed in it, from its links and
// pyvenv.cfg alone (PythonEnvironment::broken). Nothing is run: a venv whose base interpreter is
// gone cannot be run to ask it.
#include <map>
#include <string>

#include "rocm_doctor/facts/python.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::python {

// "bin/python3 -> python -> /usr/bin/python3.11": the link chain of `path` as written, at most
// 8 hops (a loop or a longer chain ends in "-> ...").
std::string LinkChain(const SystemView& view, const std::string& path);

// PythonEnvironment::broken for a venv whose interpreter exists (`exists`) or is a dangling link;
// `cfg` is its pyvenv.cfg. "" when nothing is wrong.
std::string VenvBroken(const SystemView& view, const PythonEnvironment& env,
                       const std::map<std::string, std::string>& cfg, bool exists);

}  // namespace rocm_doctor::python
