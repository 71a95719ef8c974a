// SPDX-License-Identifier: MIT
// --format json: the diff as data (docs/diff.md, "JSON"). Unknown values are null.
#include <nlohmann/json.hpp>

#include "diff/diff_reporters.h"

namespace rocm_doctor::diff {
namespace {

using nlohmann::json;

// The format of this document; bumped only when a field changes meaning or goes away.
constexpr int kDiffFormat = 1;

template <class T>
json OrNull(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json SideJson(const SideSummary& s) {
  return {{"file", s.file},
          {"node", s.node},
          {"hostname", OrNull(s.hostname)},
          {"sysroot", OrNull(s.sysroot)},
          {"started_at", s.started_at.empty() ? json(nullptr) : json(s.started_at)},
          {"verdict", s.verdict},
          {"exit_code", OrNull(s.exit_code)},
          {"tool_version", OrNull(s.tool_version)}};
}

json FigureJson(const FigureChange& f) {
  return {{"name", f.name},
          {"unit", f.unit},
          {"device", f.device},
          {"device_name", OrNull(f.device_name)},
          {"base_pci", OrNull(f.base_pci)},
          {"current_pci", OrNull(f.current_pci)},
          {"base_device", OrNull(f.base_device)},
          {"current_device", OrNull(f.current_device)},
          {"base_status", f.base_status.empty() ? json(nullptr) : json(f.base_status)},
          {"current_status", f.current_status.empty() ? json(nullptr) : json(f.current_status)},
          {"statistic", f.statistic.empty() ? json(nullptr) : json(f.statistic)},
          {"base", OrNull(f.base)},
          {"current", OrNull(f.current)},
          {"ratio", OrNull(f.ratio)},
          {"base_spread", OrNull(f.base_spread)},
          {"current_spread", OrNull(f.current_spread)},
          {"band", OrNull(f.band)},
          {"band_basis", f.band_basis.empty() ? json(nullptr) : json(f.band_basis)},
          {"better", ToString(f.better)},
          {"change", ToString(f.change)},
          {"note", f.note.empty() ? json(nullptr) : json(f.note)}};
}

json ToolJson() { return {{"name", "rocm-doctor"}, {"version", ROCMDOC_VERSION}}; }

}  // namespace

void WriteDiffJson(const ReportDiff& d, std::ostream& out) {
  json root;
  root["diff_format"] = kDiffFormat;
  root["tool"] = ToolJson();
  root["base"] = SideJson(d.base);
  root["current"] = SideJson(d.current);
  root["same_host"] = OrNull(d.same_host);
  root["verdict"] = {{"base", d.base.verdict},
                     {"current", d.current.verdict},
                     {"change", ToString(d.verdict_change)}};
  root["regressions"] = d.regressions;
  root["improvements"] = d.improvements;
  root["regressed"] = d.Regressed();
  root["exit_code"] = d.Regressed() ? 1 : 0;

  json causes = json::array();
  for (const RootCauseChange& r : d.root_causes) {
    causes.push_back({{"code", r.code},
                      {"check", r.check},
                      {"message", r.message},
                      {"change", r.change == Change::kNoLongerChecked
                                    ? "no_longer_checked"
                                    : std::string(RootCauseWords(r.change))}});
  }
  root["root_causes"] = std::move(causes);

  json checks = json::array();
  for (const CheckChange& c : d.checks) {
    checks.push_back({{"id", c.id},
                      {"layer", c.layer},
                      {"title", c.title},
                      {"base", OrNull(c.base)},
                      {"current", OrNull(c.current)},
                      {"summary", c.summary},
                      {"change", ToString(c.change)}});
  }
  root["checks"] = std::move(checks);
  root["checks_unchanged"] = d.checks_unchanged;

  json versions = json::array();
  for (const VersionChange& v : d.versions) {
    versions.push_back({{"component", v.component},
                        {"layer", v.layer},
                        {"base", OrNull(v.base)},
                        {"current", OrNull(v.current)},
                        {"change", ToString(v.change)}});
  }
  root["versions"] = std::move(versions);
  root["versions_compared"] = d.base_has_versions && d.current_has_versions;

  json figures = json::array();
  for (const FigureChange& f : d.figures) figures.push_back(FigureJson(f));
  root["benchmarks"] = std::move(figures);
  // Text from a hostile file may hold invalid UTF-8: replaced, never a thrown exception.
  out << root.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

void WriteDiffJsonError(const std::string& message, std::ostream& out) {
  json root;
  root["diff_format"] = kDiffFormat;
  root["tool"] = ToolJson();
  root["exit_code"] = 2;
  root["error"] = message;
  out << root.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace rocm_doctor::diff
