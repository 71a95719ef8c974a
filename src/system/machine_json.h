// SPDX-License-Identifier: MIT
#pragma once
// The model of .rocm-doctor/machine.json (docs/machine-format.md, extended in
// docs/probes.md) and its conversion to and from JSON text.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"
#include "system/account_db.h"

namespace rocm_doctor::system {

// A number no account has: (uid_t)-1 is reserved by chown(2). Used for a name that the machine
// directory cannot resolve, so it never matches a real id and only matches by name.
inline constexpr std::uint32_t kUnknownId = 0xFFFFFFFFu;

// An error a capture saw and replay must give again (docs/probes.md "errors").
struct RecordedError {
  FsStatus status = FsStatus::kError;
  std::string error;
};

struct MachineInfo {
  std::string description;
  UnameInfo uname;
  UserInfo user;
  std::map<std::string, std::string> env;
  std::map<std::string, NodeInfo, std::less<>> nodes;  // by normalised host path
  std::map<std::string, RecordedError, std::less<>> read_errors;
  std::map<std::string, RecordedError, std::less<>> list_errors;
  std::map<std::string, RecordedError, std::less<>> stat_errors;
  // statvfs answers by host path as asked (docs/probes.md "filesystems"). A malformed entry is
  // kept as a kError answer naming the problem, so replay goes on without that figure.
  std::map<std::string, FsSpace, std::less<>> filesystems;
  std::string filesystems_error;  // "filesystems" itself is not an object: every answer says so
};

// Every key is optional; a missing user is root. Syntax errors and wrongly typed known keys are
// errors (the text names the key); unknown keys are ignored.
Result<MachineInfo> ParseMachineJson(std::string_view text, const AccountDb& accounts);
UserInfo DefaultRootUser();
// Serialises `info` (format 1); invalid UTF-8 in strings becomes U+FFFD.
std::string MachineJsonText(const MachineInfo& info);

std::string_view FsStatusKey(FsStatus status);  // "permission-denied", "not-found", ...
std::optional<FsStatus> FsStatusFromKey(std::string_view key);

}  // namespace rocm_doctor::system
