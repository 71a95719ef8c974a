// SPDX-License-Identifier: MIT
#pragma once
// Benchmark figures for people: base units (B/s, FLOP/s, s, launch/s, errors) with a decimal
// prefix, three significant digits. "4.12 TB/s", "51.2 TFLOP/s", "8.31 µs", "3 errors".
#include <string>

namespace rocm_doctor::fleet {

std::string FormatFigure(double value, const std::string& unit);
// "-24.8%", "+3.1%"
std::string FormatDeviation(double fraction);

}  // namespace rocm_doctor::fleet
