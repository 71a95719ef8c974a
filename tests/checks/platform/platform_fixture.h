#pragma once
// Builders for platform-area tests: AMD GPUs in PCI sysfs, KFD topology nodes, device nodes and
// users, set on a FakeSystemView. Property texts follow real captures (LACT phoenix, k8s-device-
// plugin topo-mi300-cpx), trimmed to the keys the collectors read.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

inline constexpr char kTopo[] = "/sys/class/kfd/kfd/topology";

// LACT tests/snapshots/amd/phoenix/kfd/topology/nodes/0/properties, verbatim.
inline constexpr char kPhoenixCpuProperties[] =
    "cpu_cores_count 16\nsimd_count 0\nmem_banks_count 1\ncaches_count 0\nio_links_count 1\n"
    "p2p_links_count 0\ncpu_core_id_base 0\nsimd_id_base 0\nmax_waves_per_simd 0\n"
    "lds_size_in_kb 0\ngds_size_in_kb 0\nnum_gws 0\nwave_front_size 0\narray_count 0\n"
    "simd_arrays_per_engine 0\ncu_per_simd_array 0\nsimd_per_cu 0\nmax_slots_scratch_cu 0\n"
    "gfx_target_version 0\nvendor_id 0\ndevice_id 0\nlocation_id 0\ndomain 0\n"
    "drm_render_minor 0\nhive_id 0\nnum_sdma_engines 0\nnum_sdma_xgmi_engines 0\n"
    "num_sdma_queues_per_engine 0\nnum_cp_queues 0\nmax_engine_clk_ccompute 5137\n";

// LACT tests/snapshots/amd/phoenix/kfd/topology/nodes/1/properties, verbatim.
inline constexpr char kPhoenixGpuProperties[] =
    "cpu_cores_count 0\nsimd_count 24\nmem_banks_count 1\ncaches_count 27\nio_links_count 1\n"
    "p2p_links_count 0\ncpu_core_id_base 0\nsimd_id_base 2147487744\nmax_waves_per_simd 16\n"
    "lds_size_in_kb 64\ngds_size_in_kb 0\nnum_gws 64\nwave_front_size 32\narray_count 2\n"
    "simd_arrays_per_engine 2\ncu_per_simd_array 6\nsimd_per_cu 2\nmax_slots_scratch_cu 32\n"
    "gfx_target_version 110003\nvendor_id 4098\ndevice_id 5567\nlocation_id 25600\ndomain 0\n"
    "drm_render_minor 128\nhive_id 0\nnum_sdma_engines 1\nnum_sdma_xgmi_engines 0\n"
    "num_sdma_queues_per_engine 6\nnum_cp_queues 8\nmax_engine_clk_fcompute 2700\n"
    "local_mem_size 0\nfw_version 67\ncapability 709075584\ncapability2 0\ndebug_prop 1495\n"
    "sdma_fw_version 23\nunique_id 0\nnum_xcc 1\nmax_engine_clk_ccompute 3301\n";

// An io_link properties text (KFD io_links/<i>/properties layout).
std::string IoLink(int type, int from, int to, std::uint32_t flags, std::uint64_t bandwidth = 0);

// A GPU node's properties: the keys of node_show that the collectors and checks use.
std::string GpuProperties(std::uint64_t gfx_target_version, std::uint64_t device_id,
                          std::uint64_t location_id, std::uint64_t render_minor,
                          std::uint64_t unique_id = 0, std::uint64_t domain = 0);

// nodes/<index>/{properties,name,gpu_id} and io_links/<i>/properties.
void AddKfdNode(FakeSystemView& view, int index, const std::string& properties,
                const std::vector<std::string>& io_links = {}, const std::string& name = "",
                std::uint64_t gpu_id = 0);
void AddKfdCpuNode(FakeSystemView& view, int index = 0);

// /sys/bus/pci/devices/<bdf> with vendor 0x1002, the device id, a display class, the driver
// link and a drm/renderD<minor> entry; /sys/class/drm/renderD<minor>/device links back.
void AddAmdGpu(FakeSystemView& view, const std::string& bdf, const std::string& device_id,
               const std::string& driver = "amdgpu", int render_minor = 128);

NodeInfo CharNode(std::uint32_t mode, std::uint32_t uid, std::uint32_t gid, std::string owner,
                  std::string group, std::uint32_t major = 226, std::uint32_t minor = 128);
inline NodeInfo KfdNodeInfo(std::uint32_t mode = 0660, std::uint32_t gid = 110,
                            std::string group = "render") {
  return CharNode(mode, 0, gid, "root", std::move(group), 234, 0);
}

UserInfo MakeUser(std::string name, std::uint32_t uid, std::vector<GroupRef> groups);
inline UserInfo Alice() { return MakeUser("alice", 1000, {{"alice", 1000}, {"sudo", 27}}); }
inline UserInfo AliceInRender() {
  return MakeUser("alice", 1000, {{"alice", 1000}, {"render", 110}, {"video", 44}});
}

// A healthy host: one MI300X at 0000:c1:00.0 with KFD, /dev/kfd and renderD128 (root:render
// 0660), alice in render and video.
std::shared_ptr<FakeSystemView> HealthyMi300xHost();

}  // namespace rocm_doctor::testing
