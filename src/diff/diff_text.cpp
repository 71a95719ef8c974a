// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include "diff/diff_reporters.h"
#include "fleet/figure_format.h"
#include "report/text_escape.h"

namespace rocm_doctor::diff {

// The unit is a report's: an OSC 52 clipboard write or a screen clear in it stays text.
std::string FigureText(const std::optional<double>& value, const std::string& unit) {
  return value ? fleet::FormatFigure(*value, report_text::Printable(unit)) : "—";
}

std::string RatioText(const std::optional<double>& ratio) {
  return ratio ? fmt::format("{:.3f}", *ratio) : "—";
}

std::string BandText(const std::optional<double>& band) {
  return band ? fmt::format("±{:.1f}%", *band * 100) : "—";
}

std::string FigureVerdict(const FigureChange& f) {
  switch (f.change) {
    case Change::kNone:
      // A count (memory errors) has no noise; neither has a benchmark not measured in either.
      return f.base && f.current && f.unit != "errors" ? "within noise" : "unchanged";
    case Change::kRegression:
      return "regression";
    case Change::kImprovement:
      return "improvement";
    case Change::kChanged:
    case Change::kNoLongerChecked:  // not used for figures
      return "not compared";
    case Change::kAdded:
      return "only in the current report";
    case Change::kRemoved:
      return "only in the base report";
  }
  return "";
}

std::string StatusMove(const CheckChange& c) {
  if (!c.base) return "new: " + c.current.value_or("?");
  if (!c.current) return "gone (was " + *c.base + ")";
  return *c.base + " -> " + *c.current;
}

std::string VersionMove(const VersionChange& v) {
  if (!v.base) return "new: " + v.current.value_or("?");
  if (!v.current) return "gone (was " + *v.base + ")";
  return *v.base + " -> " + *v.current;
}

std::string HostsText(const ReportDiff& d) {
  if (!d.same_host) {
    const bool none = !d.base.hostname && !d.current.hostname;
    return none ? "not named in either report (replayed machines, or redacted)"
                : "not named in one report: cannot tell whether it is the same host";
  }
  if (*d.same_host) return "the same host, " + *d.base.hostname;
  return "different hosts: " + *d.base.hostname + " (base) and " + *d.current.hostname +
         " (current); GPUs matched by runtime ordinal where their PCI addresses differ";
}

std::string ResultText(const ReportDiff& d) {
  std::string text =
      fmt::format("{} regression{}, {} improvement{}", d.regressions, d.regressions == 1 ? "" : "s",
                  d.improvements, d.improvements == 1 ? "" : "s");
  text += d.Regressed() ? ": worse than the base (exit 1)" : ": no regression (exit 0)";
  return text;
}

}  // namespace rocm_doctor::diff
