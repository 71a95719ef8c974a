// SPDX-License-Identifier: MIT
#include "fleet/fleet_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "fleet/fleet_stats.h"

namespace rocm_doctor::fleet {
namespace {

std::vector<CodeCount> CountCodes(const std::map<std::string, std::size_t>& counts) {
  std::vector<CodeCount> out;
  for (const auto& [code, n] : counts) out.push_back({code, n});
  std::stable_sort(out.begin(), out.end(),
                   [](const CodeCount& a, const CodeCount& b) { return a.nodes > b.nodes; });
  return out;
}

VersionList Versions(std::string what, const std::map<std::string, std::size_t>& counts) {
  VersionList list{std::move(what), {}};
  for (const auto& [value, n] : counts) list.values.push_back({value, n});
  std::stable_sort(list.values.begin(), list.values.end(),
                   [](const ValueCount& a, const ValueCount& b) { return a.count > b.count; });
  return list;
}

// Times and error counts: lower is better. Rates (B/s, FLOP/s, launch/s): higher.
bool HigherIsBetter(const std::string& unit) { return unit != "s" && unit != "errors"; }

std::vector<NodeGroup> Group(const std::vector<NodeReport>& nodes) {
  std::map<std::string, NodeGroup> by_key;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodeReport& n = nodes[i];
    std::string key;
    if (n.run_error) {
      key = kGroupRunFailed;
    } else if (!n.root_causes.empty()) {
      key = n.root_causes.front();
    } else if (n.verdict == "pass") {
      key = kGroupHealthy;
    } else if (n.verdict == "warn") {
      key = kGroupWarnings;
    } else {
      key = kGroupUnknown;
    }
    NodeGroup& g = by_key[key];
    g.key = key;
    g.nodes.push_back(i);
  }
  std::vector<NodeGroup> groups;
  for (auto& [key, g] : by_key) {
    g.label = key == kGroupHealthy     ? "healthy"
              : key == kGroupWarnings  ? "warnings only, no root cause"
              : key == kGroupUnknown   ? "could not tell"
              : key == kGroupRunFailed ? "the run failed before checking"
                                       : key;
    groups.push_back(std::move(g));
  }
  // Problems first, biggest first; healthy nodes last.
  std::stable_sort(groups.begin(), groups.end(), [](const NodeGroup& a, const NodeGroup& b) {
    const bool a_ok = a.key == kGroupHealthy, b_ok = b.key == kGroupHealthy;
    if (a_ok != b_ok) return b_ok;
    return a.nodes.size() > b.nodes.size();
  });
  return groups;
}

// The robust spread and each point's distance from the median in MADs, worse side positive.
void JudgeSpread(FigureStats& s, const std::vector<double>& values, double mads) {
  std::set<std::size_t> nodes;
  for (const auto& p : s.points) nodes.insert(p.node);
  s.node_count = nodes.size();
  const RobustSpread r = SpreadOf(values);
  s.mad = r.mad;
  s.spread = r.spread;
  s.spread_floored = r.floored;
  if (s.unit == "errors") {
    s.not_judged = "error counts are judged by any error, not by their spread";
    return;
  }
  if (s.node_count < kMinNodesForMad) {
    s.not_judged = fmt::format("{} node{}: fewer than {} give no outlier judgement", s.node_count,
                               s.node_count == 1 ? "" : "s", kMinNodesForMad);
    return;
  }
  if (s.spread <= 0) {  // a median of 0 with every value 0: nothing trails
    s.not_judged = "every value is 0";
    return;
  }
  s.mad_judged = true;
  for (auto& p : s.points) {
    p.mads_worse = (s.higher_is_better ? s.median - p.value : p.value - s.median) / s.spread;
    p.trailing = p.mads_worse > mads;
    s.trailing += p.trailing ? 1 : 0;
  }
}

std::vector<FigureStats> Figures(const std::vector<NodeReport>& nodes, double fraction,
                                 double mads) {
  std::map<std::tuple<std::string, std::string, std::string, std::string>, FigureStats> by_key;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (const BenchFigure& f : nodes[i].figures) {
      FigureStats& s = by_key[{f.name, f.model, f.partition, f.unit}];
      FigureStats::Point p;
      p.node = i;
      p.gpu = f.gpu;
      p.value = f.value;
      p.deviation = 0;
      p.outlier = false;
      p.limit = f.limit;
      p.ceiling = f.ceiling;
      p.verdict = f.verdict;
      s.points.push_back(std::move(p));
    }
  }
  std::vector<FigureStats> out;
  for (auto& [key, s] : by_key) {
    std::tie(s.name, s.model, s.partition, s.unit) = key;
    s.higher_is_better = HigherIsBetter(s.unit);
    s.count = s.points.size();
    std::vector<double> values;
    values.reserve(s.points.size());
    for (const auto& p : s.points) values.push_back(p.value);
    s.median = MedianOf(values);
    s.min = *std::min_element(values.begin(), values.end());
    s.max = *std::max_element(values.begin(), values.end());
    for (auto& p : s.points) {
      p.deviation = s.median != 0 ? p.value / s.median - 1 : 0;
      p.outlier = s.unit == "errors" ? p.value > 0 : std::abs(p.deviation) > fraction;
      s.outliers += p.outlier ? 1 : 0;
    }
    JudgeSpread(s, values, mads);
    // Worst first: the slowest rate, the longest time, the most errors.
    const bool higher = s.higher_is_better;
    std::stable_sort(s.points.begin(), s.points.end(), [higher](const auto& a, const auto& b) {
      return higher ? a.value < b.value : a.value > b.value;
    });
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

void FleetBuilder::Add(NodeReport report) {
  ++files_read_;
  auto [it, inserted] = index_.try_emplace(report.node, nodes_.size());
  if (inserted) {
    nodes_.push_back(std::move(report));
    return;
  }
  // Two reports of one node: the later run is the node's state (ISO 8601 compares as text).
  ++superseded_;
  NodeReport& kept = nodes_[it->second];
  if (report.started_at > kept.started_at) kept = std::move(report);
}

void FleetBuilder::Skip(std::string path, std::string reason) {
  skipped_.push_back({std::move(path), std::move(reason)});
}

FleetSummary FleetBuilder::Finish() && {
  FleetSummary s;
  s.options = options_;
  s.files_read = files_read_;
  s.superseded = superseded_;
  s.skipped = std::move(skipped_);
  s.nodes = std::move(nodes_);
  std::sort(s.nodes.begin(), s.nodes.end(),
            [](const NodeReport& a, const NodeReport& b) { return a.node < b.node; });

  std::map<std::string, std::size_t> causes, codes, tool, rocm, kernel, os, models;
  for (const NodeReport& n : s.nodes) {
    ++s.verdicts[n.verdict];
    // A code counts once per node, wherever it appears.
    std::vector<std::string> seen = n.root_causes;
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    for (const std::string& c : seen) ++causes[c];
    for (const std::string& c : n.problem_codes) ++codes[c];
    ++tool[n.tool_version.value_or("unknown")];
    ++rocm[n.rocm_release.value_or("unknown")];
    ++kernel[n.kernel.value_or("unknown")];
    ++os[n.os.value_or("unknown")];
    for (const std::string& m : n.gpu_models) ++models[m];
  }
  s.groups = Group(s.nodes);
  s.root_causes = CountCodes(causes);
  s.codes = CountCodes(codes);
  s.versions = {Versions("rocm-doctor", tool), Versions("ROCm", rocm), Versions("kernel", kernel),
                Versions("OS", os), Versions("GPU models", models)};
  s.figures = Figures(s.nodes, options_.outlier_fraction, options_.outlier_mads);
  s.node_outliers.assign(s.nodes.size(), 0);
  s.node_trailing.assign(s.nodes.size(), 0);
  for (std::size_t fi = 0; fi < s.figures.size(); ++fi) {
    const FigureStats& f = s.figures[fi];
    for (std::size_t pi = 0; pi < f.points.size(); ++pi) {
      const FigureStats::Point& p = f.points[pi];
      s.node_outliers[p.node] += p.outlier ? 1 : 0;
      if (!p.trailing) continue;
      s.node_trailing[p.node] += 1;
      s.trailing.push_back({fi, pi});
    }
  }
  std::stable_sort(s.trailing.begin(), s.trailing.end(),
                   [&s](const TrailingFigure& a, const TrailingFigure& b) {
                     return s.figures[a.figure].points[a.point].mads_worse >
                            s.figures[b.figure].points[b.point].mads_worse;
                   });
  return s;
}

}  // namespace rocm_doctor::fleet
