// SPDX-License-Identifier: MIT
#pragma once
// The bus-bandwidth floors of the collectives (checks/data/collective_floors.csv): per GPU model
// and GPU count, the busbw an all-reduce (all-gather) over every GPU of a node must reach at the
// message size the source measured it at. A pure table; bench.collective judges with it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::collective_floors {

struct Floor {
  std::string gpu;           // a model token of the runtime's device name: "MI300X"
  std::int64_t gpus = 0;     // the GPU (GCD) count the figure holds for
  std::string benchmark;     // "collective.all_reduce"
  double min_busbw_bps = 0;  // B/s (the file says GB/s)
  // The all-reduce buffer (nccl-tests' "size", bytes) the figure was measured at; nullopt where
  // the source states none, and then the run's largest size is judged.
  std::optional<double> message_bytes;
  std::string source;
};

// The rows of a file in the collective_floors.csv format; errors name `origin` and the line.
Result<std::vector<Floor>> Parse(std::string_view csv, const std::string& origin);

// The embedded table; empty if it does not parse (CollectiveFloors.TheBuiltinTableParses fails
// then).
const std::vector<Floor>& Builtin();

// Whether `device_name` ("AMD Instinct MI250X / MI250") names the model `gpu` ("MI250") as a whole
// word, case-insensitively: "MI250" matches that name, "MI300" does not match "MI300X".
bool NamesModel(std::string_view device_name, std::string_view gpu);

// The row for this device, GPU count and benchmark; nullptr when none.
const Floor* Find(const std::vector<Floor>& floors, std::string_view device_name, std::int64_t gpus,
                  std::string_view benchmark);

}  // namespace rocm_doctor::collective_floors
