// SPDX-License-Identifier: MIT
#include "hip/bench/stream_values.h"

namespace rocm_doctor::hip_helper {

double StreamExpectedDot(std::uint64_t elements) {
  double period_sum = 0.0;
  for (std::uint64_t i = 0; i < kStreamPatternPeriod; ++i) {
    const float a = StreamA0(i);
    period_sum += static_cast<double>(a) * static_cast<double>(StreamScaled(a));
  }
  const std::uint64_t periods = elements / kStreamPatternPeriod;
  double tail = 0.0;
  for (std::uint64_t i = periods * kStreamPatternPeriod; i < elements; ++i) {
    const float a = StreamA0(i);
    tail += static_cast<double>(a) * static_cast<double>(StreamScaled(a));
  }
  return period_sum * static_cast<double>(periods) + tail;
}

}  // namespace rocm_doctor::hip_helper
