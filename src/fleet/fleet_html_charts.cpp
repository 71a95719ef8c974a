// SPDX-License-Identifier: MIT
// The benchmark section of the fleet page: an SVG histogram of every GPU's figure per benchmark
// and GPU model, with the fleet median, the outlier limits and each outlier as a red mark that
// names its node; a figure with one value has nothing to plot and is a row of text instead.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "fleet/figure_format.h"
#include "fleet/fleet_html_parts.h"

namespace rocm_doctor::fleet::html {
namespace {

constexpr int kBins = 40;
constexpr double kChartWidth = 720, kChartHeight = 170;
constexpr double kLeft = 10, kRight = 10, kTop = 10, kBarsBottom = 120;
constexpr std::size_t kMaxOutlierMarks = 300;  // per chart; the JSON output lists them all
constexpr std::size_t kOutliersNamed = 12;     // per row of the one-value table

// One GPU, or every GPU alike: a chart would be one bar and two labels of the same number.
bool HasOneValue(const FigureStats& f) { return f.count < 2 || f.min == f.max; }

void WriteChart(const FleetSummary& s, const FigureStats& f, std::ostream& out) {
  const double fraction = s.options.outlier_fraction;
  const bool errors = f.unit == "errors";
  double lo = f.min, hi = f.max;
  if (!errors && f.median != 0) {
    lo = std::min(lo, f.median * (1 - fraction));
    hi = std::max(hi, f.median * (1 + fraction));
  }
  if (hi <= lo) {
    const double pad = lo != 0 ? std::abs(lo) * 0.01 : 1;
    lo -= pad;
    hi += pad;
  }
  const double plot_w = kChartWidth - kLeft - kRight;
  auto x_of = [&](double v) { return kLeft + (v - lo) / (hi - lo) * plot_w; };

  std::vector<std::size_t> bins(kBins, 0);
  for (const FigureStats::Point& p : f.points) {
    int b = static_cast<int>((p.value - lo) / (hi - lo) * kBins);
    bins[static_cast<std::size_t>(std::clamp(b, 0, kBins - 1))]++;
  }
  const std::size_t tallest = *std::max_element(bins.begin(), bins.end());

  out << fmt::format(
      "<figure><figcaption>{} · {} <span class=\"muted\">· {} GPU{} · median {} · min {} · max {} "
      "· {} outlier{}</span></figcaption>\n",
      Esc(f.name), Esc(f.Group()), f.count, f.count == 1 ? "" : "s",
      Esc(FormatFigure(f.median, f.unit)), Esc(FormatFigure(f.min, f.unit)),
      Esc(FormatFigure(f.max, f.unit)), f.outliers, f.outliers == 1 ? "" : "s");
  out << fmt::format(
      "<svg class=\"chart\" role=\"img\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "xmlns=\"http://www.w3.org/2000/svg\"><title>{2} on {3}: every GPU's figure</title>\n",
      kChartWidth, kChartHeight, Esc(f.name), Esc(f.Group()));
  const double bin_w = plot_w / kBins;
  for (int b = 0; b < kBins; ++b) {
    const std::size_t n = bins[static_cast<std::size_t>(b)];
    if (n == 0) continue;
    const double h = (kBarsBottom - kTop) * static_cast<double>(n) / static_cast<double>(tallest);
    const double from = lo + (hi - lo) * b / kBins, to = lo + (hi - lo) * (b + 1) / kBins;
    out << fmt::format(
        "<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
        "height=\"{:.1f}\"><title>{} "
        "GPU{} from {} to {}</title></rect>\n",
        kLeft + b * bin_w + 0.5, kBarsBottom - h, std::max(bin_w - 1, 1.0), h, n, n == 1 ? "" : "s",
        Esc(FormatFigure(from, f.unit)), Esc(FormatFigure(to, f.unit)));
  }
  out << fmt::format("<line class=\"axis\" x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\"/>\n",
                     kLeft, kBarsBottom, kLeft + plot_w, kBarsBottom);
  const double mx = x_of(f.median);
  out << fmt::format(
      "<line class=\"median\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\"><title>fleet "
      "median "
      "{3}</title></line>\n",
      mx, kTop, kBarsBottom, Esc(FormatFigure(f.median, f.unit)));
  if (!errors && f.median != 0) {
    for (double limit : {f.median * (1 - fraction), f.median * (1 + fraction)}) {
      out << fmt::format(
          "<line class=\"limit\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" "
          "y2=\"{2}\"><title>outlier "
          "limit {3}</title></line>\n",
          x_of(limit), kTop, kBarsBottom, Esc(FormatFigure(limit, f.unit)));
    }
  }
  std::size_t marks = 0;
  for (const FigureStats::Point& p : f.points) {
    if (!p.outlier || marks++ >= kMaxOutlierMarks) continue;
    out << fmt::format(
        "<circle class=\"outlier\" cx=\"{:.1f}\" cy=\"{}\" r=\"4\"><title>{} {}: "
        "{}{}</title></circle>\n",
        x_of(p.value), kBarsBottom + 12, Esc(s.nodes[p.node].node), Esc(p.gpu),
        Esc(FormatFigure(p.value, f.unit)),
        errors ? std::string() : " (" + FormatDeviation(p.deviation) + ")");
  }
  // The median's label is anchored inside the plot and the end label it would overlap (a median
  // at an end of the range: an error count of 0) is left out.
  constexpr double kLabelRoom = 90;
  const bool near_lo = mx - kLeft < kLabelRoom, near_hi = kLeft + plot_w - mx < kLabelRoom;
  if (!near_lo) {
    out << fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", kLeft, kChartHeight - 6,
                       Esc(FormatFigure(lo, f.unit)));
  }
  out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"{}\">median {}</text>\n",
                     near_lo ? kLeft : near_hi ? kLeft + plot_w : mx, kChartHeight - 6,
                     near_lo ? "start" : near_hi ? "end" : "middle",
                     Esc(FormatFigure(f.median, f.unit)));
  if (!near_hi) {
    out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
                       kLeft + plot_w, kChartHeight - 6, Esc(FormatFigure(hi, f.unit)));
  }
  out << "</svg></figure>\n";
}

