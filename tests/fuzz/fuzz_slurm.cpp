// SPDX-License-Identifier: MIT
// `scontrol show node` output, as `gate --slurm` reads it before draining or resuming a node.
#include <cstdint>

#include "fuzz_input.h"
#include "gate/slurm_node_state.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(gate::SaysNodeNotFound(text));
  fuzz::Use(gate::ParseScontrolShowNode(text, "gpu-node-07"));
  return 0;
}
