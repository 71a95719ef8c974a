// SPDX-License-Identifier: MIT
#include "system/command_runner.h"

#include <fcntl.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <string>

#include "system/child_registry.h"
#include "system/child_spawn.h"
#include "system/child_wait.h"
#include "system/fd_io.h"
#include "system/interrupt.h"
#include "system/output_capture.h"

// The runner's parts: child_spawn (posix_spawn under the registry's lock), output_capture (the
// poll loop), child_wait (exit without reaping, the reap), orphan_sweep (after each command and
// at exit), proc_children (ListChildren), child_registry (the live set, kept sessions, set-up).

namespace rocm_doctor {

using system::ErrnoText;
using system::UniqueFd;
using system::runner::Clock;

CommandOutcome RunCommand(const CommandSpec& spec) {
  CommandOutcome out;
  const auto start = Clock::now();
  const auto finish = [&]() -> CommandOutcome& {
    out.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  };
  if (spec.argv.empty() || spec.argv.front().empty()) {
    out.state = CommandOutcome::State::kSpawnFailed;
    out.error = "empty argv";
    return finish();
  }
  if (system::InterruptRequested()) {
    // After Ctrl-C nothing new starts; what runs is given its grace time below.
    out.state = CommandOutcome::State::kSpawnFailed;
    out.interrupted = true;
    out.error = spec.argv.front() + ": not started, interrupted";
    return finish();
  }
  system::runner::SetUpOnce();

  system::runner::Spawned child;
  if (!system::runner::SpawnCommand(spec, child, out)) return finish();
  const pid_t pid = child.pid;
  UniqueFd out_read = std::move(child.out_read);
  UniqueFd err_read = std::move(child.err_read);
  fcntl(out_read.get(), F_SETFL, O_NONBLOCK);
  fcntl(err_read.get(), F_SETFL, O_NONBLOCK);
  UniqueFd pidfd(system::runner::OpenPidFd(pid));
  // Ctrl-C reaches the child's group from here on, until it is reaped.
  std::optional<system::ChildGroup> forwarded(std::in_place, pid);
  auto deadline = start + spec.timeout;
  const auto deadline_as_given = deadline;
  const bool timed_out = system::runner::CaptureOutput(spec, pid, out_read.get(), err_read.get(),
                                                       pidfd.get(), deadline, out);
  // The child has exited (a zombie) or must die: either way it is not reaped yet, so its group's
  // id is still its own and the group can be killed without hitting anything else. What it
  // started and left in its group - a background process holding its stdout, a daemon that
  // closed its streams - goes with it.
  ::kill(-pid, SIGKILL);
  if (timed_out) ::kill(pid, SIGKILL);  // in case it left its group with setsid()
  out_read = UniqueFd();
  err_read = UniqueFd();
  forwarded.reset();  // before the reap: the handler must never signal a reused group id
  // Reaped and unregistered in one step (child_wait.h says why).
  const system::runner::Reaped reaped = system::runner::ReapRegistered(pid);
  pidfd = UniqueFd();
  // Whatever it started outside its group (setsid) was handed to the doctor when its parent
  // died: kill and reap it, and any orphan an earlier command left.
  system::runner::SweepOrphans(pid);

  if (timed_out) {
    if (out.interrupted && deadline < deadline_as_given) {
      out.state = CommandOutcome::State::kSignaled;
      out.signal = SIGKILL;
      out.error = "interrupted; it did not stop within " +
                  std::to_string(system::kInterruptGrace.count()) + " s and was killed";
      return finish();
    }
    out.state = CommandOutcome::State::kTimedOut;
    out.signal = SIGKILL;
    out.error = "timed out after " + std::to_string(spec.timeout.count()) + " ms";
    return finish();
  }
  if (reaped.pid != pid) {
    // SIGCHLD set to SIG_IGN by an embedding program makes the kernel reap the child itself
    // (and the exit sweep reaps what still runs when the process exits).
    out.state = CommandOutcome::State::kExited;
    out.error = "waitpid: " + ErrnoText(reaped.wait_error != 0 ? reaped.wait_error : ECHILD);
    return finish();
  }
  system::runner::FillExit(reaped.status, out);
  return finish();
}

}  // namespace rocm_doctor