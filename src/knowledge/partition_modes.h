// SPDX-License-Identifier: MIT
#pragma once
// Compute partition modes of the MI300 series and how many logical GPUs each makes of one
// physical GPU (amdgpu_gfx.c amdgpu_gfx_set_compute_partition: DPX needs the XCCs in multiples
// of 4, TPX 6 XCCs, QPX 8; CPX is one partition per XCC).
#include <optional>
#include <string_view>

namespace rocm_doctor::knowledge {

// SPX 1, DPX 2, TPX 3, QPX 4; CPX: `xccs` (one partition per XCC) when known; else nullopt.
std::optional<int> PartitionsPerGpu(std::string_view mode, std::optional<int> xccs = std::nullopt);

// NPS1 1, NPS2 2, NPS4 4, NPS8 8; nullopt for anything else.
std::optional<int> MemoryPartitions(std::string_view mode);

}  // namespace rocm_doctor::knowledge
