#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "rocm_doctor/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/open_system_view.h"
#include "system/recording_system_view.h"

namespace rocm_doctor::cli {

// Runs the checks through a RecordingSystemView and writes exactly what they read as a machine
// directory (DESIGN rule 3), with the report it produced beside it for the ticket.
int RunCaptureCommand(const CaptureArgs& args) {
  auto selected = SelectChecks(args.selection);
  if (!selected) {
    std::cerr << "rocm-doctor: " << selected.error() << '\n';
    return 2;
  }
  auto inner = OpenSystemView(args.sysroot);
  if (!inner) {
    std::cerr << "rocm-doctor: " << inner.error() << '\n';
    return 2;
  }
  auto recorder = std::make_shared<RecordingSystemView>(*inner);
  RunRequest request{*selected, args.options, false, 4};
  Report report = Diagnose(recorder, request, args.sysroot);

  std::string description = args.description;
  if (description.empty()) {
    description = fmt::format("captured by rocm-doctor {} on {}", report.tool_version,
                              report.started_at);
  }
  auto stats = recorder->WriteMachine(args.output, description);
  if (!stats) {
    std::cerr << "rocm-doctor: " << stats.error() << '\n';
    return 2;
  }
  std::cout << fmt::format(
      "Captured {} files, {} links, {} directories, {} device nodes and {} probes ({} bytes) "
      "into {}\nReplay it with: rocm-doctor check --sysroot {}\n",
      stats->files, stats->links, stats->dirs, stats->nodes, stats->probes, stats->bytes,
      stats->path, stats->path);
  return 0;
}

}  // namespace rocm_doctor::cli
