// SPDX-License-Identifier: MIT
#pragma once
// The pieces of the fleet page (fleet_html.cpp assembles them): its style sheet and script, the
// benchmark section, and the verdict marks the page shares between them.
#include <ostream>
#include <string>
#include <string_view>

#include "fleet/fleet_summary.h"

namespace rocm_doctor::fleet::html {

// Text and attribute values from reports (node names, codes, models): & < > " ' as entities,
// invalid UTF-8 and control characters replaced (report_text::XmlAttribute).
std::string Esc(std::string_view text);

// A verdict is told by a mark and a word as well as by colour (a reader who cannot tell red
// from amber, a page printed in grey): "✗" fail, "!" warn, "✓" pass, "?" anything else. The
// same marks as the terminal report.
std::string_view VerdictMark(std::string_view verdict);
// "pass", "warn", "fail" or "unknown": a CSS class name, whatever the report said.
std::string_view VerdictClass(std::string_view verdict);

std::string_view PageStyle();
// Renders the node table from #fleet-data; sets body[data-rendered] when done (the tests' sign
// that the script ran).
std::string_view PageScript();

// <section id="benchmarks">: a chart per figure with two values or more, outlying figures
// first; the figures with one value (one GPU, or every GPU alike) as rows of one table.
void WriteBenchmarks(const FleetSummary& summary, std::ostream& out);

}  // namespace rocm_doctor::fleet::html
