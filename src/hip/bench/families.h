// SPDX-License-Identifier: MIT
#pragma once
// The benchmark families. Each runs the names of its family that `names` holds, in that order,
// appends one result per benchmark it ran, and stops early (leaving the rest to the runner) when
// ctx.ShouldStop(). Every path frees what it allocated.
#include <string>
#include <vector>

#include "hip/bench/bench_context.h"

namespace rocm_doctor::hip_helper {

void RunStreamBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out);  // memory.*
void RunHostCopyBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                           std::vector<BenchResult>& out);  // host.*
void RunPeerBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                       std::vector<BenchResult>& out);  // peer.*
void RunLaunchBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out);  // launch.*
void RunComputeBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                          std::vector<BenchResult>& out);  // compute.*
void RunMatrixBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out);  // matrix.*
void RunMemtestBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                          std::vector<BenchResult>& out);  // memtest.*
void RunStressBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out);  // stress.*
void RunCollectiveBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                             std::vector<BenchResult>& out);  // collective.* (RCCL/NCCL)

}  // namespace rocm_doctor::hip_helper
