// SPDX-License-Identifier: MIT
#pragma once
// The one lexical path normaliser of the collectors (ROCm installs, library directories, Python
// environments). Lexical only: no file is looked at, so a ".." after a symlink is resolved
// against the link's name, not its target - callers that must follow links expand each one
// first (rocm_scan::Resolve, python::RealPath) and normalise what they build from the target.
// src/system/root_resolver.h's NormalizeHostPath is another thing: it keeps "..", because
// inside a machine directory only the walk that follows the links may resolve it.
#include <string>
#include <string_view>

namespace rocm_doctor::pathname {

// "/a//b/./c/../d/" -> "/a/b/d". The result is always absolute, without a trailing slash:
// empty components and "." are dropped, ".." removes the component before it and stops at the
// root ("/.." is "/"), "" is "/". A relative path is taken from the root ("a/b" -> "/a/b"):
// every value the collectors normalise is, or is made, absolute before (an environment
// variable that does not start with '/' is refused by the caller).
std::string Normalize(std::string_view path);

}  // namespace rocm_doctor::pathname
