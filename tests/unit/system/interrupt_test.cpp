// SPDX-License-Identifier: MIT
// Ctrl-C while a child runs (src/system/interrupt.h): the child's own process group gets SIGINT,
// the runner waits for it to finish and print, and nothing new starts afterwards.
#include "system/interrupt.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "system/command_runner.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

TEST(InterruptForwarding, TheChildGetsSigintFinishesAndNothingNewStarts) {
  system::InstallInterruptForwarding();
  testing::TempTree tree;
  const std::string ready = tree.At("ready");
  CommandSpec spec;
  spec.name = "stoppable";
  // Like the benchmark helper: on SIGINT it stops its work, reports and exits 0.
  spec.argv = {"/bin/sh", "-c",
               "trap 'kill $! 2>/dev/null; echo stopped cleanly; exit 0' INT; : > \"$0\"; "
               "sleep 30 & wait",
               ready};
  spec.timeout = std::chrono::seconds(20);
  std::thread user([&] {
    // Ctrl-C once the child runs with its trap set (it creates `ready` after the trap).
    while (!std::filesystem::exists(ready) || system::RunningChildGroups() == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::raise(SIGINT);
  });
  const auto started = std::chrono::steady_clock::now();
  const CommandOutcome out = RunCommand(spec);
  user.join();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(15));
  EXPECT_TRUE(system::InterruptRequested());
  EXPECT_TRUE(out.interrupted);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  EXPECT_EQ(out.exit_code, 0);
  EXPECT_EQ(out.out, "stopped cleanly\n");
  EXPECT_EQ(system::RunningChildGroups(), 0u);

  CommandSpec next;
  next.name = "after";
  next.argv = {"/bin/true"};
  const CommandOutcome refused = RunCommand(next);
  EXPECT_EQ(refused.state, CommandOutcome::State::kSpawnFailed);
  EXPECT_TRUE(refused.interrupted);
  EXPECT_EQ(refused.error, "/bin/true: not started, interrupted");
}

}  // namespace
}  // namespace rocm_doctor
