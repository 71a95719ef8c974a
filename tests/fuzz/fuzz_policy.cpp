// SPDX-License-Identifier: MIT
// Policy files (--policy FILE, TOML): the parser, and the release comparison its bounds use.
#include <cstdint>
#include <string>

#include "fuzz_input.h"
#include "rocm_doctor/policy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(ParsePolicy(text, "/etc/rocm-doctor/fuzz.toml"));
  const auto halves = fuzz::SplitParts(text, 2);
  fuzz::Use(CompareRelease(halves[0], halves[1]));
  return 0;
}
