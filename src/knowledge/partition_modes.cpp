// SPDX-License-Identifier: MIT
#include "knowledge/partition_modes.h"

#include "base/text_parse.h"
#include "rocm_doctor/facts/pci.h"

namespace rocm_doctor::knowledge {

std::optional<int> PartitionsPerGpu(std::string_view mode, std::optional<int> xccs) {
  if (mode == "SPX") return 1;
  if (mode == "DPX") return 2;
  if (mode == "TPX") return 3;
  if (mode == "QPX") return 4;
  if (mode == "CPX") return xccs;
  return std::nullopt;
}

std::optional<int> MemoryPartitions(std::string_view mode) {
  if (mode == "NPS1") return 1;
  if (mode == "NPS2") return 2;
  if (mode == "NPS4") return 4;
  if (mode == "NPS8") return 8;
  return std::nullopt;
}

GpuPartitionModes PartitionModesOf(const PartitionFacts& facts, std::string_view bdf) {
  GpuPartitionModes modes;
  const std::string wanted = parse::Lower(bdf);
  for (const GpuPartition& dev : facts.devices) {
    if (parse::Lower(dev.bdf) != wanted) continue;
    // Absent (kNotReported): no partition modes. Present but unreadable: modes, value unknown.
    modes.present = dev.compute_current.known() || !NotReported(dev.compute_current.error);
    if (!modes.present) return modes;
    if (dev.compute_current.known()) modes.compute = *dev.compute_current;
    if (dev.memory_current.known()) modes.memory = *dev.memory_current;
    return modes;
  }
  return modes;
}

}  // namespace rocm_doctor::knowledge
