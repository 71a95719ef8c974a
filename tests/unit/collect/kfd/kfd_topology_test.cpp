// SPDX-License-Identifier: MIT
// GfxNameFromTargetVersion and KfdNode decoding.
#include <gtest/gtest.h>

#include "rocm_doctor/facts/kfd.h"

namespace rocm_doctor {
namespace {

TEST(GfxNameFromTargetVersion, Table) {
  struct Case {
    std::uint64_t version;
    const char* name;
  };
  const Case cases[] = {
      {90010, "gfx90a"},
      {90402, "gfx942"},
      {100300, "gfx1030"},
      {110003, "gfx1103"},
      {120001, "gfx1201"},
      {90012, "gfx90c"},
      {90000, "gfx900"},
      {80003, "gfx803"},
      {100306, "gfx1036"},
      {110500, "gfx1150"},
      {100303, "gfx1033"},
      {90400, "gfx940"},
      // Hostile or CPU values: unknown, never a made-up name.
      {0, ""},
      {99, ""},
      {90016, ""},
      {91600, ""},
      {1000000, ""},
      {18446744073709551615ull, ""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(GfxNameFromTargetVersion(c.version), c.name) << c.version;
  }
}

KfdNode NodeWith(std::map<std::string, std::uint64_t> props) {
  KfdNode node;
  node.properties = std::move(props);
  return node;
}

TEST(KfdNode, GetIsGpuAndGfx) {
  KfdNode cpu = NodeWith({{"cpu_cores_count", 16}, {"simd_count", 0}, {"gfx_target_version", 0}});
  EXPECT_FALSE(cpu.IsGpu());
  EXPECT_EQ(cpu.GfxTarget(), "");
  EXPECT_EQ(cpu.Get("cpu_cores_count"), 16u);
  EXPECT_FALSE(cpu.Get("missing").has_value());

  KfdNode gpu = NodeWith({{"simd_count", 24}, {"gfx_target_version", 110003}});
  EXPECT_TRUE(gpu.IsGpu());
  EXPECT_EQ(gpu.GfxTarget(), "gfx1103");

  KfdNode empty;  // unreadable properties (EPERM)
  EXPECT_FALSE(empty.IsGpu());
  EXPECT_EQ(empty.PciBdf(), "");
}

TEST(KfdNode, PciBdfTable) {
  struct Case {
    std::uint64_t location;
    std::optional<std::uint64_t> domain;
    std::uint32_t device_nodes;
    const char* bdf;
  };
  const Case cases[] = {
      {25600, 0, 1, "0000:64:00.0"},  // Phoenix: PCI_SLOT_NAME=0000:64:00.0
      {0xc100, 0, 1, "0000:c1:00.0"},
      {1280, 0, 1, "0000:05:00.0"},  // MI300X CPX partition 0
      {9985, 0, 8, "0000:27:00.0"},  // partition 1 of 27:00.0: function bits masked
      {9991, 0, 8, "0000:27:00.0"},
      {9985, 0, 1, "0000:27:00.1"},               // a lone node keeps its function (an SR-IOV VF)
      {0x0312, 1, 1, "0001:03:02.2"},             // bus 3, device 2, function 2, segment 1
      {0x6400, std::nullopt, 1, "0000:64:00.0"},  // kernels without `domain`
      {0x10000, 0, 1, ""},                        // not a 16-bit location
      {0x6400, 0x10000, 1, ""},                   // not a PCI segment
  };
  for (const Case& c : cases) {
    KfdNode node = NodeWith({{"simd_count", 1}, {"location_id", c.location}});
    if (c.domain) node.properties["domain"] = *c.domain;
    node.device_node_count = c.device_nodes;
    EXPECT_EQ(node.PciBdf(), c.bdf) << c.location;
  }
}

TEST(KfdTopology, GpuNodesSkipsCpuAndUnreadable) {
  KfdTopology topo;
  topo.nodes.push_back(NodeWith({{"simd_count", 0}}));
  topo.nodes.push_back(NodeWith({{"simd_count", 152}}));
  KfdNode unreadable;
  unreadable.error = "permission denied: Operation not permitted";
  topo.nodes.push_back(unreadable);
  ASSERT_EQ(topo.GpuNodes().size(), 1u);
  EXPECT_EQ(topo.GpuNodes()[0], &topo.nodes[1]);
}

}  // namespace
}  // namespace rocm_doctor
