// SPDX-License-Identifier: MIT
// Tensile library file names (one a line) as rocBLAS and hipBLASLt directories list them.
#include <cstdint>
#include <string>
#include <vector>

#include "collect/libraries/tensile_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::vector<std::string> names = fuzz::Lines(fuzz::AsText(data, size));
  for (const std::string& name : names) fuzz::Use(tensile::ProcessorInName(name));
  fuzz::Use(tensile::Parse(names));
  return 0;
}
