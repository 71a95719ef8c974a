// SPDX-License-Identifier: MIT
#pragma once
// node-problem-detector's custom plugin protocol (kubernetes/node-problem-detector,
// docs/custom_plugin_monitor.md and pkg/custompluginmonitor/types): the plugin exits 0 (OK),
// 1 (NonOK: the problem is present) or 2 (Unknown), and NPD takes its stdout as the condition's
// message, cut to max_output_length (80 bytes by default). The plugin is killed after its
// timeout (5 s by default).
#include <chrono>
#include <cstddef>
#include <string>

#include "gate/gate_summary.h"
#include "rocm_doctor/exit_code.h"

namespace rocm_doctor::gate {

inline constexpr int kNpdOk = ToInt(ExitCode::kOk);
inline constexpr int kNpdProblem = ToInt(ExitCode::kProblems);
inline constexpr int kNpdUnknown = ToInt(ExitCode::kUnknown);
inline constexpr std::size_t kNpdMaxOutput = 80;  // NPD's default max_output_length, bytes
// NPD's default plugin timeout is 5 s; the gate's default deadline leaves 1 s for the process
// to start and exit.
inline constexpr std::chrono::milliseconds kNpdDefaultDeadline{4000};

struct NpdAnswer {
  int exit_code = kNpdUnknown;
  std::string message;  // one line, at most kNpdMaxOutput bytes, no trailing newline
};

// `probes_skipped`: the GPU-touching probes were left out (the NPD default), said in the OK
// message so nobody reads it as "HIP works".
NpdAnswer AnswerForNpd(const GateSummary& summary, bool warn_is_failure, bool probes_skipped);

// `text` on one line (control characters become spaces) and at most `limit` bytes, cut on a
// UTF-8 character boundary with "..." when it was longer.
std::string OneLineWithin(std::string_view text, std::size_t limit);

}  // namespace rocm_doctor::gate
