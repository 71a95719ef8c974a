// SPDX-License-Identifier: MIT
// The PCI collector over one device directory whose attribute files are the input's parts
// (vendor, device, class, uevent, link speed/width, VRAM sizes, NUMA node, a RAS counter).
#include <cstdint>
#include <string>

#include "fuzz_input.h"
#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace {

constexpr const char* kDevice = "/sys/bus/pci/devices/0000:03:00.0/";
constexpr const char* kFiles[] = {
    "vendor",           "device",           "class",              "uevent",
    "revision",         "subsystem_vendor", "subsystem_device",   "current_link_speed",
    "max_link_speed",   "current_link_width", "max_link_width",   "mem_info_vram_total",
    "mem_info_vis_vram_total", "numa_node", "ras/umc_err_count",  "ras/gfx_err_count"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const auto parts = fuzz::SplitParts(fuzz::AsText(data, size), std::size(kFiles));
  testing::FakeSystemView view;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    view.File(std::string(kDevice) + kFiles[i], std::string(parts[i]));
  }
  view.Link(std::string(kDevice) + "driver", "../../../bus/pci/drivers/amdgpu");
  view.File("/sys/bus/pci/devices/0000:03:00.0/drm/card0/dev", "226:0\n");
  fuzz::Use(CollectPci(view));
  return 0;
}
