// SPDX-License-Identifier: MIT
#pragma once
#include <map>
#include <string>
#include <vector>

#include "rocm_doctor/status.h"

namespace rocm_doctor {

// One fact a finding rests on: where it was read, what was there, what a healthy host shows.
struct Evidence {
  std::string source;    // a path ("/sys/bus/pci/devices/0000:03:00.0/driver"), "uname", a probe
  std::string observed;  // the value as read (or the read error)
  std::string expected;  // empty when there is no single expected value
};

struct Finding {
  std::string code;  // a catalog code, e.g. "driver.kfd.permission_denied"
  Status status = Status::kFail;
  std::string message;  // specific to this machine: names the paths, users and values involved
  std::vector<Evidence> evidence;
  // Values substituted into the catalog's remediation commands: {user}, {bdf}, {group}, ...
  std::map<std::string, std::string> params;
  // Set by a policy's [[waive]] (ApplyWaivers): the finding stays in the report but no longer
  // counts for its check's status, the root causes or the verdict. `waiver` is the reason.
  bool waived = false;
  std::string waiver;
};

// Builds a finding whose status is the catalog's default severity for `code`.
// An unknown code is a programming error: it yields a kError finding naming the bad code.
Finding MakeFinding(std::string code, std::string message, std::vector<Evidence> evidence = {},
                    std::map<std::string, std::string> params = {});

}  // namespace rocm_doctor
