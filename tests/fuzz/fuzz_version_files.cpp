// SPDX-License-Identifier: MIT
// The version text a ROCm install carries (.info/version, rocm_version.h, hip_version.h,
// versioned library names, the dpkg status database), on its own and through the ROCm
// collector over an /opt/rocm-6.2.0 tree whose files are the input's parts.
#include <cstdint>
#include <string>

#include "collect/rocm/rocm_version_parse.h"
#include "fuzz_input.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/rocm.h"
#include "support/fake_system_view.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(rocm_parse::InfoVersion(text));
  fuzz::Use(rocm_parse::DefinedVersion(text, "ROCM_VERSION"));
  fuzz::Use(rocm_parse::DefinedVersion(text, "HIP_VERSION"));
  fuzz::Use(rocm_parse::ParseLibraryName(text, "libamdhip64"));
  fuzz::Use(rocm_parse::ReleaseFromLibraryVersion(text));
  fuzz::Use(rocm_parse::DebianUpstreamVersion(text));
  fuzz::Use(rocm_parse::MajorMinor(text));

  const auto parts = fuzz::SplitParts(text, 5);
  testing::FakeSystemView view;
  view.File("/opt/rocm-6.2.0/.info/version", std::string(parts[0]));
  view.File("/opt/rocm-6.2.0/include/rocm-core/rocm_version.h", std::string(parts[1]));
  view.File("/opt/rocm-6.2.0/include/hip/hip_version.h", std::string(parts[2]));
  view.File("/var/lib/dpkg/status", std::string(parts[3]));
  // A library whose file name is the last part (one line), beside the real one.
  const std::string library(parts[4].substr(0, parts[4].find('\n')));
  view.File("/opt/rocm-6.2.0/lib/libamdhip64.so.6.2.60200", "");
  if (!library.empty() && library.find('/') == std::string::npos) {
    view.File("/opt/rocm-6.2.0/lib/" + library, "");
  }
  view.Link("/opt/rocm", "rocm-6.2.0");
  fuzz::Use(CollectFacts<RocmFacts>(view));
  return 0;
}
