// SPDX-License-Identifier: MIT
// The fleet summary as one self-contained HTML page: the node table first (rendered in the
// browser from the JSON embedded in the page, with a filter and sortable columns), then the
// nodes by root cause, the benchmark charts (fleet_html_charts.cpp), the codes and versions.
// Nothing is fetched: the page works from a file on a laptop with no network.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "fleet/fleet_html_parts.h"
#include "fleet/figure_format.h"
#include "fleet/fleet_reporters.h"
#include "fleet/trailing_text.h"

namespace rocm_doctor::fleet {
namespace {

using html::Esc;

constexpr std::size_t kNamesPerGroup = 12;

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
                     {"verdict_class", html::VerdictClass(n.verdict)},
                     {"mark", html::VerdictMark(n.verdict)},
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

// A group's verdict: the worst of its nodes' (they share a root cause, and a root cause that
// only warns leaves its nodes at warn).
std::string_view GroupVerdict(const FleetSummary& s, const NodeGroup& g) {
  static constexpr std::string_view kWorstFirst[] = {"fail", "unknown", "warn", "pass"};
  for (std::string_view v : kWorstFirst) {
    for (std::size_t i : g.nodes) {
      if (html::VerdictClass(s.nodes[i].verdict) == v) return v;
    }
  }
  return "unknown";
}

void WriteNodeTable(std::ostream& out) {
  out << "<section id=\"nodes\"><h2>Nodes</h2>\n<input id=\"filter\" type=\"search\" "
         "placeholder=\"Filter: node, verdict, code, GPU, version\" aria-label=\"Filter nodes\">"
         "<span id=\"shown\" class=\"muted\"></span>\n<div class=\"table-scroll\">"
         "<table id=\"node-table\"><thead><tr>"
         "<th data-key=\"node\">Node</th><th data-key=\"verdict\">Verdict</th>"
         "<th data-key=\"cause\">Root cause</th><th data-key=\"gpus\">GPUs</th>"
         "<th data-key=\"rocm\">ROCm</th><th data-key=\"kernel\">Kernel</th>"
         "<th data-key=\"outliers\">Outliers</th></tr></thead><tbody></tbody></table></div>\n"
         "<noscript>The node table needs JavaScript; rocm-doctor fleet summarize --format json "
         "lists every node.</noscript></section>\n";
}

// Nodes that trail their peers come first: the figure, the fleet's median and spread, how
// many MADs behind, and whether the node's own floor passed it (most often it did).
void WriteTrailing(const FleetSummary& s, std::ostream& out) {
  if (s.trailing.empty()) return;
  out << fmt::format(
      "<section id=\"trailing\"><h2>Trailing the fleet</h2><p class=\"muted\">{} figure{} "
      "more than {:g} median absolute deviations (MAD) on the worse side of their GPU model's "
      "fleet median, whether or not they passed their floors.</p>\n<div class=\"table-scroll "
      "short\"><table><thead><tr><th>Node</th><th>GPU</th><th>Benchmark</th><th>Model</th>"
      "<th>Figure</th><th>Median</th><th>Spread</th><th>MADs</th><th>Own floor</th></tr></thead>"
      "<tbody>\n",
      s.trailing.size(), s.trailing.size() == 1 ? "" : "s", s.options.outlier_mads);
  for (const TrailingFigure& t : s.trailing) {
    const FigureStats& f = s.figures[t.figure];
    const FigureStats::Point& p = f.points[t.point];
    out << fmt::format(
        "<tr class=\"trailing\"><td>{}</td><td><code>{}</code></td><td><code>{}</code></td>"
        "<td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}"
        "</td><td class=\"num\">{:.1f}</td><td>{}</td></tr>\n",
        Esc(s.nodes[p.node].node), Esc(p.gpu), Esc(f.name), Esc(f.Group()),
        Esc(FormatFigure(p.value, f.unit)), Esc(FormatFigure(f.median, f.unit)),
        Esc(SpreadText(f)), p.mads_worse, Esc(TrailingFloor(f, p)));
  }
  out << "</tbody></table></div></section>\n";
}

void WriteGroups(const FleetSummary& s, std::ostream& out) {
  out << "<section id=\"groups\"><h2>Nodes by root cause</h2>\n<table><thead><tr><th>Root cause"
         "</th><th>Verdict</th><th>Nodes</th><th></th><th>Which</th></tr></thead><tbody>\n";
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
    const std::string_view verdict = GroupVerdict(s, g);
    out << fmt::format(
        "<tr class=\"group {0}\"><td><code>{1}</code></td><td><span class=\"mark\" "
        "aria-hidden=\"true\">{2}</span> {0}</td><td class=\"num\">{3}</td><td><span "
        "class=\"groupbar\" style=\"width:{4}px\"></span></td><td>{5}</td></tr>\n",
        verdict, Esc(g.label), html::VerdictMark(verdict), g.nodes.size(),
        std::max<std::size_t>(2, 160 * g.nodes.size() / biggest), Esc(names));
  }
  out << "</tbody></table></section>\n";
}

}  // namespace

void WriteFleetHtml(const FleetSummary& s, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>rocm-doctor fleet summary</title>\n<style>"
      << html::PageStyle() << "</style></head>\n<body>\n";
  out << fmt::format(
      "<header><h1>rocm-doctor fleet summary</h1><p class=\"muted\">{} node{} from {} report{}{}{} "
      "· rocm-doctor {}</p>\n<ul class=\"verdicts\">",
      s.nodes.size(), s.nodes.size() == 1 ? "" : "s", s.files_read, s.files_read == 1 ? "" : "s",
      s.superseded > 0 ? fmt::format(" ({} superseded)", s.superseded) : std::string(),
      s.skipped.empty() ? std::string() : fmt::format(" · {} skipped", s.skipped.size()),
      ROCMDOC_VERSION);
  for (std::string_view v : {"pass", "warn", "fail", "unknown"}) {
    auto it = s.verdicts.find(std::string(v));
    out << fmt::format("<li class=\"v-{0}\"><span aria-hidden=\"true\">{2}</span> {1} {0}</li>",
                       v, it == s.verdicts.end() ? 0 : it->second, html::VerdictMark(v));
  }
  out << "</ul></header>\n";

  // The node table first: it is what the page is opened for, and a fleet's charts (one per
  // benchmark and GPU model, dozens) would push it out of the first screen.
  WriteTrailing(s, out);
  WriteNodeTable(out);
  WriteGroups(s, out);
  html::WriteBenchmarks(s, out);

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
      << "</script>\n<script>" << html::PageScript() << "</script>\n</body></html>\n";
}

}  // namespace rocm_doctor::fleet
