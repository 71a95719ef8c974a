// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "diff/diff_reporters.h"
#include "report/terminal_style.h"
#include "report/text_escape.h"

namespace rocm_doctor::diff {
namespace {

using namespace terminal;  // colour codes, Columns, Pad, Painter

// Report text comes from files anyone may have edited: valid UTF-8, no control or bidi
// character (an escape sequence in a message must not reach the terminal as one), newlines and
// tabs as spaces. The page is filtered as a whole too (WriteDiffTerminal), for the values that
// reach it through FigureText and the like.
std::string Safe(std::string_view text) {
  std::string flat(text);
  for (char& c : flat) {
    if (c == '\n' || c == '\t') c = ' ';
  }
  return report_text::Printable(flat);
}

struct Mark {
  std::string_view glyph, color;
};

Mark MarkFor(Change change) {
  switch (change) {
    case Change::kRegression:
      return {"✗", kRed};
    case Change::kImprovement:
      return {"✓", kGreen};
    case Change::kAdded:
      return {"+", kDim};
    case Change::kRemoved:
      return {"-", kDim};
    case Change::kChanged:
    case Change::kNoLongerChecked:
      return {"·", kDim};
    case Change::kNone:
      return {"=", kDim};
  }
  return {"·", kDim};
}

std::string Side(std::string_view label, const SideSummary& s) {
  std::string line = fmt::format("  {:<8} {}", label, Safe(s.file));
  if (s.hostname) line += " · host " + Safe(*s.hostname);
  if (s.sysroot) line += " · replay of " + Safe(*s.sysroot);
  if (!s.started_at.empty()) line += " · " + Safe(s.started_at);
  line += " · verdict " + Safe(s.verdict);
  if (s.exit_code) line += fmt::format(" (exit {})", *s.exit_code);
  if (s.tool_version) line += " · rocm-doctor " + Safe(*s.tool_version);
  return line + "\n";
}

void Checks(const ReportDiff& d, const Painter& paint, std::ostream& out) {
  if (d.checks.empty()) return;
  std::size_t id_width = 0, title_width = 0;
  for (const CheckChange& c : d.checks) {
    id_width = std::max(id_width, Columns(Safe(c.id)));
    title_width = std::max(title_width, Columns(Safe(c.title)));
  }
  out << fmt::format("\nChecks ({} changed, {} unchanged)\n", d.checks.size(), d.checks_unchanged);
  for (const CheckChange& c : d.checks) {
    const Mark m = MarkFor(c.change);
    std::string line =
        fmt::format("  {} {}  {}  {}", paint(m.glyph, m.color), Pad(Safe(c.id), id_width),
                    Pad(Safe(c.title), title_width), StatusMove(c));
    if (c.change == Change::kNoLongerChecked) line += " (no longer checked)";
    if (c.change == Change::kRegression && !c.summary.empty()) {
      line += paint(" · " + Safe(c.summary), kDim);
    }
    out << line << '\n';
  }
}

void Versions(const ReportDiff& d, std::ostream& out) {
  if (d.versions.empty() && d.base_has_versions == d.current_has_versions) return;
  out << "\nVersions\n";
  std::size_t width = 0;
  for (const VersionChange& v : d.versions) width = std::max(width, Columns(Safe(v.component)));
  for (const VersionChange& v : d.versions) {
    out << fmt::format("  {}  {}\n", Pad(Safe(v.component), width), Safe(VersionMove(v)));
  }
  if (d.base_has_versions != d.current_has_versions) {
    out << fmt::format("  (the {} report has no versions section: only the host's compared)\n",
                       d.base_has_versions ? "current" : "base");
  }
}

void Figures(const ReportDiff& d, const Painter& paint, std::ostream& out) {
  if (d.figures.empty()) return;
  // Column widths over every row, so that the groups line up with each other too.
  std::size_t name_w = Columns("benchmark"), base_w = Columns("base"),
              current_w = Columns("current");
  std::size_t ratio_w = Columns("ratio"), band_w = Columns("band");
  for (const FigureChange& f : d.figures) {
    name_w = std::max(name_w, Columns(Safe(f.name)));
    base_w = std::max(base_w, Columns(FigureText(f.base, f.unit)));
    current_w = std::max(current_w, Columns(FigureText(f.current, f.unit)));
    ratio_w = std::max(ratio_w, Columns(RatioText(f.ratio)));
    band_w = std::max(band_w, Columns(BandText(f.band)));
  }
  std::string group;
  for (const FigureChange& f : d.figures) {
    std::string this_group = Safe(f.device);
    if (f.device_name) this_group += " · " + Safe(*f.device_name);
    if (this_group != group) {
      group = this_group;
      out << "\nBenchmarks · " << group << '\n';
      out << paint(fmt::format("  {}  {}  {}  {}  {}  change", Pad("benchmark", name_w),
                               Pad("base", base_w), Pad("current", current_w),
                               Pad("ratio", ratio_w), Pad("band", band_w)),
                   kDim)
          << '\n';
    }
    const Mark m = MarkFor(f.change);
    std::string line =
        fmt::format("  {}  {}  {}  {}  {}  {} {}", Pad(Safe(f.name), name_w),
                    Pad(FigureText(f.base, f.unit), base_w),
                    Pad(FigureText(f.current, f.unit), current_w), Pad(RatioText(f.ratio), ratio_w),
                    Pad(BandText(f.band), band_w), paint(m.glyph, m.color), FigureVerdict(f));
    if (!f.note.empty()) line += " · " + Safe(f.note);
    out << line << '\n';
  }
}

}  // namespace

void WriteDiffTerminal(const ReportDiff& d, std::ostream& terminal, bool color) {
  std::ostringstream out;  // filtered as a whole: only the painter's colour codes are escapes
  const Painter paint(color);
  out << paint("rocm-doctor diff", kBold) << '\n';
  out << Side("base", d.base) << Side("current", d.current);
  out << fmt::format("  {:<8} {}\n", "hosts", HostsText(d));

  const Mark verdict = MarkFor(d.verdict_change);
  out << "\nVerdict  ";
  if (d.verdict_change == Change::kNone) {
    out << Safe(d.current.verdict) << " (unchanged)\n";
  } else {
    out << Safe(d.base.verdict) << " -> " << Safe(d.current.verdict) << "  "
        << paint(verdict.glyph, verdict.color) << ' ' << ToString(d.verdict_change) << '\n';
  }

  if (!d.root_causes.empty()) {
    out << "\nRoot causes\n";
    for (const RootCauseChange& r : d.root_causes) {
      const Mark m = MarkFor(r.change);
      out << fmt::format("  {} {:<8}  {} ({})\n", paint(m.glyph, m.color),
                         RootCauseWords(r.change), Safe(r.code), Safe(r.check));
      if (!r.message.empty()) out << "               " << Safe(r.message) << '\n';
    }
  }
  Checks(d, paint, out);
  if (d.checks.empty()) out << fmt::format("\nChecks: {} unchanged\n", d.checks_unchanged);
  Versions(d, out);
  Figures(d, paint, out);
  out << '\n' << paint(ResultText(d), d.Regressed() ? kRed : kGreen) << '\n';
  terminal << report_text::TerminalText(out.str());
}

}  // namespace rocm_doctor::diff
