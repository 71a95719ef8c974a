// SPDX-License-Identifier: MIT
#pragma once
// PythonFacts with a directory-listing cache the caller keeps: the framework collector lists the
// same site directories again to find packages, so it passes its cache and each is read once.
#include <map>
#include <string>

#include "rocm_doctor/facts/python.h"

namespace rocm_doctor {

PythonFacts CollectPythonEnvironments(const SystemView& view,
                                      std::map<std::string, DirListing>& listings);

}  // namespace rocm_doctor
