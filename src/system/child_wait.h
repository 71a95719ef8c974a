// SPDX-License-Identifier: MIT
#pragma once
// Watching a command's own process (src/system/command_runner.h): whether it has exited without
// reaping it, and its reaping under the registry's lock. Internal to the runner's files.
#include <sys/types.h>

#include <chrono>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system::runner {

using Clock = std::chrono::steady_clock;

// Sleeps `ms` milliseconds, through EINTR.
void SleepMs(int ms);
// Milliseconds until `deadline`, 0 once passed, rounded up (poll() never wakes early for it).
int RemainingMs(Clock::time_point deadline);

// A descriptor that polls readable once `pid` has exited (pidfd_open, Linux 5.3), or -1.
int OpenPidFd(pid_t pid);

// Whether `pid` has exited, without reaping it: while it is an unreaped zombie its pid - and so
// its process group's id - cannot be reused, and the group can still be killed safely. ECHILD
// (an embedding program set SIGCHLD to SIG_IGN and the kernel reaped it) counts as exited.
bool HasExited(pid_t pid);

// A wait status as the outcome's state, exit code or signal.
void FillExit(int status, CommandOutcome& out);

struct Reaped {
  pid_t pid = 0;       // what waitpid returned: the command's pid when it was reaped here
  int status = 0;      // its wait status then
  int wait_error = 0;  // errno of a failed waitpid
};

// Waits for the registered command `pid` (already killed or exited) to die without reaping it
// (a SIGKILLed child may take a moment), then reaps it and drops it from the registry in one
// step under the lock: no sweep ever sees it unregistered but unreaped (it would reap it, and
// take its status), and no registered pid is ever one the kernel could have given to another
// process.
Reaped ReapRegistered(pid_t pid);

}  // namespace rocm_doctor::system::runner
