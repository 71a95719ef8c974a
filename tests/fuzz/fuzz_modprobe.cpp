// SPDX-License-Identifier: MIT
// modprobe.d configuration (modprobe.d(5)): blacklist, install, options, alias lines with
// continuations and comments.
#include <cstdint>

#include "collect/kernel/modprobe_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  fuzz::Use(parse::ParseModprobeConf(fuzz::AsText(data, size), "/etc/modprobe.d/fuzz.conf"));
  return 0;
}
