// SPDX-License-Identifier: MIT
#pragma once
// BenchReport -> the one-line JSON object `rocm-doctor-hip --bench` prints (docs/hip-helper.md,
// "Benchmarks"; the doctor parses it in src/collect/hip_bench_parse.*).
#include <string>

#include "hip/bench/bench_report.h"

namespace rocm_doctor::hip_helper {

std::string BenchReportJson(const BenchReport& report);

}  // namespace rocm_doctor::hip_helper
