// SPDX-License-Identifier: MIT
// The KFD topology collector (kfd_topology.c's sysfs) over a tree whose files are the input's
// parts: a CPU node and a GPU node with properties, gpu_id, name, an io_link, a p2p_link and a
// memory bank, and the topology's generation_id.
#include <cstdint>
#include <string>

#include "fuzz_input.h"
#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace {

constexpr const char* kNodes = "/sys/class/kfd/kfd/topology/nodes/";
constexpr const char* kFiles[] = {
    "0/properties",          "1/properties", "1/gpu_id",  "1/name",
    "1/io_links/0/properties", "1/p2p_links/0/properties", "1/mem_banks/0/properties",
    "0/gpu_id",              "0/name"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const auto parts = fuzz::SplitParts(fuzz::AsText(data, size), std::size(kFiles) + 1);
  testing::FakeSystemView view;
  for (std::size_t i = 0; i < std::size(kFiles); ++i) {
    view.File(std::string(kNodes) + kFiles[i], std::string(parts[i]));
  }
  view.File("/sys/class/kfd/kfd/topology/generation_id", std::string(parts.back()));
  view.File("/sys/class/kfd/kfd/dev", "234:0\n");
  const KfdTopology topology = CollectKfd(view);
  for (const KfdNode* node : topology.GpuNodes()) {
    fuzz::Use(node->GfxTarget());
    fuzz::Use(node->PciBdf());
  }
  return 0;
}
