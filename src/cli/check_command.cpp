#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common_options.h"
#include "rocm_doctor/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "system/open_system_view.h"

namespace rocm_doctor::cli {

int RunCheckCommand(const CheckArgs& args) {
  auto fail = [&](const std::string& message) {
    if (args.format == Format::kJson) WriteJsonError(message, 2, std::cout);
    std::cerr << "rocm-doctor: " << message << '\n';
    return 2;
  };
  auto selected = SelectChecks(args.selection);
  if (!selected) return fail(selected.error());
  auto view = OpenSystemView(args.sysroot);
  if (!view) return fail(view.error());

  RunRequest request{*selected, args.options, args.fail_on == "warn", args.jobs};
  Report report = Diagnose(*view, request, args.sysroot);

  std::ostringstream text;
  if (args.format == Format::kJson) {
    WriteJsonReport(report, text);
  } else {
    bool color = !args.output && UseColor(args.no_color);
    WriteTerminalReport(report, text, TerminalStyle{color, args.verbose});
  }
  if (args.output) {
    auto written = WriteFileAtomically(*args.output, text.str());
    if (!written) return fail(written.error());
  } else {
    std::cout << text.str() << std::flush;
  }
  return report.exit_code;
}

}  // namespace rocm_doctor::cli
