// SPDX-License-Identifier: MIT
#include "hip/bench/amd_clock.h"

#include <gtest/gtest.h>

namespace rocm_doctor::hip_helper {
namespace {

TEST(PpDpmSclk, TheMarkedLevel) {
  // An MI210's table (amdgpu sysfs), mid-run.
  EXPECT_EQ(ParseCurrentDpmClockMhz("0: 500Mhz\n1: 1700Mhz *\n"), 1700);
  EXPECT_EQ(ParseCurrentDpmClockMhz("0: 500Mhz *\n1: 800Mhz\n2: 1700Mhz\n"), 500);
  EXPECT_EQ(ParseCurrentDpmClockMhz("S: 19Mhz *\n0: 500Mhz\n"), 19);  // the sleep level
  EXPECT_EQ(ParseCurrentDpmClockMhz("1: 2100MHz *\r\n"), 2100);
}

TEST(PpDpmSclk, NothingMarkedOrGarbage) {
  EXPECT_FALSE(ParseCurrentDpmClockMhz(""));
  EXPECT_FALSE(ParseCurrentDpmClockMhz("0: 500Mhz\n1: 1700Mhz\n"));
  EXPECT_FALSE(ParseCurrentDpmClockMhz("1: fastMhz *\n"));
  EXPECT_FALSE(ParseCurrentDpmClockMhz("1: 1700 *\n"));  // no unit
  EXPECT_FALSE(ParseCurrentDpmClockMhz("1: 0Mhz *\n"));
  EXPECT_FALSE(ParseCurrentDpmClockMhz("1700Mhz *\n"));  // no level
  EXPECT_FALSE(ReadAmdShaderClockMhz("no-such-device"));
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
