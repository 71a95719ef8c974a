// SPDX-License-Identifier: MIT
#pragma once
// Builders for libraries-layer check tests: a ROCm 6.2.0 install under /opt/rocm-6.2.0 with a
// HIP runtime, and one GPU in KFD topology, laid down with support/host_builder.h.
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "checks/platform/platform_fixture.h"
#include "support/denied_dirs_view.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

inline constexpr char kRocmLib[] = "/opt/rocm-6.2.0/lib";

inline std::string LibFixture(const std::string& name) {
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/libraries/" + name,
                   std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

inline std::string InLib(const std::string& name) { return std::string(kRocmLib) + "/" + name; }

// ROCm 6.2.0 with HIP and one GPU node of `gfx_target_version` (90010 = gfx90a,
// 100301 = gfx1031).
inline std::shared_ptr<DeniedDirsView> RocmHost(std::uint64_t gfx_target_version) {
  auto view = std::make_shared<DeniedDirsView>();
  HostBuilder(*view)
      .RocmLink("rocm-6.2.0")
      .RocmVersion("6.2.0")
      .SharedLibrary(kRocmLib, "libamdhip64", "6.2.60200", "6")
      .KfdClass()
      .KfdCpuNode(0)
      .KfdNode(1, GpuProperties(gfx_target_version, 29695, 0x0300, 128));
  return view;
}

inline void AddRocblas(FakeSystemView& view, std::initializer_list<const char*> tensile_files) {
  HostBuilder(view).SharedLibrary(kRocmLib, "librocblas", "4.2.60200", "4", /*dev_link=*/false);
  for (const char* f : tensile_files) view.File(InLib("rocblas/library/") + f, "");
}

}  // namespace rocm_doctor::testing
