// SPDX-License-Identifier: MIT
#pragma once
// The matrix family's element types, their bit encodings and the input pattern. Shared by the
// device fill kernel (hipcc / nvcc, C++17) and the host reference (matrix_verify.cpp), so both
// sides agree on every bit without the vendors' bf16/fp16/fp8 headers (Debian's HIP 5.2 has no
// fp8 header). Encoders cover the normal range only: the pattern keeps every input in
// [1/64, 1) in magnitude, where bf16, fp16 and e4m3 are all normal.
#include <cstdint>

#if defined(__CUDACC__) || defined(__HIP__)
#define ROCMDOC_HD __host__ __device__
#else
#define ROCMDOC_HD
#endif

namespace rocm_doctor::hip_helper {

enum class MatrixType { kBf16, kFp16, kFp32, kFp64, kFp8E4m3, kInt8 };
enum class MatrixOut { kBf16, kFp16, kFp32, kFp64, kInt32 };

// e4m3 comes in two encodings: OCP "e4m3fn" (NVIDIA sm_89+, AMD gfx950/gfx12: exponent bias 7,
// NaN 0x7F/0xFF) and "e4m3fnuz" (AMD gfx942/MI300: bias 8, NaN 0x80, no negative zero).
enum class Fp8Flavor { kFn, kFnuz };

ROCMDOC_HD inline std::uint32_t FloatBits(float f) {
  union {
    float f;
    std::uint32_t u;
  } v{f};
  return v.u;
}
ROCMDOC_HD inline float BitsFloat(std::uint32_t u) {
  union {
    std::uint32_t u;
    float f;
  } v{u};
  return v.f;
}

// splitmix64's output function (Steele, Lea, Flood 2014): a bijective 64-bit mix.
ROCMDOC_HD inline std::uint64_t SplitMix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

inline constexpr float kPatternFloor = 1.0f / 64.0f;

// Element `index` of the matrix seeded `seed`: uniform in [-1, 1) on a 2^-23 grid, magnitudes
// below 1/64 raised to 1/64 (sign kept, 0 -> +1/64): never zero, exact in float.
ROCMDOC_HD inline float PatternFloat(std::uint64_t seed, std::uint64_t index) {
  const std::uint64_t h = SplitMix64(index ^ (seed << 48));
  const float u = static_cast<float>(h >> 40) * (1.0f / 16777216.0f);  // [0, 1), 24 bits
  float x = 2.0f * u - 1.0f;
  if (x > -kPatternFloor && x < kPatternFloor) x = x < 0.0f ? -kPatternFloor : kPatternFloor;
  return x;
}

// int8 inputs: uniform over {-8..-1, 1..8}.
ROCMDOC_HD inline std::int8_t PatternInt8(std::uint64_t seed, std::uint64_t index) {
  const int v = static_cast<int>(SplitMix64(index ^ (seed << 48)) >> 60);  // 0..15
  return static_cast<std::int8_t>(v < 8 ? v - 8 : v - 7);
}

// float -> bf16, round to nearest even (finite input).
ROCMDOC_HD inline std::uint16_t FloatToBf16(float f) {
  const std::uint32_t u = FloatBits(f);
  return static_cast<std::uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
ROCMDOC_HD inline float Bf16ToFloat(std::uint16_t h) {
  return BitsFloat(static_cast<std::uint32_t>(h) << 16);
}

// Rounds the 23-bit float mantissa `m` (with the biased target exponent `e` and sign `s`) to
// `bits` mantissa bits, nearest even; a carry moves into the exponent as it should.
ROCMDOC_HD inline std::uint32_t RoundPack(std::uint32_t s, std::uint32_t e, std::uint32_t m,
                                          int bits, int exp_bits) {
  const int drop = 23 - bits;
  std::uint32_t packed = (s << (bits + exp_bits)) | (e << bits) | (m >> drop);
  const std::uint32_t rest = m & ((1u << drop) - 1u);
  const std::uint32_t half = 1u << (drop - 1);
  if (rest > half || (rest == half && (packed & 1u) != 0)) ++packed;
  return packed;
}

// float -> fp16 for |f| in fp16's normal range [2^-14, 65504].
ROCMDOC_HD inline std::uint16_t FloatToFp16(float f) {
  const std::uint32_t u = FloatBits(f);
  const std::uint32_t e = ((u >> 23) & 0xFFu) - 127u + 15u;
  return static_cast<std::uint16_t>(RoundPack(u >> 31, e, u & 0x7FFFFFu, 10, 5));
}

// float -> e4m3 for |f| in [2^-6, 1] (both flavours normal there).
ROCMDOC_HD inline std::uint8_t FloatToE4m3(float f, Fp8Flavor flavor) {
  const std::uint32_t u = FloatBits(f);
  const std::uint32_t bias = flavor == Fp8Flavor::kFn ? 7u : 8u;
  const std::uint32_t e = ((u >> 23) & 0xFFu) - 127u + bias;
  return static_cast<std::uint8_t>(RoundPack(u >> 31, e, u & 0x7FFFFFu, 3, 4));
}

// Decoders (host side: the reference reads what the device holds, any encoding).
double Fp16ToDouble(std::uint16_t h);
double E4m3ToDouble(std::uint8_t b, Fp8Flavor flavor);  // NaN for the flavour's NaN codes

}  // namespace rocm_doctor::hip_helper
