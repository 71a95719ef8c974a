#pragma once
// Reporters render a Report; they compute nothing and never call collectors (DESIGN rule 9).
// Streams are injected so tests compare golden output.
#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>

#include "rocm_doctor/report.h"

namespace rocm_doctor {

struct TerminalStyle {
  bool color = false;    // ANSI colours (only on a TTY, never with NO_COLOR / --no-color)
  bool verbose = false;  // -v: evidence and all findings under each check
};

void WriteTerminalReport(const Report& report, std::ostream& out, const TerminalStyle& style);

nlohmann::json ReportToJson(const Report& report);
void WriteJsonReport(const Report& report, std::ostream& out);
// What JSON mode prints when no report could be made (bad usage, unreadable --sysroot).
void WriteJsonError(const std::string& message, int exit_code, std::ostream& out);

}  // namespace rocm_doctor
