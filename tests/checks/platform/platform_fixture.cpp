// SPDX-License-Identifier: MIT
#include "checks/platform/platform_fixture.h"

namespace rocm_doctor::testing {

void AddKfdNode(FakeSystemView& view, int index, const std::string& properties,
                const std::vector<std::string>& io_links, const std::string& name,
                std::uint64_t gpu_id) {
  HostBuilder(view).KfdNode(index, properties, io_links, name, gpu_id);
}

void AddKfdCpuNode(FakeSystemView& view, int index) { HostBuilder(view).KfdCpuNode(index); }

void AddAmdGpu(FakeSystemView& view, const std::string& bdf, const std::string& device_id,
               const std::string& driver, int render_minor) {
  // The PCI side only: tests that call this lay down their own KFD node.
  HostBuilder(view).AmdGpu({.bdf = bdf,
                            .device_id = device_id,
                            .driver = driver,
                            .render_minor = render_minor,
                            .kfd_node = -1});
}

std::shared_ptr<FakeSystemView> HealthyMi300xHost() {
  auto view = std::make_shared<FakeSystemView>();
  HostBuilder(*view)
      .KfdChardev(2)
      .KfdCpuNode(0)
      // location_id 0xc100 = c1:00.0; gfx942 (90402) from the GPU table's 0x74a1 row.
      .AmdGpu({.bdf = "0000:c1:00.0",
               .device_id = "0x74a1",
               .gfx_target_version = 90402,
               .gpu_id = 12345,
               .unique_id = 16404946649897475633ull,
               .kfd_name = "ip discovery",
               .io_links = {IoLink(2, 1, 0, 1, 64000)}})
      .DevKfd()
      .RenderNode(128)
      .CardNode(0)
      .MachineUser(AliceInRender());
  return view;
}

}  // namespace rocm_doctor::testing
