// SPDX-License-Identifier: MIT
#pragma once
// KFD topology: /sys/class/kfd/kfd/topology/ (include/uapi/linux/kfd_sysfs.h, kfd_topology.c).
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

struct KfdIoLink {
  int index = 0;
  Fact<int> type;        // 2 = PCIe, 11 = XGMI, 1 = HyperTransport (CPU-CPU)
  Fact<int> node_from;
  Fact<int> node_to;
  Fact<std::uint32_t> flags;  // bit0 enabled, bit2/bit3 no 32/64-bit atomics, bit4 no P2P
  Fact<std::uint64_t> max_bandwidth_mbs;
  Fact<std::uint64_t> weight;  // the link's relative cost (kfd_crat.c): 13 between partitions of
                               // one MI300 GPU, 41 between GPUs of its hive in the real captures
  std::string source;
};

struct KfdNode {
  int index = 0;          // nodes/<index>
  std::string source;     // ".../nodes/<index>/properties"
  std::string error;      // why properties could not be read (e.g. EPERM from the device cgroup)
  std::map<std::string, std::uint64_t> properties;  // every "key value" line, as read
  Fact<std::string> name;                            // nodes/<i>/name (may be empty)
  Fact<std::uint64_t> gpu_id;                        // nodes/<i>/gpu_id (0 for CPU nodes)
  std::vector<KfdIoLink> io_links;
  std::vector<KfdIoLink> p2p_links;
  std::uint64_t vram_bytes = 0;  // sum of mem_banks with heap_type 1/2 (FB public/private)
  // How many KFD nodes belong to this node's physical device (set by CollectKfd). MI300 in
  // DPX/QPX/CPX mode has one node per partition and kfd_topology.c ORs the partition id into
  // location_id's function bits; PciBdf() masks them only when this is > 1, so that a real
  // non-zero PCI function (an SR-IOV VF at 03:02.1) keeps its function number.
  std::uint32_t device_node_count = 1;

  // Convenience over `properties` (nullopt when the key is missing).
  std::optional<std::uint64_t> Get(const std::string& key) const;
  bool IsGpu() const;              // simd_count > 0
  std::string GfxTarget() const;   // "gfx942" from gfx_target_version, "" for CPU or unknown
  std::string PciBdf() const;      // from domain + location_id, "" when unknown
};

struct KfdTopology {
  bool present = false;   // /sys/class/kfd/kfd/topology exists
  std::string source;
  std::string error;      // the topology exists but could not be listed
  bool kfd_class_present = false;  // /sys/class/kfd/kfd exists: amdkfd initialised (kfd_init)
  Fact<std::string> dev;           // /sys/class/kfd/kfd/dev, "MAJ:MIN" of /dev/kfd (e.g. "234:0")
  std::size_t nodes_listed = 0;    // entries under nodes/; beyond kMaxKfdNodes they are not read
  Fact<std::uint64_t> generation_id;
  std::vector<KfdNode> nodes;  // sorted by index

  std::vector<const KfdNode*> GpuNodes() const;
};

// Bound on nodes read: the largest real box (8 x MI300X in CPX mode) has 66; a hostile machine
// directory may list millions. Reading a node costs ~10 file operations, and the checks that
// need the topology must still answer within their deadlines (an ASan build read 4096 nodes in
// 27 s), so the bound stays a small multiple of what exists.
inline constexpr std::size_t kMaxKfdNodes = 1024;

// "gfx90a" from 90010, "gfx1030" from 100300, "gfx942" from 90402 (stepping printed in hex).
std::string GfxNameFromTargetVersion(std::uint64_t gfx_target_version);

}  // namespace rocm_doctor
