// SPDX-License-Identifier: MIT
// CollectKfd on real topology excerpts and hostile input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "checks/platform/platform_fixture.h"
#include "rocm_doctor/fact_store.h"

namespace rocm_doctor::testing {
namespace {

const std::string kNodes = std::string(kTopo) + "/nodes";

// LACT phoenix/kfd (Ryzen 7040, Radeon 780M, gfx1103): properties, io_links and mem_banks verbatim.
FakeSystemView Phoenix() {
  FakeSystemView view;
  view.File("/sys/class/kfd/kfd/dev", "237:0\n");
  view.File(std::string(kTopo) + "/generation_id", "2\n");
  AddKfdNode(view, 0, kPhoenixCpuProperties, {IoLink(2, 0, 1, 3, 32000)});
  AddKfdNode(view, 1, kPhoenixGpuProperties, {IoLink(2, 1, 0, 1, 32000)}, "ip discovery", 35218);
  view.File(kNodes + "/0/mem_banks/0/properties",
            "heap_type 0\nsize_in_bytes 62867955712\nflags 0\nwidth 32\nmem_clk_max 6400\n");
  view.File(kNodes + "/1/mem_banks/0/properties",
            "heap_type 1\nsize_in_bytes 31433977856\nflags 0\nwidth 128\nmem_clk_max 800\n");
  return view;
}

TEST(CollectKfd, PhoenixApu) {
  KfdTopology topo = CollectKfd(Phoenix());
  ASSERT_TRUE(topo.present);
  EXPECT_TRUE(topo.kfd_class_present);
  ASSERT_TRUE(topo.dev.known());
  EXPECT_EQ(*topo.dev, "237:0");
  ASSERT_TRUE(topo.generation_id.known());
  EXPECT_EQ(*topo.generation_id, 2u);
  ASSERT_EQ(topo.nodes.size(), 2u);
  const KfdNode& cpu = topo.nodes[0];
  EXPECT_FALSE(cpu.IsGpu());
  EXPECT_EQ(cpu.vram_bytes, 0u);  // heap_type 0 is system memory
  ASSERT_EQ(topo.GpuNodes().size(), 1u);
  const KfdNode& gpu = *topo.GpuNodes()[0];
  EXPECT_EQ(gpu.index, 1);
  EXPECT_EQ(gpu.GfxTarget(), "gfx1103");
  EXPECT_EQ(gpu.PciBdf(), "0000:64:00.0");
  EXPECT_EQ(gpu.Get("drm_render_minor"), 128u);
  EXPECT_EQ(gpu.Get("device_id"), 5567u);
  EXPECT_EQ(gpu.source, kNodes + "/1/properties");
  ASSERT_TRUE(gpu.name.known());
  EXPECT_EQ(*gpu.name, "ip discovery");
  ASSERT_TRUE(gpu.gpu_id.known());
  EXPECT_EQ(*gpu.gpu_id, 35218u);
  EXPECT_EQ(gpu.vram_bytes, 31433977856u);
  ASSERT_EQ(gpu.io_links.size(), 1u);
  const KfdIoLink& link = gpu.io_links[0];
  EXPECT_EQ(*link.type, 2);
  EXPECT_EQ(*link.node_from, 1);
  EXPECT_EQ(*link.node_to, 0);
  EXPECT_EQ(*link.flags, 1u);
  EXPECT_EQ(*link.max_bandwidth_mbs, 32000u);
  EXPECT_TRUE(gpu.p2p_links.empty());
  EXPECT_EQ(gpu.device_node_count, 1u);
}

TEST(CollectKfd, AbsentTopology) {
  FakeSystemView view;
  KfdTopology topo = CollectKfd(view);
  EXPECT_FALSE(topo.present);
  EXPECT_FALSE(topo.kfd_class_present);
  EXPECT_TRUE(topo.nodes.empty());
  EXPECT_FALSE(topo.dev.known());
}

TEST(CollectKfd, NodesSortedNumericallyAndJunkIgnored) {
  FakeSystemView view;
  for (int i : {10, 2, 0, 1}) AddKfdNode(view, i, GpuProperties(90010, 29711, 0x100 * i, 128));
  view.Dir(kNodes + "/not-a-number");
  view.Dir(kNodes + "/-1");
  KfdTopology topo = CollectKfd(view);
  ASSERT_EQ(topo.nodes.size(), 4u);
  EXPECT_EQ(topo.nodes[0].index, 0);
  EXPECT_EQ(topo.nodes[1].index, 1);
  EXPECT_EQ(topo.nodes[2].index, 2);
  EXPECT_EQ(topo.nodes[3].index, 10);
  EXPECT_EQ(topo.nodes_listed, 4u);
}

TEST(CollectKfd, DeviceCgroupEpermKeepsTheNode) {
  FakeSystemView view = Phoenix();
  view.Unreadable(kNodes + "/2/properties", FsStatus::kPermissionDenied);
  view.Unreadable(kNodes + "/2/gpu_id", FsStatus::kPermissionDenied);
  KfdTopology topo = CollectKfd(view);
  ASSERT_EQ(topo.nodes.size(), 3u);
  const KfdNode& denied = topo.nodes[2];
  EXPECT_EQ(denied.index, 2);
  EXPECT_NE(denied.error.find("permission denied"), std::string::npos);
  EXPECT_TRUE(denied.properties.empty());
  EXPECT_FALSE(denied.gpu_id.known());
  EXPECT_FALSE(denied.IsGpu());
  EXPECT_EQ(topo.GpuNodes().size(), 1u);
}

TEST(CollectKfd, HostileProperties) {
  using namespace std::string_literals;
  struct Case {
    std::string text;
    bool error;
  };
  const Case cases[] = {
      {"", true},
      {"\n\n", true},
      {std::string(4096, '\0'), true},
      {"garbage\xff\xfe\n", true},
      {"simd_count 99999999999999999999999\n", true},  // overflow only: nothing usable
      {"simd_count 4\nlocation_id 256\n\0\0\0"s, false},
      {"simd_count 4 \r\nlocation_id 256\n", false},
  };
  for (const Case& c : cases) {
    FakeSystemView view;
    AddKfdNode(view, 1, c.text);
    KfdTopology topo = CollectKfd(view);
    ASSERT_EQ(topo.nodes.size(), 1u);
    EXPECT_EQ(!topo.nodes[0].error.empty(), c.error) << "case size " << c.text.size();
  }
}

TEST(CollectKfd, NulPaddedCopy) {
  FakeSystemView view;
  std::string padded = std::string(kPhoenixGpuProperties) + std::string(2048, '\0');
  AddKfdNode(view, 1, padded);
  KfdTopology topo = CollectKfd(view);
  ASSERT_EQ(topo.nodes.size(), 1u);
  EXPECT_TRUE(topo.nodes[0].error.empty());
  EXPECT_EQ(topo.nodes[0].GfxTarget(), "gfx1103");
}

TEST(CollectKfd, HostileLinksAndBanks) {
  FakeSystemView view;
  AddKfdNode(view, 1, GpuProperties(90402, 29857, 1280, 128),
             {"type 2\nnode_to 99999999999\nflags 18446744073709551615\n", ""});
  view.File(kNodes + "/1/mem_banks/0/properties",
            "heap_type 1\nsize_in_bytes 18446744073709551615\n");
  view.File(kNodes + "/1/mem_banks/1/properties", "heap_type 2\nsize_in_bytes 1000\n");
  view.File(kNodes + "/1/mem_banks/2/properties", "heap_type 3\nsize_in_bytes 5\n");
  KfdTopology topo = CollectKfd(view);
  const KfdNode& node = topo.nodes.at(0);
  ASSERT_EQ(node.io_links.size(), 2u);
  EXPECT_TRUE(node.io_links[0].type.known());
  EXPECT_FALSE(node.io_links[0].node_to.known());  // out of int range
  EXPECT_FALSE(node.io_links[0].flags.known());    // out of u32 range
  EXPECT_FALSE(node.io_links[0].node_from.known());
  EXPECT_FALSE(node.io_links[1].type.known());  // empty file
  EXPECT_FALSE(node.io_links[1].type.error.empty());
  EXPECT_EQ(node.vram_bytes, std::numeric_limits<std::uint64_t>::max());  // saturates
}

// A topology of 8+ nodes is read by several threads, one slot per node: each node keeps its own
// properties, links and errors, in numeric order, whichever thread read it (run several times,
// the threads interleave differently).
TEST(CollectKfd, ManyNodesReadInParallelKeepTheirOrderAndContent) {
  FakeSystemView view;
  for (int i = 0; i < 37; ++i) {
    if (i % 9 == 4) {
      view.Unreadable(kNodes + "/" + std::to_string(i) + "/properties");  // device cgroup EPERM
      view.File(kNodes + "/" + std::to_string(i) + "/name", "denied\n");
      continue;
    }
    AddKfdNode(view, i, GpuProperties(90010, 29711, 0x100 + i, 128),
               {IoLink(2, i, (i + 1) % 37, 1, 1000 + i)}, "node" + std::to_string(i), 5000 + i);
  }
  for (int round = 0; round < 20; ++round) {
    KfdTopology topo = CollectKfd(view);
    ASSERT_EQ(topo.nodes.size(), 37u);
    for (int i = 0; i < 37; ++i) {
      const KfdNode& node = topo.nodes[i];
      ASSERT_EQ(node.index, i);
      if (i % 9 == 4) {
        EXPECT_FALSE(node.error.empty()) << i;
        continue;
      }
      EXPECT_TRUE(node.error.empty()) << i;
      EXPECT_EQ(node.Get("location_id"), 0x100u + i);
      EXPECT_EQ(*node.gpu_id, 5000u + i);
      ASSERT_EQ(node.io_links.size(), 1u) << i;
      EXPECT_EQ(*node.io_links[0].node_from, i);
      EXPECT_EQ(*node.io_links[0].max_bandwidth_mbs, 1000u + i);
    }
  }
}

TEST(CollectKfd, NodeCountIsBounded) {
  FakeSystemView view;
  for (int i = 0; i < 4100; ++i) view.Dir(kNodes + "/" + std::to_string(i));
  KfdTopology topo = CollectKfd(view);
  EXPECT_EQ(topo.nodes_listed, 4100u);
  EXPECT_EQ(topo.nodes.size(), kMaxKfdNodes);
  EXPECT_FALSE(topo.nodes[0].error.empty());  // no properties file
}

TEST(CollectKfd, PartitionsShareOneDevice) {
  // topo-mi300-cpx: location_ids 9984..9991 are the 8 CPX partitions of 27:00.0, same unique_id.
  FakeSystemView view;
  AddKfdCpuNode(view, 0);
  for (int p = 0; p < 8; ++p) {
    AddKfdNode(view, 1 + p, GpuProperties(90402, 29857, 9984 + p, 128 + p, 2472748907779728154ull));
  }
  AddKfdNode(view, 9, GpuProperties(90402, 29857, 1280, 136, 16404946649897475633ull));
  KfdTopology topo = CollectKfd(view);
  auto gpus = topo.GpuNodes();
  ASSERT_EQ(gpus.size(), 9u);
  for (int p = 0; p < 8; ++p) {
    EXPECT_EQ(gpus[p]->device_node_count, 8u);
    EXPECT_EQ(gpus[p]->PciBdf(), "0000:27:00.0");
  }
  EXPECT_EQ(gpus[8]->device_node_count, 1u);
  EXPECT_EQ(gpus[8]->PciBdf(), "0000:05:00.0");
}

// Real captures, loaded from the shared data folder when present (not in every checkout).
void LoadTree(FakeSystemView& view, const std::filesystem::path& root, const std::string& at) {
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream data;
    data << in.rdbuf();
    view.File(at + "/" + std::filesystem::relative(entry.path(), root).string(), data.str());
  }
}

// Real public captures, vendored with their provenance (tests/data/captures/PROVENANCE.md).
const std::filesystem::path kCaptures =
    std::filesystem::path(ROCMDOC_SOURCE_DIR) / "tests" / "data" / "captures";

TEST(CollectKfdCapture, Mi300xCpx) {
  auto dir = kCaptures / "k8s-device-plugin/testdata/topo-mi300-cpx/topology";
  ASSERT_TRUE(std::filesystem::exists(dir)) << dir << ": the vendored capture is missing";
  FakeSystemView view;
  LoadTree(view, dir, kTopo);
  KfdTopology topo = CollectKfd(view);
  EXPECT_EQ(*topo.generation_id, 80u);
  ASSERT_EQ(topo.nodes.size(), 65u);
  auto gpus = topo.GpuNodes();
  ASSERT_EQ(gpus.size(), 63u);
  std::set<std::string> bdfs;
  for (const KfdNode* n : gpus) {
    EXPECT_EQ(n->GfxTarget(), "gfx942");
    EXPECT_TRUE(n->error.empty());
    bdfs.insert(n->PciBdf());
  }
  // 8 physical MI300X (the capture holds 7 partitions of the last one).
  EXPECT_EQ(bdfs.size(), 8u);
  EXPECT_TRUE(bdfs.count("0000:05:00.0"));
  EXPECT_TRUE(bdfs.count("0000:27:00.0"));
  EXPECT_EQ(gpus[0]->io_links.size(), 63u);
  EXPECT_EQ(*gpus[0]->io_links[0].type, 2);   // PCIe to CPU node 0
  EXPECT_EQ(*gpus[0]->io_links[1].type, 11);  // XGMI
  EXPECT_EQ(*gpus[0]->io_links[0].max_bandwidth_mbs, 64000u);
}

TEST(CollectKfdCapture, PhoenixFromLact) {
  auto dir = kCaptures / "LACT/tests/snapshots/amd/phoenix/kfd/topology";
  ASSERT_TRUE(std::filesystem::exists(dir)) << dir << ": the vendored capture is missing";
  FakeSystemView view;
  LoadTree(view, dir, kTopo);
  KfdTopology topo = CollectKfd(view);
  ASSERT_EQ(topo.GpuNodes().size(), 1u);
  EXPECT_EQ(topo.GpuNodes()[0]->GfxTarget(), "gfx1103");
  EXPECT_EQ(topo.GpuNodes()[0]->PciBdf(), "0000:64:00.0");
  EXPECT_EQ(topo.GpuNodes()[0]->vram_bytes, 31433977856u);
}

TEST(CollectKfdCapture, Mi308x) {
  auto dir = kCaptures / "k8s-device-plugin/testdata/topology-parsing-mi308/topology";
  ASSERT_TRUE(std::filesystem::exists(dir)) << dir << ": the vendored capture is missing";
  FakeSystemView view;
  LoadTree(view, dir, kTopo);
  KfdTopology topo = CollectKfd(view);
  auto gpus = topo.GpuNodes();
  ASSERT_EQ(gpus.size(), 32u);
  EXPECT_EQ(gpus[0]->GfxTarget(), "gfx942");
  EXPECT_EQ(gpus[0]->vram_bytes, 51539607552u);
  ASSERT_TRUE(gpus[0]->name.known());
  EXPECT_EQ(*gpus[0]->name, "ip discovery");
  EXPECT_FALSE(gpus[0]->p2p_links.empty());
  std::set<std::string> bdfs;
  for (const KfdNode* n : gpus) bdfs.insert(n->PciBdf());
  EXPECT_EQ(bdfs.size(), 8u);  // 4 partitions per GPU
}

}  // namespace
}  // namespace rocm_doctor::testing
