// SPDX-License-Identifier: MIT
#include "fleet/trailing_text.h"

#include <fmt/format.h>

#include "fleet/figure_format.h"
#include "fleet/fleet_stats.h"

namespace rocm_doctor::fleet {

std::string SpreadText(const FigureStats& f) {
  if (!f.spread_floored) return "MAD " + FormatFigure(f.mad, f.unit);
  return fmt::format("MAD {}, taken as {}: {:.0f}% of the median", FormatFigure(f.mad, f.unit),
                     FormatFigure(f.spread, f.unit), kMinSpreadFraction * 100);
}

std::string TrailingWhat(const FigureStats& f, const FigureStats::Point& p) {
  return fmt::format("{} against a median of {} ({}): {:.1f} MADs {}",
                     FormatFigure(p.value, f.unit), FormatFigure(f.median, f.unit), SpreadText(f),
                     p.mads_worse, f.higher_is_better ? "below" : "above");
}

std::string TrailingFloor(const FigureStats& f, const FigureStats::Point& p) {
  if (!p.limit) return "no floor in its report";
  const char* kind = p.ceiling ? "ceiling" : "floor";
  const bool failed = p.verdict == "fail";
  return fmt::format("{} its {} of {}", failed ? "fails" : "passes", kind,
                     FormatFigure(*p.limit, f.unit));
}

std::string SpreadNote(const FigureStats& f) {
  if (!f.spread_floored) return "";
  return fmt::format("MAD {} is under {:.0f}% of the median: the spread is taken as {}",
                     FormatFigure(f.mad, f.unit), kMinSpreadFraction * 100,
                     FormatFigure(f.spread, f.unit));
}

}  // namespace rocm_doctor::fleet