void WriteOneValueFigures(const FleetSummary& s, std::ostream& out) {
  out << "<table class=\"figures-text\"><thead><tr><th>Benchmark</th><th>GPU model</th>"
         "<th>GPUs</th><th>Figure</th><th>Outliers</th></tr></thead><tbody>\n";
  for (bool with_outliers : {true, false}) {
    for (const FigureStats& f : s.figures) {
      if (!HasOneValue(f) || (f.outliers > 0) != with_outliers) continue;
      std::string outliers = std::to_string(f.outliers);
      std::size_t named = 0;
      for (const FigureStats::Point& p : f.points) {
        if (!p.outlier || named >= kOutliersNamed) continue;
        outliers += (named++ == 0 ? ": " : ", ") + Esc(s.nodes[p.node].node);
      }
      if (f.outliers > named) outliers += fmt::format(" (+{} more)", f.outliers - named);
      out << fmt::format(
          "<tr class=\"figure-text{}\"><td><code>{}</code></td><td>{}</td><td class=\"num\">{}"
          "</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
          f.outliers > 0 ? " outlying" : "", Esc(f.name), Esc(f.Group()), f.count,
          Esc(FormatFigure(f.median, f.unit)), outliers);
    }
  }
  out << "</tbody></table>\n";
}

}  // namespace

void WriteBenchmarks(const FleetSummary& s, std::ostream& out) {
  out << "<section id=\"benchmarks\"><h2>Benchmarks</h2>\n";
  if (s.figures.empty()) {
    out << "<p class=\"muted\">No report carries benchmark figures (run rocm-doctor check "
           "--level standard to measure).</p>\n</section>\n";
    return;
  }
  const std::size_t charted = static_cast<std::size_t>(
      std::count_if(s.figures.begin(), s.figures.end(),
                    [](const FigureStats& f) { return !HasOneValue(f); }));
  if (charted > 0) {
    out << fmt::format(
        "<p class=\"muted\">Each GPU's median, per benchmark and GPU model. Blue: the fleet "
        "median; dashed: \u00b1{:.0f}%, beyond which a figure is an outlier (red marks; hover for "
        "the node).</p>\n",
        s.options.outlier_fraction * 100);
    // The figures with outliers first: they are what the page is opened for.
    for (bool with_outliers : {true, false}) {
      for (const FigureStats& f : s.figures) {
        if (!HasOneValue(f) && (f.outliers > 0) == with_outliers) WriteChart(s, f, out);
      }
    }
  }
  if (charted < s.figures.size()) {
    out << fmt::format(
        "<h3>{} figure{} with one value</h3><p class=\"muted\">Measured on one GPU, or the same "
        "on every GPU of the model: nothing to plot.</p>\n",
        s.figures.size() - charted, s.figures.size() - charted == 1 ? "" : "s");
    WriteOneValueFigures(s, out);
  }
  out << "</section>\n";
}

}  // namespace rocm_doctor::fleet::html
