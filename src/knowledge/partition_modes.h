// SPDX-License-Identifier: MIT
#pragma once
// Compute partition modes of the MI300 series and how many logical GPUs each makes of one
// physical GPU (amdgpu_gfx.c amdgpu_gfx_set_compute_partition: DPX needs the XCCs in multiples
// of 4, TPX 6 XCCs, QPX 8; CPX is one partition per XCC).
#include <optional>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/partition.h"

namespace rocm_doctor::knowledge {

// SPX 1, DPX 2, TPX 3, QPX 4; CPX: `xccs` (one partition per XCC) when known; else nullopt.
std::optional<int> PartitionsPerGpu(std::string_view mode, std::optional<int> xccs = std::nullopt);

// NPS1 1, NPS2 2, NPS4 4, NPS8 8; nullopt for anything else.
std::optional<int> MemoryPartitions(std::string_view mode);

// The partition modes of the GPU at one PCI address, as the report's gpus[] and the benchmark
// judgement carry them. A partitioned GPU keeps one PCI function for all its logical GPUs, so
// the address of any partition (the helper's pci_bus_id) finds its modes.
struct GpuPartitionModes {
  // The driver has the attributes (MI300 series). false: the GPU has no partition modes (an
  // MI250X, a Radeon) or is not in the facts; compute and memory are then nullopt too.
  bool present = false;
  std::optional<std::string> compute;  // "CPX"; nullopt when present but unreadable
  std::optional<std::string> memory;   // "NPS4"
};
// `bdf` in any case ("0000:C1:00.0" as some runtimes print it).
GpuPartitionModes PartitionModesOf(const PartitionFacts& facts, std::string_view bdf);

}  // namespace rocm_doctor::knowledge
