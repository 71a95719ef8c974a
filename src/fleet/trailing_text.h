// SPDX-License-Identifier: MIT
#pragma once
// The words the three renderers share for a figure that trails its fleet: how far, against
// what spread, and whether the node's own floor passed it.
#include <string>

#include "fleet/fleet_summary.h"

namespace rocm_doctor::fleet {

// "3.90 TB/s against a median of 4.33 TB/s (MAD 10.0 GB/s): 43.0 MADs below"
std::string TrailingWhat(const FigureStats& f, const FigureStats::Point& p);
// "passes its floor of 3.45 TB/s", "fails its floor ...", "no floor in its report"
std::string TrailingFloor(const FigureStats& f, const FigureStats::Point& p);
// "MAD 10.8 GB/s", or "MAD 0.00 B/s, taken as 43.3 GB/s: 1% of the median" when floored.
std::string SpreadText(const FigureStats& f);
// "MAD 0: spread taken as 1% of the median" when the MAD was floored; else empty.
std::string SpreadNote(const FigureStats& f);

}  // namespace rocm_doctor::fleet
