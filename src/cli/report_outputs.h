// SPDX-License-Identifier: MIT
#pragma once
// The outputs of one run: the --format output on stdout (or in the file of a plain `-o FILE`)
// and any number of `-o FORMAT=FILE` outputs, all rendered from the same report.
//
//   rocm-doctor check --format terminal -o junit=doctor.xml -o prometheus=/var/lib/node/rd.prom
//
// A -o value is FORMAT=FILE when the text before the first '=' is a format name (terminal, json,
// junit, prometheus, markdown); a word before '=' that names no format (-o xml=foo.xml) is an
// error; anything else is a plain FILE (write ./json=x or ./xml=x for a file of that name). Files are written atomically (temp file + rename in the same directory), so a
// reader such as node-exporter's textfile collector never sees half a file.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "rocm_doctor/report.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::cli {

std::optional<Format> FormatFromString(std::string_view name);
std::string_view FormatName(Format format);

// Sorts the -o values into args.output (the one plain FILE) and args.extra_outputs. Errors: two
// plain FILEs, an empty FILE, the same FILE twice, an unknown FORMAT.
Result<bool> SplitOutputs(const std::vector<std::string>& values, CheckArgs& args);
// The same for any command: into `output` and `extra`.
Result<bool> SplitOutputs(const std::vector<std::string>& values, std::optional<std::string>& output,
                          std::vector<OutputFile>& extra);

// The report in `format`; terminal output in colour only when `color`.
std::string RenderReport(const Report& report, Format format, bool verbose, bool color);

// Prints the --format output (stdout unless args.output) and writes every extra output. The
// first write error is returned; the other outputs are still written.
Result<bool> WriteReportOutputs(const Report& report, const CheckArgs& args);

}  // namespace rocm_doctor::cli
