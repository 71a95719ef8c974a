// SPDX-License-Identifier: MIT
#pragma once
// Reporters render a Report; they compute nothing and never call collectors (architecture rule 9).
// Streams are injected so tests compare golden output.
#include <nlohmann/json_fwd.hpp>
#include <cstddef>
#include <ostream>
#include <string>

#include "rocm_doctor/report.h"

namespace rocm_doctor {

struct TerminalStyle {
  bool color = false;    // ANSI colours (only on a TTY, never with NO_COLOR / --no-color)
  bool verbose = false;  // -v: evidence and all findings under each check
  // Columns text wraps to (fix commands never wrap); 0: COLUMNS, else the width of the terminal
  // on stdout, else 100 (src/report/terminal_layout.h).
  std::size_t width = 0;
};

void WriteTerminalReport(const Report& report, std::ostream& out, const TerminalStyle& style);
// `rocm-doctor bench`: root causes, the benchmark checks, the table of figures, the verdict.
void WriteBenchReport(const Report& report, std::ostream& out, const TerminalStyle& style);
// The table of report.benchmarks (src/report/bench_table.cpp): per device, each benchmark's
// median and best, its floor or ceiling, the datasheet figure, % of peak and the verdict.
void WriteBenchTable(const Report& report, std::ostream& out, const TerminalStyle& style);

nlohmann::json ReportToJson(const Report& report);
void WriteJsonReport(const Report& report, std::ostream& out);
// What JSON mode prints when no report could be made (bad usage, unreadable --sysroot).
void WriteJsonError(const std::string& message, int exit_code, std::ostream& out);

// JUnit XML (src/report/junit_reporter.cpp): one testsuite per layer, one testcase per check
// (per GPU for a per_gpu check); fail/warn -> <failure>, unknown/timeout/error -> <error>,
// skip -> <skipped>.
void WriteJunitReport(const Report& report, std::ostream& out);
// Prometheus text format for node-exporter's textfile collector (rocm_doctor_* gauges: verdict,
// exit code, per-check status, run timestamp and duration, info, benchmark figures). Write the
// file atomically (temp file + rename in the same directory).
void WritePrometheusReport(const Report& report, std::ostream& out);
// Markdown for a GitHub issue: root causes and fixes first, a table of checks, details folded.
void WriteMarkdownReport(const Report& report, std::ostream& out);

// --redact: replaces hostnames, user names, serials, UUIDs, MAC and IP addresses in every text
// of the report (src/base/redact.h) and records what was removed in report.redacted. Every
// reporter then renders the redacted report.
void RedactReport(Report& report);

}  // namespace rocm_doctor
