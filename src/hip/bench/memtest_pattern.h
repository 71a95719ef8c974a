// SPDX-License-Identifier: MIT
#pragma once
// What the memory tests write to each 64-bit word, shared by the kernels and the host tests.
#include <array>
#include <cstdint>

#include "hip/bench/host_device.h"

namespace rocm_doctor::hip_helper {

// splitmix64 of (seed, word index): a different, reproducible value for every word and seed.
ROCMDOC_HOST_DEVICE inline std::uint64_t MemtestRandomWord(std::uint64_t seed,
                                                           std::uint64_t index) {
  std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

// The moving-inversions backgrounds: all zeros, all ones, checkerboards, nibble and byte stripes.
// Each is written, then checked and inverted, then checked and inverted back.
inline constexpr std::array<std::uint64_t, 6> kMovingInversionPatterns = {
    0x0000000000000000ULL, 0xFFFFFFFFFFFFFFFFULL, 0xAAAAAAAAAAAAAAAAULL,
    0x5555555555555555ULL, 0x0F0F0F0F0F0F0F0FULL, 0x00FF00FF00FF00FFULL};

// How a word's expected value is made.
enum class MemtestFill : std::uint32_t {
  kOwnAddress = 0,  // the word's own device address
  kConstant = 1,    // `value`
  kRandom = 2,      // MemtestRandomWord(value, index)
};

ROCMDOC_HOST_DEVICE inline std::uint64_t MemtestExpected(MemtestFill fill, std::uint64_t value,
                                                         std::uint64_t address, std::uint64_t index,
                                                         bool inverted) {
  std::uint64_t word = value;
  if (fill == MemtestFill::kOwnAddress) word = address;
  if (fill == MemtestFill::kRandom) word = MemtestRandomWord(value, index);
  return inverted ? ~word : word;
}

// First mismatches kept per test (address, expected, got).
inline constexpr int kMemtestMaxRecorded = 16;

}  // namespace rocm_doctor::hip_helper
