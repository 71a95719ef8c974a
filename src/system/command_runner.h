#pragma once
// The one command runner (DESIGN rule 12): posix_spawn with an argv vector (no shell), its own
// process group, stdout/stderr drained with poll() until EOF, then waitpid; on the deadline the
// whole process group gets SIGKILL.
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

CommandOutcome RunCommand(const CommandSpec& spec);

}  // namespace rocm_doctor
