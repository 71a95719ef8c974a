// SPDX-License-Identifier: MIT
#pragma once
// Builders for platform-area tests: AMD GPUs in PCI sysfs, KFD topology nodes, device nodes and
// users, set on a FakeSystemView through HostBuilder (support/host_builder.h). Property texts
// follow real captures (LACT phoenix, k8s-device-plugin topo-mi300-cpx), trimmed to the keys the
// collectors read; they live in support/sysfs_text.h.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/fake_system_view.h"
#include "support/host_builder.h"
#include "support/sysfs_text.h"

namespace rocm_doctor::testing {

// nodes/<index>/{properties,name,gpu_id} and io_links/<i>/properties.
void AddKfdNode(FakeSystemView& view, int index, const std::string& properties,
                const std::vector<std::string>& io_links = {}, const std::string& name = "",
                std::uint64_t gpu_id = 0);
void AddKfdCpuNode(FakeSystemView& view, int index = 0);

// /sys/bus/pci/devices/<bdf> with vendor 0x1002, the device id, a display class, the driver
// link and a drm/renderD<minor> entry; /sys/class/drm/renderD<minor>/device links back.
void AddAmdGpu(FakeSystemView& view, const std::string& bdf, const std::string& device_id,
               const std::string& driver = "amdgpu", int render_minor = 128);

inline UserInfo Alice() { return MakeUser("alice", 1000, {{"alice", 1000}, {"sudo", 27}}); }
inline UserInfo AliceInRender() {
  return MakeUser("alice", 1000, {{"alice", 1000}, {"render", 110}, {"video", 44}});
}

// A healthy host: one MI300X at 0000:c1:00.0 with KFD, /dev/kfd and renderD128 (root:render
// 0660), alice in render and video.
std::shared_ptr<FakeSystemView> HealthyMi300xHost();

}  // namespace rocm_doctor::testing
