// SPDX-License-Identifier: MIT
// Reading one side of a diff: the fleet's file reader and report parser, plus the rules a
// comparison needs on top (an error report has nothing to compare).
#include <filesystem>

#include "diff/report_diff.h"
#include "fleet/report_files.h"

namespace rocm_doctor::diff {

Result<DiffSide> ReadDiffSide(const std::string& path) {
  DiffSide side;
  side.file = path;
  std::string text;
  if (std::string error = fleet::ReadReportFile(path, text); !error.empty()) {
    return Error{path + ": " + error};
  }
  std::string fallback = std::filesystem::path(path).filename().string();
  if (fallback.size() > 5 && fallback.ends_with(".json")) fallback.resize(fallback.size() - 5);
  auto node = fleet::ReadNodeReport(text, fallback, &side.details);
  if (!node) return Error{path + ": " + node.error()};
  side.node = std::move(node).value();
  if (side.node.run_error) {
    return Error{path +
                 ": an error report, the run failed before checking: " + *side.node.run_error};
  }
  return side;
}

}  // namespace rocm_doctor::diff
