// SPDX-License-Identifier: MIT
#include "system/command_runner.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>

namespace rocm_doctor {
namespace {

using State = CommandOutcome::State;

CommandSpec Spec(std::vector<std::string> argv, std::chrono::milliseconds timeout =
                                                    std::chrono::milliseconds(10000)) {
  CommandSpec spec;
  spec.name = "test";
  spec.argv = std::move(argv);
  spec.timeout = timeout;
  return spec;
}

TEST(CommandRunner, TrueAndFalseExitCodes) {
  const CommandOutcome ok = RunCommand(Spec({"true"}));
  EXPECT_EQ(ok.state, State::kExited);
  EXPECT_EQ(ok.exit_code, 0);
  const CommandOutcome bad = RunCommand(Spec({"false"}));
  EXPECT_EQ(bad.state, State::kExited);
  EXPECT_EQ(bad.exit_code, 1);
  const CommandOutcome seven = RunCommand(Spec({"sh", "-c", "exit 7"}));
  EXPECT_EQ(seven.exit_code, 7);
}

TEST(CommandRunner, CapturesStdoutAndStderrSeparately) {
  const CommandOutcome out = RunCommand(Spec({"sh", "-c", "echo out; echo err >&2"}));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.out, "out\n");
  EXPECT_EQ(out.err, "err\n");
  EXPECT_FALSE(out.truncated);
}

TEST(CommandRunner, ArgvIsNotAShell) {
  const CommandOutcome out = RunCommand(Spec({"echo", "$HOME; rm -rf /", "`id`"}));
  EXPECT_EQ(out.out, "$HOME; rm -rf / `id`\n");
}

TEST(CommandRunner, StdinIsDevNull) {
  const CommandOutcome out = RunCommand(Spec({"cat"}, std::chrono::milliseconds(5000)));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.out, "");
}

TEST(CommandRunner, ExtraEnvReachesTheChild) {
  CommandSpec spec = Spec({"sh", "-c", "printf %s \"$ROCMDOC_TEST_VAR\""});
  spec.extra_env["ROCMDOC_TEST_VAR"] = "gfx942";
  EXPECT_EQ(RunCommand(spec).out, "gfx942");
}

TEST(CommandRunner, MissingProgramIsSpawnFailure) {
  const CommandOutcome out = RunCommand(Spec({"rocmdoc-no-such-program-xyz"}));
  EXPECT_EQ(out.state, State::kSpawnFailed);
  EXPECT_NE(out.error.find("No such file or directory"), std::string::npos) << out.error;
  EXPECT_EQ(RunCommand(Spec({})).state, State::kSpawnFailed);
}

TEST(CommandRunner, SignalIsReported) {
  const CommandOutcome out = RunCommand(Spec({"sh", "-c", "kill -SEGV $$"}));
  EXPECT_EQ(out.state, State::kSignaled);
  EXPECT_EQ(out.signal, SIGSEGV);
}

TEST(CommandRunner, TimeoutKillsTheWholeProcessGroup) {
  // The shell forks `sleep` (no exec: two commands); both must be gone after the deadline.
  const auto start = std::chrono::steady_clock::now();
  const CommandOutcome out = RunCommand(
      Spec({"sh", "-c", "sleep 100 & echo $!; wait"}, std::chrono::milliseconds(500)));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(out.state, State::kTimedOut);
  EXPECT_EQ(out.signal, SIGKILL);
  EXPECT_LT(seconds, 1.5);
  const pid_t sleeper = static_cast<pid_t>(std::stol(out.out));
  ASSERT_GT(sleeper, 0);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    // Killed but not yet reaped by init counts as gone: check /proc state, not kill(0).
    const std::string stat_path = "/proc/" + std::to_string(sleeper) + "/stat";
    FILE* f = std::fopen(stat_path.c_str(), "r");
    if (f == nullptr) {
      gone = true;
      break;
    }
    char state = '?';
    const int fields = std::fscanf(f, "%*d %*s %c", &state);
    std::fclose(f);
    gone = fields == 1 && (state == 'Z' || state == 'X');
    if (!gone) usleep(10000);
  }
  EXPECT_TRUE(gone) << "the grandchild sleep " << sleeper << " survived";
}

TEST(CommandRunner, WhatAnExitedChildLeftInItsGroupIsKilled) {
  // The shell starts a sleep with its streams closed and exits at once: the runner returns
  // without waiting for it, and the sleep must not outlive the command.
  const CommandOutcome out = RunCommand(
      Spec({"sh", "-c", "sleep 100 </dev/null >/dev/null 2>&1 & echo $!"}));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_LT(out.wall_seconds, 5.0);
  const pid_t sleeper = static_cast<pid_t>(std::stol(out.out));
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    const std::string stat_path = "/proc/" + std::to_string(sleeper) + "/stat";
    FILE* f = std::fopen(stat_path.c_str(), "r");
    char state = '?';
    gone = f == nullptr || (std::fscanf(f, "%*d %*s %c", &state) == 1 &&
                            (state == 'Z' || state == 'X'));
    if (f != nullptr) std::fclose(f);
    if (!gone) usleep(10000);
  }
  EXPECT_TRUE(gone) << "the sleep " << sleeper << " outlived its command";
}

TEST(CommandRunner, ClosedPipesDoNotEndTheWait) {
  const auto start = std::chrono::steady_clock::now();
  const CommandOutcome out = RunCommand(
      Spec({"sh", "-c", "exec >&- 2>&-; sleep 100"}, std::chrono::milliseconds(300)));
  EXPECT_EQ(out.state, State::kTimedOut);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.3);
}

TEST(CommandRunner, HugeOutputIsTruncatedWithoutDeadlock) {
  CommandSpec spec = Spec({"head", "-c", "50000000", "/dev/zero"});
  spec.max_output = 1 << 20;
  const CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.exit_code, 0);
  EXPECT_EQ(out.out.size(), std::size_t{1} << 20);
  EXPECT_TRUE(out.truncated);
}

TEST(CommandRunner, HugeStderrAndStdoutTogether) {
  CommandSpec spec = Spec({"sh", "-c", "head -c 3000000 /dev/zero >&2; head -c 3000000 /dev/zero"});
  spec.max_output = 1000;
  const CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.out.size(), 1000u);
  EXPECT_EQ(out.err.size(), 1000u);
  EXPECT_TRUE(out.truncated);
}

TEST(CommandRunner, WallSecondsMeasured) {
  const CommandOutcome out = RunCommand(Spec({"sleep", "0.2"}));
  EXPECT_GE(out.wall_seconds, 0.15);
  EXPECT_LT(out.wall_seconds, 5.0);
}

}  // namespace
}  // namespace rocm_doctor
