// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <sstream>

#include "fleet/figure_format.h"
#include "fleet/fleet_reporters.h"
#include "fleet/trailing_text.h"
#include "report/text_escape.h"

namespace rocm_doctor::fleet {
namespace {

constexpr std::size_t kNamesPerTerminalLine = 8;       // node names shown on a group's line
constexpr std::size_t kOutliersPerFigure = 10;  // outliers listed per benchmark

std::string NodeNames(const FleetSummary& s, const std::vector<std::size_t>& nodes) {
  std::string names;
  for (std::size_t i = 0; i < nodes.size() && i < kNamesPerTerminalLine; ++i) {
    if (i > 0) names += ", ";
    names += s.nodes[nodes[i]].node;
  }
  if (nodes.size() > kNamesPerTerminalLine) {
    names += fmt::format(" (+{} more)", nodes.size() - kNamesPerTerminalLine);
  }
  return names;
}

std::size_t Width(const std::vector<CodeCount>& counts, std::size_t at_least) {
  std::size_t w = at_least;
  for (const CodeCount& c : counts) w = std::max(w, c.code.size());
  return w;
}

}  // namespace

void WriteFleetTerminal(const FleetSummary& s, std::ostream& terminal) {
  std::ostringstream out;  // filtered as a whole: report files may hold any bytes
  out << fmt::format("rocm-doctor fleet summary: {} node{} from {} report{}", s.nodes.size(),
                     s.nodes.size() == 1 ? "" : "s", s.files_read, s.files_read == 1 ? "" : "s");
  if (s.superseded > 0) out << fmt::format(" ({} superseded by a later run)", s.superseded);
  if (!s.skipped.empty()) out << fmt::format(", {} skipped", s.skipped.size());
  out << '\n';
  std::string verdicts;
  for (std::string_view v : {"pass", "warn", "fail", "unknown"}) {
    auto it = s.verdicts.find(std::string(v));
    if (!verdicts.empty()) verdicts += " · ";
    verdicts += fmt::format("{} {}", it == s.verdicts.end() ? 0 : it->second, v);
  }
  out << "Verdicts: " << verdicts << "\n";

  // First: nodes that trail their peers, whatever their floors said (docs/fleet.md).
  if (!s.trailing.empty()) {
    out << fmt::format(
        "\nTrailing the fleet ({} figure{} more than {:g} MADs on the worse side of their GPU "
        "model's median)\n",
        s.trailing.size(), s.trailing.size() == 1 ? "" : "s", s.options.outlier_mads);
    for (const TrailingFigure& t : s.trailing) {
      const FigureStats& f = s.figures[t.figure];
      const FigureStats::Point& p = f.points[t.point];
      out << fmt::format("  {} {}  {} · {}  {}; {}\n", s.nodes[p.node].node, p.gpu, f.name,
                         f.Group(), TrailingWhat(f, p), TrailingFloor(f, p));
    }
  }

  if (!s.groups.empty()) {
    std::size_t w = 20;
    for (const NodeGroup& g : s.groups) w = std::max(w, g.label.size());
    out << "\nNodes by root cause\n";
    for (const NodeGroup& g : s.groups) {
      out << fmt::format("  {:<{}}  {:>5}  {}\n", g.label, w, g.nodes.size(),
                         NodeNames(s, g.nodes));
    }
  }
  if (!s.codes.empty()) {
    const std::size_t w = Width(s.codes, 20);
    out << "\nFinding codes (nodes with a failing, warning or indeterminate finding)\n";
    for (const CodeCount& c : s.codes) out << fmt::format("  {:<{}}  {:>5}\n", c.code, w, c.nodes);
  }
  if (!s.nodes.empty()) out << "\nVersions (nodes; GPU models: GPUs)\n";
  for (const VersionList& v : s.versions) {
    if (v.values.empty()) continue;
    std::string line;
    for (const ValueCount& c : v.values) {
      if (!line.empty()) line += " · ";
      line += fmt::format("{} ×{}", c.value, c.count);
    }
    out << fmt::format("  {:<12}  {}\n", v.what, line);
  }
  if (!s.figures.empty()) {
    out << fmt::format(
        "\nBenchmarks (each GPU's median; an outlier is more than {:.0f}% from its model's fleet "
        "median, or any memory error)\n",
        s.options.outlier_fraction * 100);
    for (const FigureStats& f : s.figures) {
      out << fmt::format("  {} · {} · {} GPU{} · median {} (min {}, max {}) · {} outlier{}\n",
                         f.name, f.Group(), f.count, f.count == 1 ? "" : "s",
                         FormatFigure(f.median, f.unit), FormatFigure(f.min, f.unit),
                         FormatFigure(f.max, f.unit), f.outliers, f.outliers == 1 ? "" : "s");
      if (!f.mad_judged) {
        out << fmt::format("      no MAD judgement: {}\n", f.not_judged);
      } else if (f.spread_floored) {
        out << fmt::format("      {}\n", SpreadNote(f));
      }
      std::size_t shown = 0;
      for (const FigureStats::Point& p : f.points) {
        if (!p.outlier) continue;
        if (shown++ == kOutliersPerFigure) {
          out << fmt::format("      ... {} more (--format json lists them all)\n",
                             f.outliers - kOutliersPerFigure);
          break;
        }
        out << fmt::format(
            "      {} {}  {}{}\n", s.nodes[p.node].node, p.gpu, FormatFigure(p.value, f.unit),
            f.unit == "errors" ? std::string() : "  " + FormatDeviation(p.deviation));
      }
    }
  }
  if (!s.skipped.empty()) {
    out << fmt::format("\nSkipped {} file{}\n", s.skipped.size(), s.skipped.size() == 1 ? "" : "s");
    for (const SkippedFile& f : s.skipped) out << "  " << f.path << ": " << f.reason << '\n';
  }
  terminal << report_text::TerminalText(out.str());
}

}  // namespace rocm_doctor::fleet
