// SPDX-License-Identifier: MIT
#pragma once
// rocm-doctor-hip's behaviour between argv and the exit code, with the GPU probe injected so it is
// tested on machines without a GPU. main.cpp wires the real probe and the real streams.
#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hip/bench/bench_plan.h"
#include "hip/bench/bench_report.h"
#include "hip/probe.h"

namespace rocm_doctor::hip_helper {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitNoDevice = 3;  // --bench: no device or the runtime did not start

struct HelperBackend {
  std::string_view name;     // "hip" / "cuda"
  std::string_view targets;  // ","-separated offload targets: "gfx90a,gfx1030", "sm_90"
  std::function<ProbeReport(const ProbeOptions&)> probe;
  std::function<BenchReport(const BenchOptions&)> bench;  // unset: built without benchmarks
};

// `args` excludes argv[0]. --probe writes one JSON line to `out` and returns kExitOk whatever the
// GPU state; a usage error writes the reason and the usage to `err` and returns kExitUsage.
// --bench writes one JSON line and returns kExitOk, or kExitNoDevice when the report carries a
// runtime start error.
int HelperMain(std::span<const std::string_view> args, const HelperBackend& backend,
               std::ostream& out, std::ostream& err);

// "gfx90a,gfx1030" -> {"gfx90a", "gfx1030"}; ';' separates too; empty items are dropped.
std::vector<std::string> SplitTargetList(std::string_view list);

}  // namespace rocm_doctor::hip_helper
