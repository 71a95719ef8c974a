// SPDX-License-Identifier: MIT
// Issue 13 item 7: the command runner judges a command by its own exit, not by who still holds
// its pipes, and nothing a command starts outlives it - not a background job holding stdout,
// not a setsid() daemon - while a command still running keeps its own children. At exit every
// command still running and everything it started is killed.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "system/command_runner.h"
#include "unit/system/temp_tree.h"

extern char** environ;

namespace rocm_doctor {
namespace {

using State = CommandOutcome::State;
using Clock = std::chrono::steady_clock;

CommandSpec Shell(const std::string& script, std::vector<std::string> args = {},
                  std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
  CommandSpec spec;
  spec.name = "test";
  spec.argv = {"/bin/sh", "-c", script, "sh"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = timeout;
  return spec;
}

// Running, and not a zombie (killed but not yet reaped counts as gone).
bool Runs(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos || close + 2 >= text.size()) return false;
  const char state = text[close + 2];
  return state != 'Z' && state != 'X';
}

pid_t PidIn(const std::string& text) {
  try {
    return static_cast<pid_t>(std::stol(text));
  } catch (...) {
    return 0;
  }
}

pid_t PidInFile(const std::string& path) {
  std::ifstream in(path);
  long pid = 0;
  return (in >> pid) ? static_cast<pid_t>(pid) : 0;
}

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

TEST(CommandRunnerOrphans, ABackgroundJobHoldingStdoutDoesNotMakeTheExitATimeout) {
  // `sleep 60 &` inherits stdout: the pipe stays open for a minute after the shell exits 0.
  const auto start = Clock::now();
  const CommandOutcome out = RunCommand(Shell("sleep 60 & echo $!; exit 0"));
  EXPECT_EQ(out.state, State::kExited) << out.error;
  EXPECT_EQ(out.exit_code, 0);
  EXPECT_LT(SecondsSince(start), 1.5);
  const pid_t sleeper = PidIn(out.out);
  ASSERT_GT(sleeper, 0) << out.out;
  EXPECT_FALSE(Runs(sleeper)) << "the background sleep " << sleeper << " outlived the command";
}

TEST(CommandRunnerOrphans, TheExitStatusIsTheChildsOwnWhileAPipeIsHeld) {
  const CommandOutcome out = RunCommand(Shell("sleep 60 & echo partial; exit 3"));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.exit_code, 3);
  EXPECT_EQ(out.out.substr(0, 8), "partial\n");
  EXPECT_LT(out.wall_seconds, 1.5);
}

TEST(CommandRunnerOrphans, WhatIsInThePipesWhenTheChildExitsIsKept) {
  // The child exits right after writing; its holder keeps the pipe open: the data already
  // written is read within the grace time.
  const CommandOutcome out =
      RunCommand(Shell("sleep 60 & head -c 200000 /dev/zero | tr '\\0' x; exit 0"));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_EQ(out.out.size(), 200000u);
}

TEST(CommandRunnerOrphans, ASetsidGrandchildDoesNotSurviveItsCommand) {
  // setsid(1) puts the sleep in a session and process group of its own: the group kill at the
  // command's end cannot reach it, the subreaper sweep does.
  testing::TempTree tree;
  const std::string pid_file = tree.At("pid");
  const CommandOutcome out = RunCommand(
      Shell("setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $! > \"$1\"; exit 0", {pid_file}));
  EXPECT_EQ(out.state, State::kExited) << out.error;
  EXPECT_EQ(out.exit_code, 0);
  const pid_t daemon = PidInFile(pid_file);
  ASSERT_GT(daemon, 0);
  EXPECT_FALSE(Runs(daemon)) << "the setsid sleep " << daemon << " outlived its command";
}

TEST(CommandRunnerOrphans, ADaemonAndWhatItStartedGoTogether) {
  // A setsid shell (a daemon leading its own group) with a child of its own: both go, the child
  // with its group.
  testing::TempTree tree;
  const std::string pid_file = tree.At("pid");
  const CommandOutcome out = RunCommand(Shell(
      "setsid sh -c 'sleep 60 & echo $! > \"$0\"; wait' \"$1\" </dev/null >/dev/null 2>&1 & "
      "while [ ! -s \"$1\" ]; do sleep 0.01; done; exit 0",
      {pid_file}));
  EXPECT_EQ(out.state, State::kExited) << out.error;
  const pid_t grandchild = PidInFile(pid_file);
  ASSERT_GT(grandchild, 0);
  bool runs = Runs(grandchild);
  for (int i = 0; i < 50 && runs; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    runs = Runs(grandchild);
  }
  EXPECT_FALSE(runs) << "the daemon's child " << grandchild << " survived";
}

TEST(CommandRunnerOrphans, ACommandStillRunningKeepsItsOwnChildren) {
  // B runs for ~1.5 s with a child of its own and an orphan in its process group (the subshell
  // that started it has exited); meanwhile other commands end and leave setsid orphans, so the
  // sweep runs many times. B must find both of its processes alive at its end.
  testing::TempTree tree;
  const std::string orphan_file = tree.At("orphan");
  auto b = std::async(std::launch::async, [&] {
    return RunCommand(Shell(
        "sleep 60 & own=$!; (sleep 60 & echo $! > \"$1\"); sleep 1.5; "
        "kill -0 $own && echo own-alive; kill -0 $(cat \"$1\") && echo orphan-alive; "
        "kill $own",
        {orphan_file}));
  });
  std::vector<pid_t> daemons;
  const auto start = Clock::now();
  while (SecondsSince(start) < 1.2) {
    const std::string pid_file = tree.At("daemon" + std::to_string(daemons.size()));
    const CommandOutcome a = RunCommand(
        Shell("setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $! > \"$1\"", {pid_file}));
    EXPECT_EQ(a.state, State::kExited);
    daemons.push_back(PidInFile(pid_file));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const CommandOutcome out = b.get();
  EXPECT_EQ(out.state, State::kExited) << out.error;
  EXPECT_NE(out.out.find("own-alive"), std::string::npos) << out.out << out.err;
  EXPECT_NE(out.out.find("orphan-alive"), std::string::npos) << out.out << out.err;
  EXPECT_GE(daemons.size(), 3u);
  for (pid_t daemon : daemons) {
    EXPECT_GT(daemon, 0);
    EXPECT_FALSE(Runs(daemon)) << "setsid sleep " << daemon << " survived";
  }
  // B's orphan went with B's group at its end.
  const pid_t orphan = PidInFile(orphan_file);
  ASSERT_GT(orphan, 0);
  EXPECT_FALSE(Runs(orphan));
}

TEST(CommandRunnerOrphans, AChildOfTheProcessItselfIsNotTouched) {
  // A child the embedding program started itself (here: this test, in its own process group)
  // is not the runner's, and a sweep must leave it alone.
  pid_t own = -1;
  char arg0[] = "sleep";
  char arg1[] = "5";
  char* argv[] = {arg0, arg1, nullptr};
  ASSERT_EQ(posix_spawnp(&own, "sleep", nullptr, nullptr, argv, environ), 0);
  const CommandOutcome out = RunCommand(Shell("setsid sleep 60 </dev/null >/dev/null 2>&1 &"));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_TRUE(Runs(own));
  ::kill(own, SIGKILL);
  ::waitpid(own, nullptr, 0);
}

TEST(CommandRunnerOrphans, AKeptSessionOutlivesTheSweeps) {
  // The temp-dir watcher's shape: a shell in a session of its own leaves a background process
  // and exits; that process is reparented to this (subreaper) process but is not an orphan to
  // kill.
  testing::TempTree tree;
  const std::string pid_file = tree.At("kept");
  std::string script = "sleep 60 </dev/null >/dev/null 2>&1 & echo $! > \"$0\"; exit 0";
  char sh[] = "/bin/sh";
  char c[] = "-c";
  char* argv[] = {sh, c, script.data(), const_cast<char*>(pid_file.c_str()), nullptr};
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
  const pid_t leader = system::SpawnKeptSession([&] {
    pid_t pid = -1;
    return posix_spawn(&pid, sh, nullptr, &attr, argv, environ) == 0 ? pid : -1;
  });
  posix_spawnattr_destroy(&attr);
  ASSERT_GT(leader, 0);
  ::waitpid(leader, nullptr, 0);
  pid_t kept = 0;
  for (int i = 0; i < 500 && kept == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    kept = PidInFile(pid_file);
  }
  ASSERT_GT(kept, 0);
  // A command that orphans something: the sweep after it runs.
  const CommandOutcome out = RunCommand(Shell("setsid sleep 60 </dev/null >/dev/null 2>&1 &"));
  EXPECT_EQ(out.state, State::kExited);
  EXPECT_TRUE(Runs(kept)) << "the kept session's process was swept";
  ::kill(kept, SIGKILL);
}

// The child role of the next test: a command left running in a detached thread, then exit().
TEST(CommandRunnerOrphans, ExitChildRole) {
  const char* pid_file = std::getenv("ROCMDOC_EXIT_SWEEP_PIDS");
  if (pid_file == nullptr) GTEST_SKIP() << "run by ExitKillsRunningCommandsAndTheirOrphans";
  // The command leads its group; its setsid sleep is its own child, in another session.
  std::thread([file = std::string(pid_file)] {
    RunCommand(Shell("echo $$ > \"$1.tmp\"; setsid sleep 60 </dev/null >/dev/null 2>&1 & "
                     "echo $! >> \"$1.tmp\"; mv \"$1.tmp\" \"$1\"; sleep 60",
                     {file}, std::chrono::seconds(120)));
  }).detach();
  for (int i = 0; i < 1000 && PidInFile(pid_file) == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::exit(0);  // the atexit sweep
}

TEST(CommandRunnerOrphans, ExitKillsRunningCommandsAndTheirOrphans) {
  testing::TempTree tree;
  const std::string pid_file = tree.At("pids");
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  std::string filter = "--gtest_filter=CommandRunnerOrphans.ExitChildRole";
  char* argv[] = {const_cast<char*>(self.c_str()), filter.data(), nullptr};
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
  env_strings.push_back("ROCMDOC_EXIT_SWEEP_PIDS=" + pid_file);
  std::vector<char*> env;
  for (std::string& e : env_strings) env.push_back(e.data());
  env.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  pid_t child = -1;
  ASSERT_EQ(posix_spawn(&child, self.c_str(), &actions, nullptr, argv, env.data()), 0);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  std::ifstream in(pid_file);
  std::vector<pid_t> pids;
  long pid = 0;
  while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
  ASSERT_EQ(pids.size(), 2u) << "the child did not record its command's pids";
  // What survived the child is reparented to this process (or init) and would still run.
  for (pid_t p : pids) {
    EXPECT_FALSE(Runs(p)) << "pid " << p << " outlived the process that started it";
    if (Runs(p)) ::kill(p, SIGKILL);
  }
}

}  // namespace
}  // namespace rocm_doctor
