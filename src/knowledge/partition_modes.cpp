// SPDX-License-Identifier: MIT
#include "knowledge/partition_modes.h"

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

}  // namespace rocm_doctor::knowledge
