// SPDX-License-Identifier: MIT
#pragma once
// Renderers of a FleetSummary; like the report's reporters they compute nothing
// (fleet_summary.cpp does) and write to an injected stream, so tests compare golden output.
#include <nlohmann/json_fwd.hpp>
#include <ostream>

#include "fleet/fleet_summary.h"

namespace rocm_doctor::fleet {

void WriteFleetTerminal(const FleetSummary& summary, std::ostream& out);
nlohmann::json FleetToJson(const FleetSummary& summary);
void WriteFleetJson(const FleetSummary& summary, std::ostream& out);
// One self-contained page: inline CSS, inline SVG charts drawn here, inline JS that renders the
// per-node table from the embedded data; nothing is fetched.
void WriteFleetHtml(const FleetSummary& summary, std::ostream& out);

}  // namespace rocm_doctor::fleet
