// SPDX-License-Identifier: MIT
#pragma once
// The value the smoke kernel writes to element i, shared by the kernel and the host check.
// C++17 and host+device: this header is compiled by hipcc/nvcc and by the normal C++ compiler.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "hip/probe_report.h"

#if defined(__HIPCC__) || defined(__CUDACC__)
#define ROCMDOC_HOST_DEVICE __host__ __device__
#else
#define ROCMDOC_HOST_DEVICE
#endif

namespace rocm_doctor::hip_helper {

// 4096 elements: 16 KiB, 16 blocks of 256 threads; small enough for any GPU, enough blocks to
// touch more than one compute unit.
inline constexpr std::uint32_t kSmokeElements = 4096;
inline constexpr std::uint32_t kSmokeBlockSize = 256;

// i*3+1 never equals the 0xFFFFFFFF fill the buffer starts with, so an element the kernel did not
// write is caught.
ROCMDOC_HOST_DEVICE constexpr std::uint32_t SmokeValue(std::uint32_t i) { return i * 3U + 1U; }

// The first wrong element of `values[0..count)` and how many are wrong; nullopt when all match.
std::optional<SmokeMismatch> FindSmokeMismatch(const std::uint32_t* values, std::size_t count);

}  // namespace rocm_doctor::hip_helper
