// SPDX-License-Identifier: MIT
// The pure end of a run (architecture rule 7): root causes, verdict and exit code from the
// decided records. No clock, no threads: the same records give the same report.
#include <algorithm>
#include <map>

#include "rocm_doctor/exit_code.h"
#include "core/engine.h"

namespace rocm_doctor {

namespace {

bool HasMechanism(const Finding& f) {
  const FindingSpec* spec = Catalog::Instance().Find(f.code);
  return spec != nullptr && !spec->explained_by.empty();
}

}  // namespace

std::vector<RootCause> DeriveRootCauses(const std::vector<CheckRecord>& records) {
  std::map<std::string, const CheckRecord*> by_id;
  for (const CheckRecord& r : records) by_id[r.id] = &r;

  // True when any prerequisite, transitively, failed.
  std::map<std::string, bool> memo;
  auto upstream_failed = [&](auto&& self, const CheckRecord& r) -> bool {
    if (auto it = memo.find(r.id); it != memo.end()) return it->second;
    memo[r.id] = false;  // breaks cycles
    bool failed = false;
    for (const std::string& p : r.prerequisites) {
      auto it = by_id.find(p);
      if (it == by_id.end()) continue;
      if (it->second->outcome.status == Status::kFail || self(self, *it->second)) failed = true;
    }
    memo[r.id] = failed;
    return failed;
  };
  // The root a finding of `r` is the symptom of: the check's blocking root, or, for a finding
  // whose spec names its mechanism (FindingSpec::explained_by), the root of the first of those
  // prerequisites that failed; empty when none of them did.
  auto explained_by_root = [&](const CheckRecord& r, const Finding& f) -> std::string {
    if (!HasMechanism(f)) return r.blocked_by;
    const FindingSpec* spec = Catalog::Instance().Find(f.code);
    for (const std::string& p : r.prerequisites) {
      if (std::find(spec->explained_by.begin(), spec->explained_by.end(), p) ==
          spec->explained_by.end()) {
        continue;
      }
      auto it = by_id.find(p);
      if (it == by_id.end()) continue;
      const CheckRecord& pre = *it->second;
      if (pre.outcome.status == Status::kFail || upstream_failed(upstream_failed, pre)) {
        return pre.blocked_by.empty() ? pre.id : pre.blocked_by;
      }
    }
    return {};
  };
  auto counts = [](const Finding& f) {
    return (f.status == Status::kFail || f.status == Status::kWarn) && !f.waived;
  };

  std::vector<RootCause> fails;
  std::vector<RootCause> warns;
  for (const CheckRecord& r : records) {
    Status s = r.outcome.status;
    if (s != Status::kFail && s != Status::kWarn) continue;
    const bool blocked = upstream_failed(upstream_failed, r);
    for (const Finding& f : r.outcome.findings) {
      if (!counts(f)) continue;
      // Below a failed prerequisite a finding is a symptom, unless none of the failures
      // upstream is a mechanism that can produce it: then it is a cause of its own.
      if (blocked && (!HasMechanism(f) || !explained_by_root(r, f).empty())) continue;
      RootCause cause;
      cause.check_id = r.id;
      cause.finding = f;
      cause.remediation = Catalog::Instance().RemediationFor(f);
      for (const CheckRecord& other : records) {
        if (other.blocked_by == r.id) cause.blocked_checks.push_back(other.id);
        if (other.blocked_by.empty()) continue;
        for (const Finding& sf : other.outcome.findings) {
          if (sf.waived || sf.code == "core.run.interrupted") continue;
          if (sf.status == Status::kFail || sf.status == Status::kWarn || IsIndeterminate(sf.status)) {
            if (explained_by_root(other, sf) == r.id) cause.symptoms.push_back(Symptom{other.id, sf});
          }
        }
      }
      (f.status == Status::kFail ? fails : warns).push_back(std::move(cause));
    }
  }
  fails.insert(fails.end(), std::make_move_iterator(warns.begin()),
               std::make_move_iterator(warns.end()));
  return fails;
}

Verdict DeriveVerdict(const std::vector<CheckRecord>& records) {
  bool fail = false, unknown = false, warn = false;
  for (const CheckRecord& r : records) {
    Status s = r.outcome.status;
    fail |= s == Status::kFail;
    unknown |= IsIndeterminate(s);
    warn |= s == Status::kWarn;
  }
  if (fail) return Verdict::kFail;
  if (unknown) return Verdict::kUnknown;
  if (warn) return Verdict::kWarn;
  return Verdict::kPass;
}

int ExitCodeFor(Verdict verdict, bool fail_on_warn) {
  switch (verdict) {
    case Verdict::kPass:
      return ToInt(ExitCode::kOk);
    case Verdict::kWarn:
      return ToInt(fail_on_warn ? ExitCode::kProblems : ExitCode::kOk);
    case Verdict::kFail:
      return ToInt(ExitCode::kProblems);
    case Verdict::kUnknown:
      return ToInt(ExitCode::kUnknown);
  }
  return ToInt(ExitCode::kUnknown);
}

std::string_view ToString(Verdict verdict) {
  switch (verdict) {
    case Verdict::kPass:
      return "pass";
    case Verdict::kWarn:
      return "warn";
    case Verdict::kFail:
      return "fail";
    case Verdict::kUnknown:
      return "unknown";
  }
  return "unknown";
}

}  // namespace rocm_doctor
