// SPDX-License-Identifier: MIT
#include "fleet/figure_format.h"

#include <fmt/format.h>

#include <cmath>

namespace rocm_doctor::fleet {
namespace {

std::string ThreeDigits(double v) {
  const double a = std::abs(v);
  if (a >= 100) return fmt::format("{:.0f}", v);
  if (a >= 10) return fmt::format("{:.1f}", v);
  return fmt::format("{:.2f}", v);
}

}  // namespace

std::string FormatFigure(double value, const std::string& unit) {
  if (!std::isfinite(value)) return fmt::format("{} {}", value, unit);
  if (unit == "errors") {
    const long long n = std::llround(value);
    return fmt::format("{} error{}", n, n == 1 ? "" : "s");
  }
  if (unit == "s") {
    const double a = std::abs(value);
    if (a != 0 && a < 1e-6) return ThreeDigits(value * 1e9) + " ns";
    if (a != 0 && a < 1e-3) return ThreeDigits(value * 1e6) + " µs";
    if (a != 0 && a < 1) return ThreeDigits(value * 1e3) + " ms";
    return ThreeDigits(value) + " s";
  }
  static constexpr struct {
    double scale;
    const char* prefix;
  } kPrefixes[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const auto& p : kPrefixes) {
    if (std::abs(value) >= p.scale) return ThreeDigits(value / p.scale) + " " + p.prefix + unit;
  }
  return ThreeDigits(value) + " " + unit;
}

std::string FormatDeviation(double fraction) { return fmt::format("{:+.1f}%", fraction * 100); }

}  // namespace rocm_doctor::fleet
