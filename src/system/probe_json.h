// SPDX-License-Identifier: MIT
#pragma once
// The recorded-probe files under .rocm-doctor/probes/ (docs/probes.md): <name>.json for a
// command, kernel-log.json for the kernel log.
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::system {

inline constexpr std::string_view kProbesDir = ".rocm-doctor/probes";
inline constexpr std::string_view kKernelLogProbe = "kernel-log";

// Probe names become file names: [A-Za-z0-9._-], 1..128 characters, not starting with '.', and
// not the reserved "kernel-log".
bool IsValidProbeName(std::string_view name);

std::string ProbeJsonText(const CommandSpec& spec, const CommandOutcome& outcome);
Result<CommandOutcome> ParseProbeJson(std::string_view text);

std::string KernelLogJsonText(const KernelLog& log);
Result<KernelLog> ParseKernelLogJson(std::string_view text);

}  // namespace rocm_doctor::system
