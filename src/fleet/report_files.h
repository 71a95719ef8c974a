// SPDX-License-Identifier: MIT
#pragma once
// The reports a fleet summary reads: the files named, and every *.json under the directories
// named (recursively; symlinked directories are not followed, so a link loop cannot trap the
// walk). Each file is read whole into a reused buffer, parsed, and dropped: only its NodeReport
// is kept.
#include <cstddef>
#include <string>
#include <vector>

#include "fleet/fleet_summary.h"

namespace rocm_doctor::fleet {

// A report bigger than this is skipped: a rocm-doctor report is ~10-100 KB.
inline constexpr std::size_t kMaxReportBytes = 64u << 20;

struct ReportPaths {
  std::vector<std::string> files;     // in the order given; a directory's files sorted
  std::vector<SkippedFile> problems;  // paths that do not exist, unreadable directories
};

ReportPaths ExpandReportPaths(const std::vector<std::string>& paths);

// Reads one regular file of at most kMaxReportBytes into `buffer` (system::ReadUserFileInto:
// a FIFO, a device or a directory is refused without blocking): "" when read, else why not
// ("No such file or directory", "not a regular file (a FIFO)", "larger than 64 MiB").
std::string ReadReportFile(const std::string& path, std::string& buffer);

// Reads every file into `builder`: a report that cannot be read or parsed becomes a skipped
// entry with the reason, never an abort. `threads` files are read at once (0: one per CPU, at
// most 4); the result does not depend on it.
void ReadReports(const ReportPaths& paths, FleetBuilder& builder, unsigned threads = 0);

}  // namespace rocm_doctor::fleet
