// SPDX-License-Identifier: MIT
// A node's JSON report as `fleet` reads it, then folded into a fleet summary and rendered.
#include <cstdint>
#include <sstream>

#include "fleet/fleet_reporters.h"
#include "fleet/fleet_summary.h"
#include "fleet/node_report.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  auto report = fleet::ReadNodeReport(fuzz::AsText(data, size), "fuzz-node");
  if (!report) return 0;
  fleet::FleetBuilder builder;
  builder.Add(*report);
  builder.Add(std::move(report).value());
  const fleet::FleetSummary summary = std::move(builder).Finish();
  std::ostringstream out;
  fleet::WriteFleetJson(summary, out);
  fleet::WriteFleetTerminal(summary, out);
  fleet::WriteFleetHtml(summary, out);
  return 0;
}
