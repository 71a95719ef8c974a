// SPDX-License-Identifier: MIT
#pragma once
// `capture --redact`: strips identifying values (src/base/redact.h) from a machine directory
// that capture has just written, before it is packed: file contents, file and directory names,
// symlink texts, and the strings (keys included) of the JSON files under .rocm-doctor/.
// Then records what was removed (counts, never the values) in machine.json under "redacted".
#include <cstddef>
#include <string>
#include <vector>

#include "rocm_doctor/result.h"
#include "rocm_doctor/system_view.h"
#include "base/redact.h"

namespace rocm_doctor {

// The hostnames and user names `view` knows that no pattern would find: the kernel hostname
// and /etc/hostname, the current user, $USER/$LOGNAME/$SUDO_USER and $HOME's last component,
// and the human accounts of /etc/passwd. Read through `view` itself (pass the inner view of a
// recording, so these reads are not captured).
IdentifyingNames IdentifyingNamesOf(const SystemView& view);

struct RedactionReport {
  std::vector<Redactor::Removed> removed;
  std::size_t files_changed = 0;   // contents rewritten
  std::size_t names_changed = 0;   // files, directories and links renamed
  std::size_t links_changed = 0;   // symlink texts rewritten
  std::vector<std::string> warnings;  // what could not be redacted (and was removed instead)
};

// Redacts the machine directory `dir` in place. An entry that cannot be redacted (unreadable,
// or its new name is taken) is removed, so nothing identifying is left behind by a failure.
Result<RedactionReport> RedactMachineDirectory(const std::string& dir, Redactor& redactor);

// "2 user names (14 places), 1 serial number (2 places)"; "nothing" when nothing was found.
std::string DescribeRemoved(const std::vector<Redactor::Removed>& removed);

}  // namespace rocm_doctor
