// SPDX-License-Identifier: MIT
#pragma once
// The Slurm node this gate speaks for: --node NAME, else $SLURMD_NODENAME (Slurm sets it for
// Prolog, Epilog and HealthCheckProgram), else the short host name (kernel.hostname up to the
// first '.'). Read through the live host's SystemView, never the replayed machine's.
#include <optional>
#include <string>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::gate {

struct NodeName {
  std::string name;
  std::string source;  // "--node", "SLURMD_NODENAME", "/proc/sys/kernel/hostname"
};

Result<NodeName> ResolveNodeName(const std::optional<std::string>& flag, const SystemView& host);

}  // namespace rocm_doctor::gate
