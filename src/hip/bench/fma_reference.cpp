// SPDX-License-Identifier: MIT
#include "hip/bench/fma_reference.h"

#include <cmath>
#include <limits>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

std::string ArchBase(const std::string& arch) { return arch.substr(0, arch.find(':')); }

bool IsPackedFp32Amd(const std::string& base) {
  return base == "gfx90a" || base == "gfx940" || base == "gfx941" || base == "gfx942";
}

}  // namespace

double RoundToPrecision(double value, int precision_bits, int min_exponent, double max_finite) {
  if (value == 0.0 || !std::isfinite(value)) return value;
  int exponent = 0;
  std::frexp(value, &exponent);  // value = m * 2^exponent, 0.5 <= |m| < 1
  const int unit_exponent = std::max(exponent - 1, min_exponent) - (precision_bits - 1);
  // Scaling by a power of two is exact; nearbyint rounds to nearest-even in the default mode.
  const double rounded =
      std::ldexp(std::nearbyint(std::ldexp(value, -unit_exponent)), unit_exponent);
  if (std::fabs(rounded) > max_finite)
    return std::copysign(std::numeric_limits<double>::infinity(), value);
  return rounded;
}

float FusedMultiplyAdd(FmaKind kind, float a, float b, float c) {
  switch (kind) {
    case FmaKind::kFp32:
      return std::fma(a, b, c);
    case FmaKind::kFp16: {
      // a*b of two fp16 values is exact in double (22 bits) and so is adding c for values within
      // 2^30 of each other: one rounding, as the hardware does.
      const double exact = static_cast<double>(a) * static_cast<double>(b) + static_cast<double>(c);
      return static_cast<float>(RoundToPrecision(exact, 11, -14, 65504.0));
    }
    case FmaKind::kBf16: {
      const double exact = static_cast<double>(a) * static_cast<double>(b) + static_cast<double>(c);
      return static_cast<float>(
          RoundToPrecision(exact, 8, -126, static_cast<double>(std::numeric_limits<float>::max())));
    }
  }
  return std::numeric_limits<float>::quiet_NaN();
}

int FmaChains(FmaKind kind) {
  return kind == FmaKind::kFp32 ? kFp32Accumulators : kPackedAccumulators;
}

double FmaFlopsPerStep(FmaKind kind) { return 2.0 * FmaChains(kind); }

float ExpectedFmaThreadSum(FmaKind kind, std::int64_t steps) {
  const int chains = FmaChains(kind);
  std::vector<float> acc(static_cast<std::size_t>(chains));
  for (int j = 0; j < chains; ++j) acc[static_cast<std::size_t>(j)] = FmaStart(j);
  for (float& value : acc) {
    float previous = std::numeric_limits<float>::quiet_NaN();
    for (std::int64_t step = 0; step < steps; ++step) {
      value = FusedMultiplyAdd(kind, value, kFmaX, kFmaY);
      // A chain that reached its fixed point stays there: skip the remaining steps.
      if (value == previous) break;
      previous = value;
    }
  }
  float sum = 0.0F;
  for (const float value : acc) sum += value;
  return sum;
}

std::optional<std::string> FmaInstructionPath(FmaKind kind, const std::string& backend,
                                              const std::string& arch) {
  if (backend == "cuda") {
    switch (kind) {
      case FmaKind::kFp32:
        return "fma.rn.f32";
      case FmaKind::kFp16:
        return "fma.rn.f16x2";
      case FmaKind::kBf16:
        return "fma.rn.bf16x2";
    }
  }
  if (backend == "hip") {
    switch (kind) {
      case FmaKind::kFp32:
        return IsPackedFp32Amd(ArchBase(arch)) ? "v_pk_fma_f32" : "v_fma_f32";
      case FmaKind::kFp16:
        return "v_pk_fma_f16";
      case FmaKind::kBf16:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<int> Fp32LanesPerComputeUnit(const std::string& backend, const std::string& arch) {
  const std::string base = ArchBase(arch);
  if (backend == "cuda") {
    if (base == "sm_90" || base == "sm_89" || base == "sm_86") return 128;
    if (base == "sm_80" || base == "sm_70") return 64;
    return std::nullopt;
  }
  if (backend == "hip") {
    if (IsPackedFp32Amd(base)) return 128;
    if (base == "gfx1030") return 64;
  }
  return std::nullopt;
}

}  // namespace rocm_doctor::hip_helper
