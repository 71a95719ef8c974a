// SPDX-License-Identifier: MIT
#pragma once
// Hosts for the environment and gfx-support tests: AMD GPUs in PCI sysfs with their KFD nodes
// (CPU node 0 first, as on a single-socket machine), an optional ROCm install, and variables,
// laid down with support/host_builder.h.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "checks/platform/platform_fixture.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {

struct TestGpu {
  std::string bdf;        // "0000:03:00.0"
  std::string device_id;  // "0x744c"
  std::string revision;   // "0xc8"
  std::uint64_t gfx_target_version;
  std::uint64_t unique_id = 0;
};

inline const TestGpu kRx7900Xtx{"0000:03:00.0", "0x744c", "0xc8", 110000, 0x1d2c3b4a59687766};
inline const TestGpu kRx6700Xt{"0000:03:00.0", "0x73df", "0xc1", 100301};
inline const TestGpu kRx6700XtSecond{"0000:08:00.0", "0x73df", "0xc1", 100301};
inline const TestGpu kMi100{"0000:43:00.0", "0x738c", "0x01", 90008, 0x5b1c7f2a00114455};
inline const TestGpu kRaphael{"0000:0e:00.0", "0x164e", "0xc1", 100306};
inline const TestGpu kPhoenix{"0000:c4:00.0", "0x15bf", "0xc1", 110003};

// CPU node 0, then one KFD node per GPU in the given order (1, 2, ...), each with its PCI
// function (render minor 128, 129, ...; gpu_id 1001, 1002, ...).
inline std::shared_ptr<FakeSystemView> GpuHost(const std::vector<TestGpu>& gpus) {
  auto view = std::make_shared<FakeSystemView>();
  HostBuilder host(*view);
  host.KfdCpuNode(0);
  int node = 1;
  for (const TestGpu& g : gpus) {
    host.AmdGpu({.bdf = g.bdf,
                 .device_id = g.device_id,
                 .revision = g.revision,
                 .render_minor = 127 + node,
                 .gfx_target_version = g.gfx_target_version,
                 .kfd_node = node,
                 .gpu_id = 1000 + static_cast<std::uint64_t>(node),
                 .unique_id = g.unique_id});
    ++node;
  }
  return view;
}

}  // namespace rocm_doctor::testing
