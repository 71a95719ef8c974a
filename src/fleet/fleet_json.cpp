// SPDX-License-Identifier: MIT
#include <nlohmann/json.hpp>

#include "fleet/fleet_reporters.h"
#include "fleet/trailing_text.h"

namespace rocm_doctor::fleet {
namespace {

using nlohmann::json;

inline constexpr int kFleetJsonVersion = 1;

template <class T>
json OrNull(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json Counts(const std::vector<CodeCount>& counts) {
  json out = json::array();
  for (const CodeCount& c : counts) out.push_back({{"code", c.code}, {"nodes", c.nodes}});
  return out;
}

}  // namespace

json FleetToJson(const FleetSummary& s) {
  json root;
  root["fleet_format"] = kFleetJsonVersion;
  root["tool"] = {{"name", "rocm-doctor"}, {"version", ROCMDOC_VERSION}};
  root["files_read"] = s.files_read;
  root["superseded"] = s.superseded;
  root["node_count"] = s.nodes.size();
  root["outlier_fraction"] = s.options.outlier_fraction;
  root["outlier_mads"] = s.options.outlier_mads;
  // Nodes that trail their fleet, most MADs first, whether their floors passed them or not.
  json trailing = json::array();
  for (const TrailingFigure& t : s.trailing) {
    const FigureStats& f = s.figures[t.figure];
    const FigureStats::Point& p = f.points[t.point];
    trailing.push_back({{"node", s.nodes[p.node].node},
                        {"gpu", p.gpu},
                        {"benchmark", f.name},
                        {"model", f.model},
                        {"partition", f.partition.empty() ? json() : json(f.partition)},
                        {"unit", f.unit},
                        {"value", p.value},
                        {"median", f.median},
                        {"mad", f.mad},
                        {"spread", f.spread},
                        {"mads_worse", p.mads_worse},
                        {"limit", OrNull(p.limit)},
                        {"limit_kind", p.limit ? json(p.ceiling ? "ceiling" : "floor") : json()},
                        {"verdict", p.verdict.empty() ? json() : json(p.verdict)},
                        {"text", TrailingWhat(f, p) + "; " + TrailingFloor(f, p)}});
  }
  root["trailing"] = std::move(trailing);
  json verdicts = json::object();
  for (std::string_view v : {"pass", "warn", "fail", "unknown"}) {
    auto it = s.verdicts.find(std::string(v));
    verdicts[std::string(v)] = it == s.verdicts.end() ? 0 : it->second;
  }
  root["verdicts"] = std::move(verdicts);

  json groups = json::array();
  for (const NodeGroup& g : s.groups) {
    json names = json::array();
    for (std::size_t i : g.nodes) names.push_back(s.nodes[i].node);
    groups.push_back({{"key", g.key},
                      {"label", g.label},
                      {"count", g.nodes.size()},
                      {"nodes", std::move(names)}});
  }
  root["groups"] = std::move(groups);
  root["root_causes"] = Counts(s.root_causes);
  root["codes"] = Counts(s.codes);

  json versions = json::object();
  for (const VersionList& v : s.versions) {
    json values = json::array();
    for (const ValueCount& c : v.values) values.push_back({{"value", c.value}, {"count", c.count}});
    versions[v.what] = std::move(values);
  }
  root["versions"] = std::move(versions);

  json figures = json::array();
  for (const FigureStats& f : s.figures) {
    json outliers = json::array();
    for (const FigureStats::Point& p : f.points) {
      if (!p.outlier) continue;
      outliers.push_back({{"node", s.nodes[p.node].node},
                          {"gpu", p.gpu},
                          {"value", p.value},
                          {"deviation", p.deviation}});
    }
    figures.push_back({{"name", f.name},
                       {"unit", f.unit},
                       {"model", f.model},
                       // "CPX/NPS4": the figures of one model and partition are one group;
                       // null when the reports name no partition.
                       {"partition", f.partition.empty() ? json() : json(f.partition)},
                       {"higher_is_better", f.higher_is_better},
                       {"count", f.count},
                       {"median", f.median},
                       {"min", f.min},
                       {"max", f.max},
                       {"outliers", std::move(outliers)},
                       {"nodes", f.node_count},
                       {"mad", f.mad},
                       {"spread", f.spread},
                       {"spread_floored", f.spread_floored},
                       {"mad_judged", f.mad_judged},
                       {"not_judged", f.not_judged.empty() ? json() : json(f.not_judged)},
                       {"trailing", f.trailing}});
  }
  root["benchmarks"] = std::move(figures);

  json nodes = json::array();
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    const NodeReport& n = s.nodes[i];
    nodes.push_back({{"node", n.node},
                     {"source", n.source},
                     {"verdict", n.verdict},
                     {"exit_code", OrNull(n.exit_code)},
                     {"started_at", n.started_at},
                     {"root_causes", n.root_causes},
                     {"root_cause_message", n.root_cause_message},
                     {"problem_codes", n.problem_codes},
                     {"run_error", OrNull(n.run_error)},
                     {"tool_version", OrNull(n.tool_version)},
                     {"rocm_release", OrNull(n.rocm_release)},
                     {"kernel", OrNull(n.kernel)},
                     {"os", OrNull(n.os)},
                     {"gpus", n.gpu_models},
                     {"figures", n.figures.size()},
                     {"outliers", s.node_outliers[i]},
                     {"trailing", s.node_trailing[i]}});
  }
  root["nodes"] = std::move(nodes);

  json skipped = json::array();
  for (const SkippedFile& f : s.skipped)
    skipped.push_back({{"path", f.path}, {"reason", f.reason}});
  root["skipped"] = std::move(skipped);
  return root;
}

void WriteFleetJson(const FleetSummary& s, std::ostream& out) {
  // Report text from other machines may hold bytes that are not UTF-8: replaced, never thrown.
  out << FleetToJson(s).dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace rocm_doctor::fleet
