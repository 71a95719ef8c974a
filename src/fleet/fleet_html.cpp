// The fleet summary as one self-contained HTML page. The charts are SVG drawn here (a histogram
// of every GPU's figure per benchmark and GPU model, the fleet median and the outlier limits,
// each outlier a red mark that names its node); the per-node table is rendered in the browser
// from the JSON embedded in the page, with a filter and sortable columns. Nothing is fetched:
// the page works from a file on a laptop with no network.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "fleet/figure_format.h"
#include "fleet/fleet_reporters.h"

namespace rocm_doctor::fleet {
namespace {

constexpr int kBins = 40;
constexpr double kChartWidth = 720, kChartHeight = 170;
constexpr double kLeft = 10, kRight = 10, kTop = 10, kBarsBottom = 120;
constexpr std::size_t kMaxOutlierMarks = 300;  // per chart; the JSON output lists them all
constexpr std::size_t kNamesPerGroup = 12;

// Text and attribute values: & < > " ' escaped.
std::string Esc(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

constexpr std::string_view kStyle = R"css(
:root { --pass: #1a7f37; --warn: #9a6700; --fail: #cf222e; --unknown: #6e7781; --ink: #1f2328;
        --muted: #59636e; --line: #d1d9e0; --bar: #8fb8e8; --median: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; color: var(--ink);
       font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.muted { color: var(--muted); }
.verdicts { display: flex; gap: 12px; list-style: none; padding: 0; margin: 12px 0; }
.verdicts li { padding: 6px 12px; border-radius: 6px; color: #fff; font-weight: 600; }
.v-pass { background: var(--pass); } .v-warn { background: var(--warn); }
.v-fail { background: var(--fail); } .v-unknown { background: var(--unknown); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #f6f8fa; position: sticky; top: 0; }
th[data-key] { cursor: pointer; user-select: none; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
.groupbar { display: inline-block; height: 10px; background: var(--fail); border-radius: 2px; }
.healthy .groupbar { background: var(--pass); }
figure { margin: 12px 0 20px; }
figcaption { font-weight: 600; }
figcaption .muted { font-weight: 400; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
svg .bar { fill: var(--bar); }
svg .median { stroke: var(--median); stroke-width: 2; }
svg .limit { stroke: var(--warn); stroke-dasharray: 4 3; }
svg .outlier { fill: var(--fail); }
svg .axis { stroke: var(--line); }
#filter { padding: 6px 8px; width: 320px; margin: 4px 12px 8px 0; border: 1px solid var(--line);
          border-radius: 6px; }
tr.node-row td:nth-child(2) { font-weight: 600; }
tr.node-row.fail td:nth-child(2) { color: var(--fail); }
tr.node-row.warn td:nth-child(2) { color: var(--warn); }
tr.node-row.pass td:nth-child(2) { color: var(--pass); }
tr.node-row.unknown td:nth-child(2) { color: var(--unknown); }
)css";

// Renders the table rows from #fleet-data; sets body[data-rendered] when done (the tests' sign
// that the script ran).
constexpr std::string_view kScript = R"js(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('fleet-data').textContent);
  var columns = ['node', 'verdict', 'cause', 'gpus', 'rocm', 'kernel', 'outliers'];
  var tbody = document.querySelector('#node-table tbody');
  var filter = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var sortKey = 'node';
  var ascending = true;
  function text(node, key) { return String(node[key] === null ? '' : node[key]); }
  function compare(a, b) {
    var x = a[sortKey], y = b[sortKey];
    var order = (typeof x === 'number' && typeof y === 'number') ? x - y
        : text(a, sortKey).localeCompare(text(b, sortKey), undefined, {numeric: true});
    return ascending ? order : -order;
  }
  function render() {
    var query = filter.value.trim().toLowerCase();
    var rows = data.nodes.filter(function (n) {
      return !query || columns.some(function (c) { return text(n, c).toLowerCase().indexOf(query) >= 0; });
    });
    rows.sort(compare);
    var fragment = document.createDocumentFragment();
    rows.forEach(function (n) {
      var tr = document.createElement('tr');
      tr.className = 'node-row ' + n.verdict;
      columns.forEach(function (c) {
        var td = document.createElement('td');
        td.textContent = text(n, c);
        if (c === 'outliers') td.className = 'num';
        if (c === 'cause' && n.message) td.title = n.message;
        tr.appendChild(td);
      });
      fragment.appendChild(tr);
    });
    tbody.replaceChildren(fragment);
    shown.textContent = rows.length + ' of ' + data.nodes.length + ' nodes';
  }
  document.querySelectorAll('#node-table th[data-key]').forEach(function (th) {
    th.addEventListener('click', function () {
      var key = th.getAttribute('data-key');
      ascending = key === sortKey ? !ascending : true;
      sortKey = key;
      render();
    });
  });
  filter.addEventListener('input', render);
  render();
  document.body.setAttribute('data-rendered', 'yes');
})();
)js";

std::string GpuSummary(const NodeReport& n) {
  // "8 × AMD Instinct MI300X", "1 × A · 1 × B"
  std::vector<std::pair<std::string, int>> counts;
  for (const std::string& m : n.gpu_models) {
    auto it =
        std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == m; });
    if (it == counts.end()) {
      counts.push_back({m, 1});
    } else {
      ++it->second;
    }
  }
  std::string out;
  for (const auto& [model, k] : counts) {
    if (!out.empty()) out += " · ";
    out += fmt::format("{} × {}", k, model);
  }
  return out.empty() ? "none" : out;
}

std::string EmbeddedData(const FleetSummary& s) {
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    const NodeReport& n = s.nodes[i];
    std::string cause = n.run_error             ? "(run failed)"
                        : n.root_causes.empty() ? ""
                                                : n.root_causes.front();
    if (n.root_causes.size() > 1) cause += fmt::format(" (+{})", n.root_causes.size() - 1);
    nodes.push_back({{"node", n.node},
                     {"verdict", n.verdict},
                     {"cause", cause},
                     {"message", n.run_error ? *n.run_error : n.root_cause_message},
                     {"gpus", GpuSummary(n)},
                     {"rocm", n.rocm_release.value_or("")},
                     {"kernel", n.kernel.value_or("")},
                     {"outliers", s.node_outliers[i]}});
  }
  std::string text = nlohmann::json{{"nodes", std::move(nodes)}}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Inside <script>, "</script" or "<!--" in a node name must not end the element: '<' is
  // written as its JSON escape, which JSON.parse turns back.
  std::string safe;
  safe.reserve(text.size());
  for (char c : text) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  return safe;
}

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
      Esc(f.name), Esc(f.model), f.count, f.count == 1 ? "" : "s",
      Esc(FormatFigure(f.median, f.unit)), Esc(FormatFigure(f.min, f.unit)),
      Esc(FormatFigure(f.max, f.unit)), f.outliers, f.outliers == 1 ? "" : "s");
  out << fmt::format(
      "<svg class=\"chart\" role=\"img\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "xmlns=\"http://www.w3.org/2000/svg\"><title>{2} on {3}: every GPU's figure</title>\n",
      kChartWidth, kChartHeight, Esc(f.name), Esc(f.model));
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
  out << fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", kLeft, kChartHeight - 6,
                     Esc(FormatFigure(lo, f.unit)));
  out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">median {}</text>\n", mx,
                     kChartHeight - 6, Esc(FormatFigure(f.median, f.unit)));
  out << fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLeft + plot_w,
                     kChartHeight - 6, Esc(FormatFigure(hi, f.unit)));
  out << "</svg></figure>\n";
}

}  // namespace

