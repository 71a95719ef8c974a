// SPDX-License-Identifier: MIT
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor {

struct Policy;  // include/rocm_doctor/policy.h

// The levels of every command that has one (check, capture, gate, a policy's level; bench from
// standard on), least first, each meaning the same everywhere: basic runs no GPU work; standard
// adds the short benchmark set; extended the longer set with 30 s of stress; stress the stress
// level (BenchLevel, include/rocm_doctor/facts/bench.h).
inline constexpr std::string_view kRunLevels[] = {"basic", "standard", "extended", "stress"};
class BenchThresholds;  // include/rocm_doctor/bench_thresholds.h

// What the benchmark checks (checks/bench/) run and judge against.
struct BenchOptions {
  // Whether the bench.* checks run at all, and how long the helper measures: "standard",
  // "extended" or "stress" (BenchLevel). Empty: no benchmarks (check --level basic).
  std::string level;
  std::vector<std::string> only;  // bench --only: benchmark names or families, passed through
  std::optional<int> device;      // --device N: one runtime ordinal; unset: every HIP device
  // bench --stress-seconds S (1..86400): how long stress.mixed runs, whatever the level says
  // (the helper's --stress-seconds); unset: the level's own length.
  std::optional<int> stress_seconds;
  // --thresholds FILE merged over the built-in table; null: the built-in table.
  std::shared_ptr<const BenchThresholds> thresholds;
  // The helper's progress lines while it runs (a terminal's progress line); may be empty.
  std::function<void(std::string_view)> progress;
};

// What the user (or a policy) asked for; checks read it through CheckContext.
struct CheckOptions {
  std::optional<int> expect_gpus;  // --expect-gpus N
  // hardware.bar.small: warn when CPU-visible VRAM is below this fraction of VRAM.
  double min_visible_vram_fraction = 0.9;
  // hardware.memory.low: system RAM wanted per GPU, and for the first (GiB). The rule is the
  // project's (issue 9: at least 32 GB for one GPU, 16 GB more per additional GPU), a common
  // workstation rule of thumb; ROCm's documentation states no host-RAM figure (its system
  // requirements list GPUs, distributions and kernels only). "GB" is read as GiB: memory is sold
  // in binary sizes (JEDEC's GB = 2^30 bytes), so a "32 GB" host has 32 GiB of DIMMs.
  double ram_gib_first_gpu = 32;
  double ram_gib_per_extra_gpu = 16;
  // --policy FILE: what the checks of the policy layer judge; its waivers are applied by the
  // engine to every check's outcome. Null without a policy.
  std::shared_ptr<const Policy> policy;
  BenchOptions bench;
};

}  // namespace rocm_doctor
