// SPDX-License-Identifier: MIT
// `rocm-doctor diff`: two JSON reports (cut at 0x1e) read with their details, compared and
// rendered in every format.
#include <cstdint>
#include <sstream>

#include "diff/diff_reporters.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const auto parts = fuzz::SplitParts(fuzz::AsText(data, size), 2);
  diff::DiffSide sides[2];
  for (int i = 0; i < 2; ++i) {
    auto node = fleet::ReadNodeReport(parts[i], i == 0 ? "base" : "current", &sides[i].details);
    if (!node) return 0;
    sides[i].file = i == 0 ? "base.json" : "current.json";
    sides[i].node = std::move(node).value();
  }
  const diff::ReportDiff d = diff::CompareReports(sides[0], sides[1]);
  std::ostringstream out;
  diff::WriteDiffTerminal(d, out, /*color=*/true);
  diff::WriteDiffJson(d, out);
  diff::WriteDiffMarkdown(d, out);
  return 0;
}
