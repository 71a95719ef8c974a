// SPDX-License-Identifier: MIT
#pragma once
// A Slurm node's state and reason as `scontrol show node NAME` prints them (multi-line form,
// Slurm 20.11 to 24.x):
//
//   NodeName=vm Arch=x86_64 CoresPerSocket=1
//      ...
//      State=IDLE+DRAIN ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A
//      ...
//      Reason=rocm-doctor: hardware.gpu.none_found [root@2026-12-01T14:23:43]
//
// The multi-line form is parsed, not --oneliner, because there the free-text values (OS=,
// Reason=, Comment=) are only separated by spaces; here Reason= has its own line.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/result.h"

namespace rocm_doctor::gate {

struct SlurmNodeState {
  std::string name;
  std::string state;                       // "IDLE+DRAIN" as printed
  std::string base;                        // "IDLE", "ALLOCATED", "MIXED", "DOWN", ...
  std::vector<std::string> flags;          // "DRAIN", "NOT_RESPONDING", ...
  std::optional<std::string> reason;       // without the " [user@time]" Slurm appends
  std::optional<std::string> reason_user;  // "root" from "[root@2026-12-01T14:23:43]"

  bool HasFlag(std::string_view flag) const;
  bool drained() const { return HasFlag("DRAIN"); }  // DRAIN: draining or drained
  bool down() const { return base == "DOWN"; }
};

// scontrol's answer for a name slurmctld does not have: "Node NAME not found" (exit 1).
bool SaysNodeNotFound(std::string_view text);

// `text` is scontrol's stdout for `node`. Errors: "Node X not found", no record for `node`, a
// record without State=.
Result<SlurmNodeState> ParseScontrolShowNode(std::string_view text, std::string_view node);

}  // namespace rocm_doctor::gate
