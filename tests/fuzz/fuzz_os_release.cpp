// SPDX-License-Identifier: MIT
// os-release (/etc/os-release, falling back to /usr/lib/os-release), the hostname and meminfo
// through the host collector, and the KEY=value parser on its own.
#include <cstdint>
#include <string>

#include "base/text_parse.h"
#include "fuzz_input.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"
#include "support/fake_system_view.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(parse::KeyEqualsValueLines(text));
  const auto parts = fuzz::SplitParts(text, 4);
  testing::FakeSystemView view;
  if (!parts[0].empty()) view.File(std::string(paths::kOsRelease), std::string(parts[0]));
  view.File(std::string(paths::kUsrLibOsRelease), std::string(parts[1]));
  view.File(std::string(paths::kHostname), std::string(parts[2]));
  view.File(std::string(paths::kProcMeminfo), std::string(parts[3]));
  fuzz::Use(CollectHost(view));
  return 0;
}
