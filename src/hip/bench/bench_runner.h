// SPDX-License-Identifier: MIT
#pragma once
// Entry point of `rocm-doctor-hip --bench` on the GPU side; plain types only, so main.cpp (plain
// C++) can wire it into HelperBackend.
#include "hip/bench/bench_plan.h"
#include "hip/bench/bench_report.h"

namespace rocm_doctor::hip_helper {

// Never fails: runtime start errors land in report.error, benchmark failures in their results.
BenchReport RunBench(const BenchOptions& options);

}  // namespace rocm_doctor::hip_helper
