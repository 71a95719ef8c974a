// SPDX-License-Identifier: MIT
// The comparison of two reports: verdict, root causes, check statuses and versions here; the
// benchmark figures in figure_diff.cpp.
#include "diff/report_diff.h"

#include <algorithm>
#include <map>
#include <set>

namespace rocm_doctor::diff {
namespace {

// pass/info/skip < warn < unknown/timeout/error (could not tell) < fail.
int Rank(const std::string& status) {
  if (status == "warn") return 1;
  if (status == "unknown" || status == "timeout" || status == "error") return 2;
  if (status == "fail") return 3;
  return 0;
}

bool Indeterminate(const std::string& status) { return Rank(status) == 2; }

SideSummary Summarize(const DiffSide& side) {
  SideSummary s;
  s.file = side.file;
  s.node = side.node.node;
  s.verdict = side.node.verdict;
  s.started_at = side.node.started_at;
  s.hostname = side.details.hostname;
  if (s.hostname && s.hostname->empty()) s.hostname.reset();
  s.sysroot = side.details.sysroot;
  s.tool_version = side.node.tool_version;
  s.exit_code = side.node.exit_code;
  return s;
}

void CompareChecks(const DiffSide& base, const DiffSide& current, ReportDiff& out) {
  // A report lists each check once; a repeated id (a hand-edited file) keeps its first entry.
  std::map<std::string, const fleet::ReportDetails::Check*> base_by_id;
  for (const auto& c : base.details.checks) base_by_id.emplace(c.id, &c);
  std::set<std::string> seen;
  for (const auto& c : current.details.checks) {
    if (!seen.insert(c.id).second) continue;
    auto it = base_by_id.find(c.id);
    CheckChange change{c.id, c.layer, c.title, std::nullopt, c.status, c.summary, Change::kAdded};
    if (it != base_by_id.end()) {
      change.base = it->second->status;
      change.change = CompareStatus(it->second->status, c.status);
      if (change.change == Change::kNone) {
        ++out.checks_unchanged;
        continue;
      }
    }
    out.checks.push_back(std::move(change));
  }
  for (const auto& c : base.details.checks) {
    if (!seen.insert(c.id).second) continue;
    out.checks.push_back(
        {c.id, c.layer, c.title, c.status, std::nullopt, c.summary, Change::kRemoved});
  }
}

void CompareRootCauses(const DiffSide& base, const DiffSide& current, ReportDiff& out) {
  auto key = [](const fleet::ReportDetails::RootCause& r) { return r.check + " " + r.code; };
  std::set<std::string> in_base, in_current;
  for (const auto& r : base.details.root_causes) in_base.insert(key(r));
  for (const auto& r : current.details.root_causes) in_current.insert(key(r));
  std::set<std::string> listed;
  for (const auto& r : current.details.root_causes) {
    if (!in_base.contains(key(r)) && listed.insert(key(r)).second) {
      out.root_causes.push_back({r.code, r.check, r.message, Change::kRegression});
    }
  }
  // A root cause is cleared only where its check was judged again; a check skipped now (blocked
  // by a new failure upstream, not recorded) says nothing about it.
  std::set<std::string> skipped_now;
  for (const auto& c : current.details.checks) {
    if (c.status == "skip") skipped_now.insert(c.id);
  }
  for (const auto& r : base.details.root_causes) {
    if (!in_current.contains(key(r)) && listed.insert(key(r)).second) {
      out.root_causes.push_back({r.code, r.check, r.message,
                                 skipped_now.contains(r.check) ? Change::kNoLongerChecked
                                                               : Change::kImprovement});
    }
  }
}

void AddVersion(std::string component, std::string layer, const std::optional<std::string>& base,
                const std::optional<std::string>& current, ReportDiff& out) {
  if (base == current) return;
  Change change = !base ? Change::kAdded : !current ? Change::kRemoved : Change::kChanged;
  out.versions.push_back({std::move(component), std::move(layer), base, current, change});
}

void CompareVersions(const DiffSide& base, const DiffSide& current, ReportDiff& out) {
  AddVersion("kernel", "host", base.node.kernel, current.node.kernel, out);
  AddVersion("os", "host", base.node.os, current.node.os, out);
  AddVersion("ROCm", "host", base.node.rocm_release, current.node.rocm_release, out);
  out.base_has_versions = base.details.has_versions;
  out.current_has_versions = current.details.has_versions;
  // A report without the section (an older build) says nothing about these components: only
  // reports that both have it are compared, rather than listing every component as new.
  if (!base.details.has_versions || !current.details.has_versions) return;
  std::map<std::string, const fleet::ReportDetails::Version*> base_by_component;
  for (const auto& v : base.details.versions) base_by_component.emplace(v.component, &v);
  std::set<std::string> seen;
  for (const auto& v : current.details.versions) {
    if (!seen.insert(v.component).second) continue;
    auto it = base_by_component.find(v.component);
    std::optional<std::string> was;
    if (it != base_by_component.end()) was = it->second->version;
    AddVersion(v.component, v.layer, was, v.version, out);
  }
  for (const auto& v : base.details.versions) {
    if (seen.insert(v.component).second) AddVersion(v.component, v.layer, v.version, {}, out);
  }
}

void Count(Change change, ReportDiff& out) {
  if (change == Change::kRegression) ++out.regressions;
  if (change == Change::kImprovement) ++out.improvements;
}

}  // namespace

std::string_view ToString(Change change) {
  switch (change) {
    case Change::kNone:
      return "none";
    case Change::kRegression:
      return "regression";
    case Change::kImprovement:
      return "improvement";
    case Change::kChanged:
      return "changed";
    case Change::kAdded:
      return "added";
    case Change::kRemoved:
      return "removed";
    case Change::kNoLongerChecked:
      return "no_longer_checked";
  }
  return "none";
}

std::string_view ChangeWords(Change change) {
  return change == Change::kNoLongerChecked ? "no longer checked" : ToString(change);
}

std::string_view RootCauseWords(Change change) {
  switch (change) {
    case Change::kRegression:
      return "appeared";
    case Change::kNoLongerChecked:
      return "no longer checked";
    default:
      return "cleared";
  }
}

Change CompareStatus(const std::string& base, const std::string& current) {
  if (base == current) return Change::kNone;
  if (current == "skip") return Change::kNoLongerChecked;
  const int from = Rank(base), to = Rank(current);
  if (to > from) return Change::kRegression;
  if (to < from && !Indeterminate(current)) return Change::kImprovement;
  return Change::kChanged;
}

ReportDiff CompareReports(const DiffSide& base, const DiffSide& current,
                          const DiffOptions& options) {
  ReportDiff out;
  out.base = Summarize(base);
  out.current = Summarize(current);
  if (out.base.hostname && out.current.hostname) {
    out.same_host = *out.base.hostname == *out.current.hostname;
  }
  out.verdict_change = CompareStatus(base.node.verdict, current.node.verdict);
  CompareRootCauses(base, current, out);
  CompareChecks(base, current, out);
  CompareVersions(base, current, out);
  out.figures = CompareFigures(base.details.benchmarks, current.details.benchmarks, options);

  Count(out.verdict_change, out);
  for (const RootCauseChange& r : out.root_causes) Count(r.change, out);
  for (const CheckChange& c : out.checks) Count(c.change, out);
  for (const FigureChange& f : out.figures) Count(f.change, out);
  return out;
}

}  // namespace rocm_doctor::diff
