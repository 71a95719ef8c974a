// SPDX-License-Identifier: MIT
// The benchmark helper's JSON report and the benchmark threshold and reference-GPU tables (CSV,
// replaceable by the user).
#include <cstdint>
#include <string>

#include "collect/bench/hip_bench_parse.h"
#include "fuzz_input.h"
#include "rocm_doctor/bench_thresholds.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(parse::ParseHipBenchJson(text));
  fuzz::Use(BenchThresholds::Parse(text, "fuzz.csv"));
  fuzz::Use(BenchThresholds::ParseReferences(text, "fuzz.csv"));
  return 0;
}
