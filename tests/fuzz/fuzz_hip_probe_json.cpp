// SPDX-License-Identifier: MIT
// The rocm-doctor-hip helper's stdout (docs/hip-helper.md), and the excerpt helpers the probe
// collector applies to output it cannot parse.
#include <cstdint>

#include "collect/hip_probe/hip_probe_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(parse::ParseHipProbeJson(text));
  fuzz::Use(parse::PrintableExcerpt(text, 200));
  fuzz::Use(parse::TailLines(text, 6, 800));
  fuzz::Use(parse::SignalName(size > 0 ? static_cast<int>(data[0]) - 64 : 0));
  return 0;
}
