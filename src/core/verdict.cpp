// The pure end of a run (architecture rule 7): root causes, verdict and exit code from the
// decided records. No clock, no threads: the same records give the same report.
#include <map>

#include "core/engine.h"

namespace rocm_doctor {

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

  std::vector<RootCause> fails;
  std::vector<RootCause> warns;
  for (const CheckRecord& r : records) {
    Status s = r.outcome.status;
    if (s != Status::kFail && s != Status::kWarn) continue;
    if (upstream_failed(upstream_failed, r)) continue;
    for (const Finding& f : r.outcome.findings) {
      if (f.status != Status::kFail && f.status != Status::kWarn) continue;
      if (f.waived) continue;
      RootCause cause;
      cause.check_id = r.id;
      cause.finding = f;
      cause.remediation = Catalog::Instance().RemediationFor(f);
      for (const CheckRecord& other : records) {
        if (other.blocked_by != r.id) continue;
        cause.blocked_checks.push_back(other.id);
        for (const Finding& sf : other.outcome.findings) {
          if (sf.waived || sf.code == "core.run.interrupted") continue;
          if (sf.status == Status::kFail || sf.status == Status::kWarn || IsIndeterminate(sf.status)) {
            cause.symptoms.push_back(Symptom{other.id, sf});
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
      return 0;
    case Verdict::kWarn:
      return fail_on_warn ? 1 : 0;
    case Verdict::kFail:
      return 1;
    case Verdict::kUnknown:
      return 2;
  }
  return 2;
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
