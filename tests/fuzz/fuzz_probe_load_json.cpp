// SPDX-License-Identifier: MIT
// The hidden `rocm-doctor probe-load` child's JSON. What parses must print and parse back to
// the same results.
#include <cstdint>
#include <cstdlib>

#include "collect/rocm/rocm_probe_load_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  auto parsed = rocm_parse::ProbeLoadOutput(fuzz::AsText(data, size));
  if (!parsed) return 0;
  auto again = rocm_parse::ProbeLoadOutput(rocm_parse::ProbeLoadJson(*parsed));
  if (!again || again->size() != parsed->size()) std::abort();
  return 0;
}
