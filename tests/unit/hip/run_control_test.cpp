// SPDX-License-Identifier: MIT
#include "hip/bench/run_control.h"

#include <gtest/gtest.h>

#include <csignal>

namespace rocm_doctor::hip_helper {
namespace {

TEST(BenchSignals, SigintAndSigtermRequestAStop) {
  InstallBenchSignalHandlers();
  for (const int signal : {SIGINT, SIGTERM}) {
    ClearBenchStop();
    EXPECT_FALSE(BenchStopRequested());
    ASSERT_EQ(std::raise(signal), 0);  // the handler runs; the process goes on
    EXPECT_TRUE(BenchStopRequested()) << signal;
  }
  ClearBenchStop();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
