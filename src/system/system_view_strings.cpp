// SPDX-License-Identifier: MIT
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

std::string_view ToString(FsStatus status) {
  switch (status) {
    case FsStatus::kOk: return "ok";
    case FsStatus::kNotFound: return "not found";
    case FsStatus::kPermissionDenied: return "permission denied";
    case FsStatus::kLoop: return "symlink loop";
    case FsStatus::kError: return "error";
  }
  return "error";
}

std::string_view ToString(NodeType type) {
  switch (type) {
    case NodeType::kRegular: return "regular";
    case NodeType::kDirectory: return "directory";
    case NodeType::kSymlink: return "symlink";
    case NodeType::kCharDevice: return "char";
    case NodeType::kBlockDevice: return "block";
    case NodeType::kOther: return "other";
  }
  return "other";
}

std::string_view ToString(CommandOutcome::State state) {
  switch (state) {
    case CommandOutcome::State::kExited: return "exited";
    case CommandOutcome::State::kSignaled: return "signaled";
    case CommandOutcome::State::kTimedOut: return "timed-out";
    case CommandOutcome::State::kSpawnFailed: return "spawn-failed";
    case CommandOutcome::State::kNotRecorded: return "not-recorded";
  }
  return "not-recorded";
}

}  // namespace rocm_doctor
