// SPDX-License-Identifier: MIT
#pragma once
// toml++ (Debian's libtomlplusplus-dev), compiled header-only into the policy parser's files alone
// (TOML_HEADER_ONLY=1 and TOML_EXCEPTIONS=0 are set for them in src/policy/CMakeLists.txt), so
// the doctor needs no TOML library at run time. Every file that uses toml++ includes it through
// this header, so they all see the same definitions.
//
// toml++ 3.3 (Debian 12) states some parser preconditions with TOML_ASSERT_ASSUME: assert() in
// debug builds, __builtin_assume (undefined behaviour when false) in release ones. Malformed
// input breaks them - a table header `[\n`, `[ .x]` or `[&`, a `}` inside an array
// (marzer/tomlplusplus issue #294, fixed upstream by pull request #301) - and each of those
// paths then reports a parse error by itself, so the assumption is dropped here: the user gets
// the error with its line, not an abort. Found by tests/fuzz/fuzz_policy; the inputs are in
// tests/fuzz/regressions/policy/.
#include <toml++/impl/preprocessor.h>
#undef TOML_ASSERT_ASSUME
#define TOML_ASSERT_ASSUME(expr) static_cast<void>(0)
#include <toml++/toml.h>
