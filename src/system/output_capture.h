// SPDX-License-Identifier: MIT
#pragma once
// What a running command writes, for the runner (src/system/command_runner.h): both pipes
// drained with poll() until the command itself has exited (then for kExitDrainGrace at most) or
// its deadline passed; Ctrl-C cuts the deadline to kInterruptGrace. Internal to the runner.
#include <sys/types.h>

#include "rocm_doctor/system_view.h"
#include "system/child_wait.h"

namespace rocm_doctor::system::runner {

// Reads `out_fd` and `err_fd` (non-blocking) into out.out and out.err (spec.max_output each,
// out.truncated past it; spec.on_stderr sees each new stderr chunk) while watching `pid` (through
// `pidfd`, or a short waitid poll when it is -1) and the interrupt descriptor. Sets
// out.interrupted and moves `deadline` in when Ctrl-C arrives. Returns true when the deadline
// passed with the command still running (also a command that floods its pipes); false once it
// has exited and its pipes are drained or closed. The command is not reaped here.
bool CaptureOutput(const CommandSpec& spec, pid_t pid, int out_fd, int err_fd, int pidfd,
                   Clock::time_point& deadline, CommandOutcome& out);

}  // namespace rocm_doctor::system::runner
