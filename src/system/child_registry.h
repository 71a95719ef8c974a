// SPDX-License-Identifier: MIT
#pragma once
// The command runner's registry (src/system/command_runner.h): which commands it started are
// still running, which sessions must outlive the doctor, and the one-time set-up that makes the
// doctor a child subreaper. Internal to the runner's files (command_runner.cpp, child_spawn.cpp,
// child_wait.cpp, orphan_sweep.cpp).
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include <mutex>
#include <set>

namespace rocm_doctor::system::runner {

struct Registry {
  std::mutex mutex;
  std::set<pid_t> live;  // spawned, not reaped yet; each leads its own process group
  bool closing = false;  // the exit sweep ran: nothing new starts
  pid_t owner = 0;       // the process that set it up (a forked child must not sweep)
};

// Never destroyed: a detached check thread may still run a command while the process exits.
Registry& TheRegistry();

// Once per process, before the first command: PR_SET_CHILD_SUBREAPER (orphans of the commands
// become the doctor's children instead of init's, so the sweeps can find and kill them) and the
// atexit hook that runs KillAllChildrenAtExit().
void SetUpOnce();

// Async-signal-safe: `pid` belongs to a session kept by SpawnKeptSession.
bool IsKept(pid_t pid);

// Async-signal-safe process-group ids (raw syscalls).
inline pid_t OwnPgid() { return static_cast<pid_t>(::syscall(SYS_getpgid, 0)); }
inline pid_t PgidOf(pid_t pid) { return static_cast<pid_t>(::syscall(SYS_getpgid, pid)); }

// After the command `ended` (reaped, no longer registered) finished: SIGKILL and reap every
// child of the doctor that no live command owns, until the ended command's group is empty (its
// dying members may still hand orphans over) or a short bound passed. orphan_sweep.cpp.
void SweepOrphans(pid_t ended);

}  // namespace rocm_doctor::system::runner
