// SPDX-License-Identifier: MIT
#pragma once
// The texts the kernel and ROCm write, as test hosts need them: KFD topology properties and
// io_links (drivers/gpu/drm/amd/amdkfd/kfd_topology.c node_show / iolink_show), PCI location ids,
// device-node stat answers, user records and Python package metadata. Plain functions, so any
// fixture can build a text without a view; HostBuilder lays them down.
#include <cstdint>
#include <string>
#include <vector>

#include "rocm_doctor/system_view.h"

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

// bus << 8 | device << 3 | function of "dddd:bb:dd.f", as KFD's location_id (PCI_DEVID).
std::uint64_t LocationId(const std::string& bdf);

// A character device as stat(2) answers it.
NodeInfo CharNode(std::uint32_t mode, std::uint32_t uid, std::uint32_t gid, std::string owner,
                  std::string group, std::uint32_t major = 226, std::uint32_t minor = 128);
// /dev/kfd: major 234 as amdkfd registers it, root-owned.
inline NodeInfo KfdNodeInfo(std::uint32_t mode = 0660, std::uint32_t gid = 110,
                            std::string group = "render") {
  return CharNode(mode, 0, gid, "root", std::move(group), 234, 0);
}

// A process user; its primary gid is the first group's (the uid when there is none).
UserInfo MakeUser(std::string name, std::uint32_t uid, std::vector<GroupRef> groups);

// torch/version.py as PyTorch's setup.py writes it (2.x style, with annotations); an empty
// hip or cuda is None.
std::string TorchVersionPy(const std::string& version, const std::string& hip,
                           const std::string& cuda);

// A wheel's <dist>-<version>.dist-info/METADATA text.
std::string DistMetadata(const std::string& dist, const std::string& version);

}  // namespace rocm_doctor::testing
