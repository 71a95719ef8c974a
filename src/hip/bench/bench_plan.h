// SPDX-License-Identifier: MIT
#pragma once
// What each --bench level runs and how large: benchmark names, sample counts, buffer sizes from
// free memory, and the developer override of the STREAM kernel shape. Pure host logic
// (unit-tested); C++17 because the GPU sources read the plan.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::hip_helper {

enum class BenchLevel { kQuick, kStandard, kStress };

std::optional<BenchLevel> ParseBenchLevel(std::string_view text);
const char* BenchLevelName(BenchLevel level);

// Every benchmark, in the order they run. Names are stable: the doctor's thresholds key on them.
inline constexpr std::array<std::string_view, 34> kBenchNames = {
    "memory.copy",       "memory.scale",      "memory.add",        "memory.triad",
    "memory.dot",        "host.h2d_pinned",   "host.d2h_pinned",   "host.bidir_pinned",
    "host.h2d_pageable", "host.d2h_pageable", "peer.copy",         "peer.kernel_copy",
    "launch.enqueue",    "launch.roundtrip",  "launch.throughput", "compute.fp32_fma",
    "compute.fp16_fma",  "compute.bf16_fma",  "matrix.bf16",       "matrix.fp16",
    "matrix.fp32",       "matrix.fp64",       "matrix.fp8",        "matrix.int8",
    "matrix.bf16_gst",   "matrix.fp16_gst",   "matrix.fp32_gst",   "matrix.fp64_gst",
    "matrix.fp8_gst",    "matrix.int8_gst",   "memtest.address",   "memtest.moving_inversions",
    "memtest.random",    "stress.mixed"};

// --only NAME[,NAME...]: each item is a benchmark name or a family ("memory" = memory.*). Returns
// the selected names in run order, or the first item that names nothing. Empty `items`: all.
struct BenchSelection {
  std::vector<std::string> names;
  std::optional<std::string> unknown;  // the item that matched no benchmark
};
BenchSelection SelectBenchmarks(const std::vector<std::string>& items);

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> SplitCommaList(std::string_view list);

struct BenchPlan {
  BenchLevel level = BenchLevel::kQuick;
  double kernel_deadline_seconds = 20.0;  // longest wait for one batch before "timeout"

  // memory.*: three arrays of float; batches of `stream_iterations` launches.
  std::uint64_t stream_array_bytes = 0;  // wanted per array; capped by free memory
  int stream_warmups = 0;
  int stream_samples = 0;
  int stream_iterations = 0;

  // host.*: one transfer of `host_bytes` per iteration (pageable: `pageable_bytes`).
  std::uint64_t host_bytes = 0;
  std::uint64_t pageable_bytes = 0;
  int host_samples = 0;
  int host_iterations = 0;

  std::uint64_t peer_bytes = 0;
  int peer_samples = 0;

  // collective.*: the largest all-reduce buffer per rank (nccl-tests' "size"), before the GPUs'
  // free memory caps it. 16 GiB at standard and stress: the size Azure's node health checks hold
  // 8-GPU nodes to (checks/data/collective_floors.csv).
  std::uint64_t collective_bytes = 0;

  // launch.*: `launch_batch` launches per sample.
  int launch_samples = 0;
  int launch_batch = 0;

  // compute.*: each launch sized to last about fma_launch_seconds.
  double fma_launch_seconds = 0.0;
  int fma_samples = 0;
  int fma_iterations = 0;

  // memtest.*: a fraction of free memory, at most memtest_max_bytes.
  double memtest_fraction = 0.0;
  std::uint64_t memtest_max_bytes = 0;

  double stress_seconds = 0.0;  // 0: stress.mixed is skipped
  double stress_interval_seconds = 0.0;

  // matrix.*: batches of GEMMs lasting about matrix_batch_seconds, after matrix_warmup_batches.
  double matrix_batch_seconds = 0.0;
  int matrix_samples = 0;
  int matrix_warmup_batches = 0;
  // Hidden test option --plant-corruption matrix: one output element is changed after the timed
  // batches, before verification, so a test on a GPU sees the check catch it.
  bool plant_matrix_corruption = false;
  int telemetry_interval_ms = 20;
};

// What --bench hands the GPU side: the device, the level's plan and the selected names.
struct BenchOptions {
  int device = 0;
  BenchPlan plan;
  std::vector<std::string> names;  // in run order
};

// The plan of `level`; the overrides come from --memtest-fraction and --stress-seconds.
BenchPlan MakeBenchPlan(BenchLevel level, std::optional<double> memtest_fraction,
                        std::optional<double> stress_seconds);

// Elements per STREAM array: the plan's size, at most a fifth of free memory each (three arrays
// plus room for the runtime), rounded down to a multiple of kStreamElementQuantum. 0 when even one
// quantum does not fit.
inline constexpr std::uint64_t kStreamElementQuantum = std::uint64_t{1} << 20;
std::uint64_t StreamElementsPerArray(std::uint64_t free_bytes, std::uint64_t element_bytes,
                                     const BenchPlan& plan);

// Bytes the memory test covers: fraction * free, capped, rounded down to kMemtestQuantum; 0 when
// that is under kMemtestMinBytes.
inline constexpr std::uint64_t kMemtestQuantum = std::uint64_t{2} << 20;
inline constexpr std::uint64_t kMemtestMinBytes = std::uint64_t{64} << 20;
std::uint64_t MemtestBytes(std::uint64_t free_bytes, const BenchPlan& plan);

// How the STREAM kernels are launched. `unroll` float4s per thread are loaded before any is
// used; the streaming hints mark loads / stores non-temporal (CUDA ld.global.cs / st.global.cs,
// AMD nontemporal). The dot has its own shape: a persistent grid of dot_blocks_per_cu blocks per
// compute unit. Defaults: the best of tools/bench/stream_sweep.sh on the H200 (docs/hip-helper.md).
struct StreamConfig {
  int unroll = 1;     // 1, 2, 4 or 8
  int threads = 256;  // per block: 64, 128, 256, 512 or 1024
  bool streaming_loads = true;
  bool streaming_stores = true;
  int dot_unroll = 2;
  int dot_threads = 1024;
  int dot_blocks_per_cu = 4;  // 1..32
};

// The developer override in $ROCMDOC_BENCH_STREAM: "unroll=8,threads=512,hint=plain,dot=2", any
// subset of the keys unroll, threads, hint (stream: loads and stores, load, store, plain),
// dot_unroll, dot_threads, dot (blocks per compute unit). nullopt (and `error`) on anything else.
std::optional<StreamConfig> ParseStreamConfig(std::string_view text, StreamConfig base,
                                              std::string* error);

}  // namespace rocm_doctor::hip_helper
