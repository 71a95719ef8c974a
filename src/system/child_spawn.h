// SPDX-License-Identifier: MIT
#pragma once
// Starting one command for the runner (src/system/command_runner.h): posix_spawnp with an argv
// vector (no shell), stdin from /dev/null, stdout and stderr into pipes, its own process group,
// default signal dispositions and an empty signal mask. Internal to the runner's files.
#include <sys/types.h>

#include "rocm_doctor/system_view.h"
#include "system/fd_io.h"

namespace rocm_doctor::system::runner {

struct Spawned {
  pid_t pid = -1;
  UniqueFd out_read;  // the read ends of its stdout and stderr pipes (blocking)
  UniqueFd err_read;
};

// Spawns `spec` and registers it as live in one step under the registry's lock, so a sweep in
// another thread never sees it unregistered. False, with `out` marked kSpawnFailed and its error
// set, when no pipe could be made, the doctor is exiting (the exit sweep ran) or the spawn failed.
bool SpawnCommand(const CommandSpec& spec, Spawned& spawned, CommandOutcome& out);

}  // namespace rocm_doctor::system::runner
