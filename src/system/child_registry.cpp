// SPDX-License-Identifier: MIT
#include "system/child_registry.h"

#include <signal.h>
#include <sys/prctl.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>

#include "system/command_runner.h"

namespace rocm_doctor::system {
namespace runner {
namespace {

// Sessions of helpers the doctor starts outside the runner on purpose and that must outlive it
// (SpawnKeptSession: the temp-dir watcher). Lock-free, so the dying signal handler can read it;
// written under the registry's lock.
constexpr int kKeptSlots = 64;
std::atomic<pid_t> g_kept_sessions[kKeptSlots];
static_assert(std::atomic<pid_t>::is_always_lock_free);

void ExitHook() { KillAllChildrenAtExit(); }

}  // namespace

Registry& TheRegistry() {
  static Registry* registry = new Registry;
  return *registry;
}

void SetUpOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    TheRegistry().owner = ::getpid();
    ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    std::atexit(ExitHook);
  });
}

bool IsKept(pid_t pid) {
  const auto sid = static_cast<pid_t>(::syscall(SYS_getsid, pid));
  if (sid <= 0) return false;
  for (const auto& slot : g_kept_sessions) {
    if (slot.load() == sid) return true;
  }
  return false;
}

}  // namespace runner

pid_t SpawnKeptSession(const std::function<pid_t()>& spawn) {
  runner::Registry& registry = runner::TheRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  // Slots of sessions that have ended are free again (no process left in the group the
  // session leader made; its id cannot be reused while one is).
  for (auto& slot : runner::g_kept_sessions) {
    const pid_t sid = slot.load();
    if (sid > 0 && ::kill(-sid, 0) != 0 && errno == ESRCH) slot.store(0);
  }
  const pid_t pid = spawn();
  if (pid > 0) {
    for (auto& slot : runner::g_kept_sessions) {
      pid_t empty = 0;
      if (slot.compare_exchange_strong(empty, pid)) break;
    }
  }
  return pid;
}

}  // namespace rocm_doctor::system
