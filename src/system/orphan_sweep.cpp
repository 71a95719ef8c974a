// SPDX-License-Identifier: MIT
// The sweeps of the command runner (src/system/command_runner.h): after each command, every
// orphan it left; at exit or on a fatal signal, every child.
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "system/child_registry.h"
#include "system/child_wait.h"
#include "system/command_runner.h"

namespace rocm_doctor::system {
namespace runner {
namespace {

using Clock = std::chrono::steady_clock;

// After a command ends, how long the sweep waits for its killed process group to empty (each
// member that dies may reparent an orphan of its own to the doctor).
constexpr auto kSweepBound = std::chrono::milliseconds(250);
// At exit: how long to wait for the killed commands and orphans to go.
constexpr int kExitSweepBoundMs = 1000;

}  // namespace

void SweepOrphans(pid_t ended) {
  Registry& registry = TheRegistry();
  const pid_t own_group = OwnPgid();
  const auto bound = Clock::now() + kSweepBound;
  for (;;) {
    bool unreaped = false;
    {
      // Under the lock no command is spawned, so every child listed is either registered or an
      // orphan, and none is reaped by anyone else meanwhile (its pid cannot be reused).
      std::lock_guard<std::mutex> lock(registry.mutex);
      if (registry.closing) return;
      pid_t children[512];
      const std::size_t count = std::min<std::size_t>(ListChildren(children, 512), 512);
      for (std::size_t i = 0; i < count; ++i) {
        const pid_t child = children[i];
        if (registry.live.count(child)) continue;  // another command, still running
        if (IsKept(child)) {
          // A helper meant to outlive the doctor: never killed, only reaped once it has ended.
          while (::waitpid(child, nullptr, WNOHANG) < 0 && errno == EINTR) {
          }
          continue;
        }
        const pid_t group = PgidOf(child);
        if (group == own_group) continue;  // not the runner's: the embedding program's own
        // An orphan inside a live command's process group is that command's: it goes with it.
        if (group > 0 && group != child && registry.live.count(group)) continue;
        ::kill(child, SIGKILL);
        if (group == child) ::kill(-child, SIGKILL);  // a setsid() daemon's own group with it
        int status = 0;
        pid_t reaped = 0;
        do {
          reaped = ::waitpid(child, &status, WNOHANG);
        } while (reaped < 0 && errno == EINTR);
        if (reaped == 0) unreaped = true;  // dying (or stuck in the kernel): the next pass
      }
    }
    const bool group_left = ended > 0 && ::kill(-ended, 0) == 0;
    if ((!group_left && !unreaped) || Clock::now() >= bound) return;
    SleepMs(2);
  }
}

}  // namespace runner

using runner::IsKept;
using runner::PgidOf;

void KillAllChildrenNow(int bound_ms) {
  for (int waited = 0;; waited += 2) {
    pid_t children[512];
    const std::size_t count = std::min<std::size_t>(ListChildren(children, 512), 512);
    std::size_t killed = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (IsKept(children[i])) continue;
      ++killed;
      ::kill(children[i], SIGKILL);
      if (PgidOf(children[i]) == children[i]) ::kill(-children[i], SIGKILL);
    }
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (killed == 0 || waited >= bound_ms) return;
    timespec ts{0, 2000000L};
    nanosleep(&ts, nullptr);
  }
}

void KillAllChildrenAtExit() {
  runner::Registry& registry = runner::TheRegistry();
  if (registry.owner != ::getpid()) return;  // a forked child: these are its parent's commands
  // Under the lock throughout (at most kExitSweepBoundMs): no command is reaped meanwhile, so
  // every registered pid is still the runner's child and its group id its own.
  std::lock_guard<std::mutex> lock(registry.mutex);
  if (registry.closing) return;
  registry.closing = true;
  // Commands still running (a check abandoned at its deadline): their groups first, so what
  // they started is handed over to the doctor and killed below.
  for (pid_t pid : registry.live) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  // Every child now, the process's own group included: nothing outlives it.
  for (int waited = 0;; waited += 2) {
    pid_t children[512];
    const std::size_t count = std::min<std::size_t>(ListChildren(children, 512), 512);
    std::size_t listed = 0;
    std::size_t left = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const pid_t child = children[i];
      if (IsKept(child)) continue;
      ++listed;
      const pid_t group = PgidOf(child);
      ::kill(child, SIGKILL);
      if (group == child) ::kill(-child, SIGKILL);
      pid_t reaped = 0;
      do {
        reaped = ::waitpid(child, nullptr, WNOHANG);
      } while (reaped < 0 && errno == EINTR);
      if (reaped == 0) ++left;
    }
    // Done when a pass finds no child at all. A child killed and reaped in this pass handed its
    // own children (a setsid daemon) to the doctor as it exited, after the list was taken: they
    // are only seen by the next pass.
    if (listed == 0 || waited >= runner::kExitSweepBoundMs) return;
    if (left > 0) runner::SleepMs(2);
  }
}

}  // namespace rocm_doctor::system