void WriteFleetHtml(const FleetSummary& s, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>rocm-doctor fleet summary</title>\n<style>"
      << kStyle << "</style></head>\n<body>\n";
  out << fmt::format(
      "<header><h1>rocm-doctor fleet summary</h1><p class=\"muted\">{} node{} from {} report{}{}{} "
      "· rocm-doctor {}</p>\n<ul class=\"verdicts\">",
      s.nodes.size(), s.nodes.size() == 1 ? "" : "s", s.files_read, s.files_read == 1 ? "" : "s",
      s.superseded > 0 ? fmt::format(" ({} superseded)", s.superseded) : std::string(),
      s.skipped.empty() ? std::string() : fmt::format(" · {} skipped", s.skipped.size()),
      ROCMDOC_VERSION);
  for (std::string_view v : {"pass", "warn", "fail", "unknown"}) {
    auto it = s.verdicts.find(std::string(v));
    out << fmt::format("<li class=\"v-{0}\">{1} {0}</li>", v,
                       it == s.verdicts.end() ? 0 : it->second);
  }
  out << "</ul></header>\n";

  out << "<section id=\"groups\"><h2>Nodes by root cause</h2>\n<table><thead><tr><th>Root cause"
         "</th><th>Nodes</th><th></th><th>Which</th></tr></thead><tbody>\n";
  const std::size_t biggest = s.groups.empty()
                                  ? 1
                                  : std::max_element(s.groups.begin(), s.groups.end(),
                                                     [](const NodeGroup& a, const NodeGroup& b) {
                                                       return a.nodes.size() < b.nodes.size();
                                                     })
                                        ->nodes.size();
  for (const NodeGroup& g : s.groups) {
    std::string names;
    for (std::size_t i = 0; i < g.nodes.size() && i < kNamesPerGroup; ++i) {
      names += (i > 0 ? ", " : "") + s.nodes[g.nodes[i]].node;
    }
    if (g.nodes.size() > kNamesPerGroup)
      names += fmt::format(" (+{} more)", g.nodes.size() - kNamesPerGroup);
    out << fmt::format(
        "<tr class=\"group{}\"><td><code>{}</code></td><td class=\"num\">{}</td><td><span "
        "class=\"groupbar\" style=\"width:{}px\"></span></td><td>{}</td></tr>\n",
        g.key == kGroupHealthy ? " healthy" : "", Esc(g.label), g.nodes.size(),
        std::max<std::size_t>(2, 160 * g.nodes.size() / biggest), Esc(names));
  }
  out << "</tbody></table></section>\n";

  out << "<section id=\"benchmarks\"><h2>Benchmarks</h2>\n";
  if (s.figures.empty()) {
    out << "<p class=\"muted\">No report carries benchmark figures (run rocm-doctor check "
           "--level standard to measure).</p>\n";
  } else {
    out << fmt::format(
        "<p class=\"muted\">Each GPU's median, per benchmark and GPU model. Blue: the fleet "
        "median; "
        "dashed: ±{:.0f}%, beyond which a figure is an outlier (red marks; hover for the "
        "node).</p>\n",
        s.options.outlier_fraction * 100);
    // The figures with outliers first: they are what the page is opened for.
    for (bool with_outliers : {true, false}) {
      for (const FigureStats& f : s.figures) {
        if ((f.outliers > 0) == with_outliers) WriteChart(s, f, out);
      }
    }
  }
  out << "</section>\n";

  out << "<section id=\"nodes\"><h2>Nodes</h2>\n<input id=\"filter\" type=\"search\" "
         "placeholder=\"Filter: node, verdict, code, GPU, version\" aria-label=\"Filter nodes\">"
         "<span id=\"shown\" class=\"muted\"></span>\n<table id=\"node-table\"><thead><tr>"
         "<th data-key=\"node\">Node</th><th data-key=\"verdict\">Verdict</th>"
         "<th data-key=\"cause\">Root cause</th><th data-key=\"gpus\">GPUs</th>"
         "<th data-key=\"rocm\">ROCm</th><th data-key=\"kernel\">Kernel</th>"
         "<th data-key=\"outliers\">Outliers</th></tr></thead><tbody></tbody></table>\n"
         "<noscript>The node table needs JavaScript; rocm-doctor fleet summarize --format json "
         "lists every node.</noscript></section>\n";

  if (!s.codes.empty()) {
    out << "<section id=\"codes\"><h2>Finding codes</h2><p class=\"muted\">Nodes with a failing, "
           "warning or indeterminate finding of each code.</p>\n<table><thead><tr><th>Code</th>"
           "<th>Nodes</th></tr></thead><tbody>\n";
    for (const CodeCount& c : s.codes) {
      out << fmt::format("<tr><td><code>{}</code></td><td class=\"num\">{}</td></tr>\n",
                         Esc(c.code), c.nodes);
    }
    out << "</tbody></table></section>\n";
  }

  out << "<section id=\"versions\"><h2>Versions</h2>\n<table><tbody>\n";
  for (const VersionList& v : s.versions) {
    std::string line;
    for (const ValueCount& c : v.values) {
      line += (line.empty() ? "" : " · ") + Esc(c.value) +
              fmt::format(" <span class=\"muted\">×{}</span>", c.count);
    }
    out << fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", Esc(v.what), line);
  }
  out << "</tbody></table></section>\n";

  if (!s.skipped.empty()) {
    out << "<section id=\"skipped\"><h2>Skipped files</h2>\n<table><tbody>\n";
    for (const SkippedFile& f : s.skipped) {
      out << fmt::format("<tr><td><code>{}</code></td><td>{}</td></tr>\n", Esc(f.path),
                         Esc(f.reason));
    }
    out << "</tbody></table></section>\n";
  }
  out << "<script type=\"application/json\" id=\"fleet-data\">" << EmbeddedData(s)
      << "</script>\n<script>" << kScript << "</script>\n</body></html>\n";
}

}  // namespace rocm_doctor::fleet
