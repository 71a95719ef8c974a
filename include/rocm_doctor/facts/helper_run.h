// SPDX-License-Identifier: MIT
#pragma once
// How a run of the GPU helper rocm-doctor-hip ended, whatever it was asked (--probe, --bench):
// the part of judging a child process that every helper collector shares
// (src/collect/common/helper_run.cpp). The collector then parses stdout and sets kOk or kBadOutput.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

enum class HelperRunState {
  kNotRecorded,    // replay of a capture that holds no recording of this run
  kHelperMissing,  // live: rocm-doctor-hip was not found (not built or not installed)
  kError,          // spawn failed, or it exited with a status its collector does not accept
  kTimedOut,       // killed at the deadline: the runtime or a kernel hung
  kCrashed,        // killed by a signal (SIGSEGV, SIGABRT, ...)
  kInterrupted,    // the user pressed Ctrl-C and it did not finish (or print) in its grace time
  kExited,         // exited with an accepted status; stdout not judged yet
  kBadOutput,      // exited, but stdout is not the helper's JSON
  kOk,             // its JSON parsed
};
std::string_view ToString(HelperRunState state);  // "not_recorded", "helper_missing", ...

struct HelperRun {
  HelperRunState state = HelperRunState::kNotRecorded;
  // Where the result came from, for evidence: the command line live, the recording in replay.
  std::string source;
  std::vector<std::string> argv;
  std::string detail;                 // why the state is not kOk, in words
  std::vector<std::string> searched;  // kHelperMissing: every place looked, in order
  std::optional<int> exit_code;       // when it exited
  std::optional<int> signal;          // kCrashed: the signal; kTimedOut: the kill signal
  std::string signal_name;            // "SIGSEGV"
  std::string stderr_tail;            // the last lines of stderr, printable
  std::string stdout_excerpt;         // kBadOutput: the start of stdout, printable
  bool output_truncated = false;      // the runner kept only the first max_output bytes
  bool interrupted = false;           // Ctrl-C reached it (it may still have printed its JSON)
  double wall_seconds = 0;
  std::int64_t timeout_ms = 0;  // the deadline it ran under

  // The helper's path, or its name when unknown (replay).
  std::string Helper() const;
};

// Fills `run` from how the command ended: kNotRecorded, kError (spawn failed, or an exit status
// not in `accepted_exit_codes`), kTimedOut, kCrashed, kInterrupted or kExited. Exit status 2 is
// worded as a version mismatch (the helper's usage error), 127 as a missing runtime library.
void JudgeHelperOutcome(const CommandOutcome& outcome, std::vector<int> accepted_exit_codes,
                        HelperRun& run);

// Replay: `argv[0]` becomes the helper's path as the recording gives it (CommandOutcome::
// recorded_argv), when that is an absolute path of printable characters ending in
// "/rocm-doctor-hip": a fix then names the helper where the captured machine has it. Anything
// else in the recording is not trusted as a path and the name stays.
void AdoptRecordedHelperPath(const CommandOutcome& outcome, std::vector<std::string>& argv);

// kBadOutput with `why` and the start of stdout.
void MarkBadOutput(std::string why, std::string_view stdout_text, HelperRun& run);

}  // namespace rocm_doctor
