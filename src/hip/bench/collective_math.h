// SPDX-License-Identifier: MIT
#pragma once
// The arithmetic of the collective.* benchmarks, free of GPU types (C++17, host-tested): the
// bandwidths nccl-tests and rccl-tests report and the values each rank holds, so a result can be
// checked element by element.
//
// nccl-tests doc/PERFORMANCE.md
// (https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md): "algbw = S/t"; all-reduce
// "busbw = algbw * 2*(n-1)/n"; all-gather "busbw = algbw * (n-1)/n", with S the all-reduce buffer
// and, for all-gather, the whole gathered buffer (sendcount x n). rccl-tests is a fork and reports
// the same.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rocm_doctor::hip_helper::collective {

// Run only when asked for (--only collective): one run spans every visible GPU, so the doctor's
// one-run-per-GPU default set leaves them out (bench_plan.cpp SelectBenchmarks).
inline constexpr std::array<std::string_view, 2> kNames = {"collective.all_reduce",
                                                           "collective.all_gather"};

enum class Kind { kAllReduce, kAllGather };

inline double BusFactor(Kind kind, int ranks) {
  if (ranks <= 0) return 0;
  const double n = ranks;
  return kind == Kind::kAllReduce ? 2 * (n - 1) / n : (n - 1) / n;
}

// S of nccl-tests: the bytes one operation moves in its own terms. `count` is the all-reduce
// element count, or the all-gather send count per rank.
inline double OperationBytes(Kind kind, std::size_t count, std::size_t element_bytes, int ranks) {
  const double bytes = static_cast<double>(count) * static_cast<double>(element_bytes);
  return kind == Kind::kAllReduce ? bytes : bytes * ranks;
}

// What rank `rank` sends at element `i` (floats; every value and every sum below 2^24 is exact):
// all-reduce (rank + 1) x (i % 251 + 1), so the sum over n ranks is n(n+1)/2 x (i % 251 + 1);
// all-gather rank x 256 + i % 256, so the gathered buffer names the rank each block came from.
inline float SendValue(Kind kind, int rank, std::size_t i) {
  if (kind == Kind::kAllReduce)
    return static_cast<float>((rank + 1) * static_cast<int>(i % 251 + 1));
  return static_cast<float>(rank * 256 + static_cast<int>(i % 256));
}

// Both send patterns repeat after kPeriod elements (all-reduce i % 251, all-gather i % 256), and
// so does the answer inside each block of the receive buffer (the whole all-reduce buffer, or
// one rank's block of `count` elements of an all-gather, count a multiple of 256): a buffer is
// filled, and checked, a chunk at a time from one chunk computed on the host (collective.cpp).
inline constexpr std::size_t kPeriod = 251 * 256;

// What every rank must hold at element `j` of its receive buffer afterwards.
inline float ExpectedValue(Kind kind, int ranks, std::size_t count, std::size_t j) {
  if (kind == Kind::kAllReduce) {
    return static_cast<float>(ranks * (ranks + 1) / 2 * static_cast<int>(j % 251 + 1));
  }
  const int from = static_cast<int>(j / count);
  return SendValue(kind, from, j % count);
}

}  // namespace rocm_doctor::hip_helper::collective
