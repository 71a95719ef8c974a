// SPDX-License-Identifier: MIT
#pragma once
// Parses modprobe.d configuration (modprobe.d(5), kmod libkmod-config.c) for the lines that keep
// amdgpu from loading. Pure: takes the text, never throws.
#include <string_view>
#include <vector>

#include "rocm_doctor/facts/kernel_facts.h"

namespace rocm_doctor::parse {

// Finds, in one .conf file:
//   blacklist amdgpu                      (no alias-based autoload: udev never loads it)
//   install amdgpu /bin/false             (modprobe runs the command instead: /bin/true,
//                                          /usr/bin/false, "false", ... )
//   options amdgpu ... modeset=0 ...      (amdgpu_init() returns -EINVAL)
// Lines whose first non-blank is '#' are comments; a trailing '\' joins the next line (kmod);
// CR before LF is ignored. `line` in a rule is the 1-based number of its first physical line.
std::vector<ModprobeRule> ParseModprobeConf(std::string_view text, std::string_view file);

}  // namespace rocm_doctor::parse
