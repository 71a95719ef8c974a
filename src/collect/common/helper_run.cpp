// SPDX-License-Identifier: MIT
// JudgeHelperOutcome: every way a run of rocm-doctor-hip can end, mapped onto HelperRunState
// (docs/hip-helper.md "How the doctor runs it"). Shared by the probe and bench collectors.
#include "rocm_doctor/facts/helper_run.h"

#include <algorithm>
#include <utility>

#include "collect/hip_probe/hip_probe_parse.h"

namespace rocm_doctor {
namespace {

constexpr std::size_t kStderrLines = 6;
constexpr std::size_t kStderrBytes = 800;
constexpr std::size_t kStdoutExcerptBytes = 200;

std::string ExitDetail(int code) {
  std::string detail = "exited with status " + std::to_string(code);
  if (code == 2) {
    // The helper's usage error: it did not understand what this doctor asked for.
    detail += " (usage error: rocm-doctor and rocm-doctor-hip are from different versions)";
  } else if (code == 127) {
    // ld.so's own status when a needed library (libamdhip64.so.5) is missing.
    detail += " (the dynamic loader could not start it: a HIP runtime library is missing)";
  }
  return detail;
}

}  // namespace

std::string_view ToString(HelperRunState state) {
  switch (state) {
    case HelperRunState::kNotRecorded:
      return "not_recorded";
    case HelperRunState::kHelperMissing:
      return "helper_missing";
    case HelperRunState::kError:
      return "error";
    case HelperRunState::kTimedOut:
      return "timed_out";
    case HelperRunState::kCrashed:
      return "crashed";
    case HelperRunState::kInterrupted:
      return "interrupted";
    case HelperRunState::kExited:
      return "exited";
    case HelperRunState::kBadOutput:
      return "bad_output";
    case HelperRunState::kOk:
      return "ok";
  }
  return "not_recorded";
}

void AdoptRecordedHelperPath(const CommandOutcome& outcome, std::vector<std::string>& argv) {
  constexpr std::string_view kSuffix = "/rocm-doctor-hip";
  constexpr std::size_t kMaxPath = 4096;  // PATH_MAX
  if (outcome.recorded_argv.empty() || argv.empty()) return;
  const std::string& path = outcome.recorded_argv.front();
  if (path.size() > kMaxPath || path.size() < kSuffix.size() || path.front() != '/' ||
      path.compare(path.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0) {
    return;
  }
  for (const char c : path) {
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return;
  }
  argv.front() = path;
}

std::string HelperRun::Helper() const {
  return argv.empty() ? std::string("rocm-doctor-hip") : argv.front();
}

void JudgeHelperOutcome(const CommandOutcome& out, std::vector<int> accepted_exit_codes,
                        HelperRun& run) {
  run.wall_seconds = out.wall_seconds;
  run.output_truncated = out.truncated;
  run.interrupted = out.interrupted;
  run.stderr_tail = parse::TailLines(out.err, kStderrLines, kStderrBytes);
  switch (out.state) {
    case CommandOutcome::State::kNotRecorded:
      run.state = HelperRunState::kNotRecorded;
      run.detail = out.error.empty() ? "not recorded in this capture" : out.error;
      return;
    case CommandOutcome::State::kSpawnFailed:
      run.state = out.interrupted ? HelperRunState::kInterrupted : HelperRunState::kError;
      run.detail = out.interrupted ? "not started: interrupted (Ctrl-C)"
                                   : "could not be started: " + out.error;
      return;
    case CommandOutcome::State::kTimedOut:
      run.state = HelperRunState::kTimedOut;
      run.signal = out.signal != 0 ? out.signal : 9;
      run.detail = out.error.empty() ? "killed at its deadline" : out.error;
      return;
    case CommandOutcome::State::kSignaled:
      run.signal = out.signal;
      run.signal_name = parse::SignalName(out.signal);
      if (out.interrupted) {
        // Ctrl-C: the helper died of the forwarded SIGINT, or was killed after its grace time.
        run.state = HelperRunState::kInterrupted;
        run.detail =
            out.error.empty() ? "interrupted (Ctrl-C), ended by " + run.signal_name : out.error;
        return;
      }
      run.state = HelperRunState::kCrashed;
      run.detail = "killed by " + run.signal_name;
      return;
    case CommandOutcome::State::kExited:
      break;
  }
  run.exit_code = out.exit_code;
  if (std::find(accepted_exit_codes.begin(), accepted_exit_codes.end(), out.exit_code) ==
      accepted_exit_codes.end()) {
    run.state = HelperRunState::kError;
    run.detail = ExitDetail(out.exit_code);
    return;
  }
  run.state = HelperRunState::kExited;
  if (out.truncated) {
    MarkBadOutput("printed more than " + std::to_string(out.out.size()) +
                      " bytes; the output was cut, so it is not the helper's JSON",
                  out.out, run);
  }
}

void MarkBadOutput(std::string why, std::string_view stdout_text, HelperRun& run) {
  run.state = HelperRunState::kBadOutput;
  run.detail = std::move(why);
  run.stdout_excerpt = parse::PrintableExcerpt(stdout_text, kStdoutExcerptBytes);
}

}  // namespace rocm_doctor
