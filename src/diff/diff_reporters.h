// SPDX-License-Identifier: MIT
#pragma once
// The renderers of a ReportDiff (report_diff.h): pure functions of the data, like src/report/.
#include <optional>
#include <ostream>
#include <string>

#include "diff/report_diff.h"

namespace rocm_doctor::diff {

void WriteDiffTerminal(const ReportDiff& diff, std::ostream& out, bool color);
void WriteDiffJson(const ReportDiff& diff, std::ostream& out);
void WriteDiffMarkdown(const ReportDiff& diff, std::ostream& out);
// What --format json prints when no diff could be made (a report unreadable, bad usage).
void WriteDiffJsonError(const std::string& message, std::ostream& out);

// Shared wording (diff_text.cpp).
// "4.33 TB/s", "10.1 µs", "3 errors"; "—" when there is no figure.
std::string FigureText(const std::optional<double>& value, const std::string& unit);
std::string RatioText(const std::optional<double>& ratio);  // "0.485", "—"
std::string BandText(const std::optional<double>& band);    // "±2.0%", "—"
// What a figure's change means in words: "regression", "within noise", "only in the base" ...
std::string FigureVerdict(const FigureChange& f);
// "pass -> fail", "new: pass", "gone (was pass)".
std::string StatusMove(const CheckChange& c);
// "6.8.0-45-generic -> 6.8.0-50-generic", "new: 6.3.0", "gone (was 4.2.60200)".
std::string VersionMove(const VersionChange& v);
// The hosts line: "the same host, gpu-07", "different hosts: golden-01 and gpu-07", ...
std::string HostsText(const ReportDiff& diff);
// "3 regressions, 1 improvement: worse than the base (exit 1)".
std::string ResultText(const ReportDiff& diff);

}  // namespace rocm_doctor::diff
