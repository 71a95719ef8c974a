// SPDX-License-Identifier: MIT
#pragma once
// The running rocm-doctor binary. It is the doctor itself, not the inspected system, so this reads
// the real /proc (never a SystemView): the doctor re-runs itself as a child for work that can
// crash or hang (rocm-doctor probe-load).
#include <string>

namespace rocm_doctor::system {

// readlink("/proc/self/exe"); "" when unreadable.
std::string SelfExe();

}  // namespace rocm_doctor::system
