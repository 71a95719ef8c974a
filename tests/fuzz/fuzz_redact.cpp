// SPDX-License-Identifier: MIT
// The redactor of `capture --redact` (src/base/redact.h) over any text. A known user name
// that stands alone in the input never survives.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_input.h"
#include "base/redact.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  const auto parts = fuzz::SplitParts(text, 2);
  Redactor redactor(IdentifyingNames{{"gpu-node-07.example.org"}, {"zqxalice"}});
  const std::string out = redactor.Text(" zqxalice " + std::string(text) + " zqxalice ");
  if (out.find(" zqxalice ") != std::string::npos) std::abort();
  fuzz::Use(redactor.File(parts[0].substr(0, 256), parts[1]));
  fuzz::Use(HumanUserNames(text));
  fuzz::Use(redactor.Summary());
  return 0;
}
