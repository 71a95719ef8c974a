// SPDX-License-Identifier: MIT
#pragma once
// The one command runner (architecture rule 12): posix_spawn with an argv vector (no shell), its own
// process group, stdout/stderr drained with poll().
//
// A command is judged by its own exit, not by its pipes: the runner watches the child itself (a
// pidfd in the poll set, else a short waitid(WNOHANG|WNOWAIT) poll). Once it has exited, what is
// already in the pipes is drained for kExitDrainGrace, then its process group gets SIGKILL and
// the pipes are closed: a background process that still holds stdout does not turn a finished
// command into a timeout. At the deadline the whole group gets SIGKILL (kTimedOut).
//
// Orphans. The doctor makes itself a child subreaper (PR_SET_CHILD_SUBREAPER, once, on the first
// command), so whatever a command leaves behind - a daemon that called setsid(), a grandchild
// whose parent exited - is reparented to the doctor instead of init. The runner keeps a registry
// of the commands it started that are still running; after each command it SIGKILLs and reaps
// every child of the doctor that is not one of them (and not in a live command's process group,
// which is that command's own business until it ends). Children in the doctor's own process group
// are left alone by these sweeps: the runner did not start them (gzip for an archive, a popen()
// of an embedding program); so is a session started with SpawnKeptSession (the temp-dir
// watcher, meant to outlive the doctor). At exit (atexit) every command still running and every child of the
// process, whatever its group, is killed and reaped, and so on a fatal SIGINT/SIGTERM
// (src/system/interrupt.h). A child started outside the runner must stay in the doctor's own
// process group, or the next sweep takes it for an orphan.
#include <chrono>
#include <cstddef>
#include <functional>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// How long a command that has exited may still deliver what is in its pipes.
inline constexpr std::chrono::milliseconds kExitDrainGrace{200};

CommandOutcome RunCommand(const CommandSpec& spec);

namespace system {

// Async-signal-safe. Fills `out` with up to `max` pids of this process's children (every
// thread's), returns how many there are (may exceed `max`). Reads /proc/self/task/*/children,
// or scans /proc/*/stat for this parent where the kernel has no children files.
std::size_t ListChildren(pid_t* out, std::size_t max);

// Async-signal-safe: SIGKILL to every child of this process and to the process groups they lead;
// reaps them (waitpid(-1) is fine: the process is ending) until none is left or `bound_ms`
// passed. For the signal handler's last act before the process dies.
void KillAllChildrenNow(int bound_ms);

// Runs the exit sweep now (what the atexit hook does): kills every running command's group and
// every orphan, reaps them, and refuses new commands from then on. For tests; idempotent.
void KillAllChildrenAtExit();

// For a helper the doctor starts outside the runner on purpose, in a session of its own
// (POSIX_SPAWN_SETSID), that must outlive the doctor: the temp-dir watcher that removes an
// extracted archive after a SIGKILL. `spawn` runs under the runner's lock (no sweep can see the
// helper unregistered) and returns the pid of the session leader it started, or -1. Every
// process of that session is left alone by the sweeps, the exit sweep and the dying signal
// handler. At most 64 such sessions live at once; a later one is not protected.
pid_t SpawnKeptSession(const std::function<pid_t()>& spawn);

}  // namespace system
}  // namespace rocm_doctor
