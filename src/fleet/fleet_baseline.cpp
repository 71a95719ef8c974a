// SPDX-License-Identifier: MIT
#include "fleet/fleet_baseline.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "fleet/figure_format.h"
#include "fleet/fleet_stats.h"
#include "rocm_doctor/bench_thresholds.h"

namespace rocm_doctor::fleet {
namespace {

// The built-in row a node's report names ("checks/data/bench_thresholds.csv:19"), for its
// `unstable` limit; nullptr when the report was judged by another file or by nothing.
const ThresholdRow* BuiltinRow(const std::string& origin) {
  if (origin.empty()) return nullptr;
  for (const ThresholdRow& r : BenchThresholds::Builtin().rows()) {
    if (r.origin == origin) return &r;
  }
  return nullptr;
}

// A CSV field: quoted, with quotes doubled (RFC 4180), newlines flattened (one record a line).
std::string Field(std::string text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += "\"\"";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out + "\"";
}

}  // namespace

std::string BaselineGroup::Name() const {
  return partition.empty() ? model : model + ", " + partition;
}

std::string BaselineGroup::Slug() const {
  std::string slug;
  for (char c : Name()) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (c >= 'A' && c <= 'Z') {
      slug += static_cast<char>(c - 'A' + 'a');
    } else if (word) {
      slug += c;
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug.empty() ? "gpu" : slug;
}

std::vector<BaselineGroup> BuildBaseline(const FleetSummary& s, const BaselineOptions& options) {
  using Key = std::pair<std::string, std::string>;  // model, partition
  std::map<Key, BaselineGroup> by_group;
  std::map<Key, std::set<std::size_t>> nodes_of;
  for (const FigureStats& f : s.figures) {
    const Key key{f.model, f.partition};
    BaselineGroup& g = by_group[key];
    g.model = f.model;
    g.partition = f.partition;
    for (const auto& p : f.points) nodes_of[key].insert(p.node);
    if (f.unit == "errors") {
      g.gaps.push_back({f.name, "an error count: any error fails (the built-in ceiling of 0)"});
      continue;
    }
    if (f.node_count < kMinNodesForMad) {
      g.gaps.push_back({f.name, fmt::format("{} node{}: fewer than {} give no spread to trust",
                                            f.node_count, f.node_count == 1 ? "" : "s",
                                            kMinNodesForMad)});
      continue;
    }
    BaselineRow r;
    r.benchmark = f.name;
    r.unit = f.unit;
    r.ceiling = !f.higher_is_better;
    r.median = f.median;
    r.mad = f.mad;
    r.spread = f.spread;
    r.spread_floored = f.spread_floored;
    r.nodes = f.node_count;
    r.gpus = f.count;
    r.limit = r.ceiling ? f.median + options.mads * f.spread : f.median - options.mads * f.spread;
    if (r.limit <= 0) {
      g.gaps.push_back({f.name, fmt::format("the spread is too wide for a floor: median {} - {} "
                                            "x MAD {} is not above 0",
                                            FormatFigure(f.median, f.unit), options.mads,
                                            FormatFigure(f.mad, f.unit))});
      continue;
    }
    // The unstable limit of the rows the nodes were judged with (the first one found).
    for (const auto& p : f.points) {
      for (const BenchFigure& nf : s.nodes[p.node].figures) {
        if (nf.name != f.name || nf.gpu != p.gpu) continue;
        if (const ThresholdRow* row = BuiltinRow(nf.threshold); row && row->unstable) {
          r.unstable = row->unstable;
          r.unstable_origin = row->origin;
        }
      }
      if (r.unstable) break;
    }
    g.rows.push_back(std::move(r));
  }
  std::vector<BaselineGroup> out;
  for (auto& [key, g] : by_group) {
    g.nodes = nodes_of[key].size();
    out.push_back(std::move(g));
  }
  return out;
}

void WriteBaselineCsv(const BaselineGroup& g, const BaselineOptions& options, std::ostream& out) {
  out << fmt::format(
      "# rocm-doctor fleet baseline for {}: built {} from {} node{}' reports.\n"
      "# Each figure's median and median absolute deviation (MAD) over the fleet's GPUs; the floor\n"
      "# is the median - {} x MAD (a time's ceiling: median + {} x MAD), where the MAD is taken as\n"
      "# at least {:.0f}% of the median (a MAD of 0 would make any difference a failure). Read by\n"
      "# rocm-doctor bench|check --thresholds FILE (format: checks/data/README.md).\n",
      g.Name(), options.date, g.nodes, g.nodes == 1 ? "'s" : "s", options.mads, options.mads,
      kMinSpreadFraction * 100);
  for (const BaselineGap& gap : g.gaps) {
    out << fmt::format("# no row for {}: {}\n", gap.benchmark, gap.reason);
  }
  if (!g.partition.empty()) {
    out << fmt::format("# Rows for the {} partition only: GPUs in another mode are judged by the "
                       "other rows.\n",
                       g.partition);
  }
  // The partition column only where there is a partition: a file of GPUs without partition
  // modes is in the six columns a rocm-doctor from before the pattern column reads too.
  out << (g.partition.empty() ? "gpu,benchmark,basis,value,unstable,source\n"
                              : "gpu,benchmark,basis,value,unstable,source,pattern,partition\n");
  for (const BaselineRow& r : g.rows) {
    std::string source = fmt::format(
        "fleet baseline {}: median {}, MAD {} over {} nodes ({} GPUs); {} = median {} {} x {}{}",
        options.date, FormatFigure(r.median, r.unit), FormatFigure(r.mad, r.unit), r.nodes, r.gpus,
        r.ceiling ? "ceiling" : "floor", r.ceiling ? "+" : "-", options.mads,
        r.spread_floored ? fmt::format("{} (the MAD floored at {:.0f}% of the median)",
                                       FormatFigure(r.spread, r.unit), kMinSpreadFraction * 100)
                         : "MAD",
        r.unstable ? "; unstable limit from " + r.unstable_origin : std::string());
    out << fmt::format("{},{},{},{:.6g},{},{}{}\n", Field(g.model), r.benchmark,
                       r.ceiling ? "max" : "min", r.limit,
                       r.unstable ? fmt::format("{:g}", *r.unstable) : std::string(),
                       Field(source), g.partition.empty() ? "" : ",," + g.partition);
  }
}

}  // namespace rocm_doctor::fleet
