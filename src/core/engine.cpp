#include "rocm_doctor/engine.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>
#include <map>
#include <set>
#include <thread>

#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

using Clock = std::chrono::steady_clock;

bool Blocks(Status status) {
  return status == Status::kFail || IsIndeterminate(status);
}

// Runs one check, turning anything it throws into an ERROR outcome so one broken check never
// hides the others (DESIGN rule 11).
CheckOutcome RunGuarded(CheckFn fn, const FactStore& facts, const CheckOptions& options,
                        std::string_view id) {
  try {
    CheckContext ctx{facts, options};
    return fn(ctx);
  } catch (const std::exception& e) {
    return CheckOutcome::FromFindings(
        {MakeFinding("core.check.exception",
                     "check " + std::string(id) + " failed internally: " + e.what())});
  } catch (...) {
    return CheckOutcome::FromFindings({MakeFinding(
        "core.check.exception", "check " + std::string(id) + " failed internally")});
  }
}

struct Running {
  const RegisteredCheck* check;
  std::future<CheckOutcome> future;
  Clock::time_point started;
};

// Starts a check on its own thread. The thread is detached: a check that outlives its deadline
// is reported as TIMEOUT and abandoned; it holds shared ownership of what it reads.
Running Start(const RegisteredCheck* check, std::shared_ptr<const FactStore> facts,
              std::shared_ptr<const CheckOptions> options) {
  auto task = std::make_shared<std::packaged_task<CheckOutcome()>>(
      [check, facts, options] { return RunGuarded(check->run, *facts, *options, check->info->id); });
  Running running{check, task->get_future(), Clock::now()};
  std::thread([task] { (*task)(); }).detach();
  return running;
}

CheckRecord MakeRecord(const RegisteredCheck& check) {
  CheckRecord record;
  record.id = std::string(check.info->id);
  record.layer = check.info->layer;
  record.title = std::string(check.info->title);
  record.per_gpu = check.info->per_gpu;
  for (std::string_view p : check.info->prerequisites) record.prerequisites.emplace_back(p);
  return record;
}

}  // namespace

std::vector<const RegisteredCheck*> OrderChecks(std::vector<const RegisteredCheck*> checks) {
  auto less = [](const RegisteredCheck* a, const RegisteredCheck* b) {
    if (a->info->layer != b->info->layer) return a->info->layer < b->info->layer;
    return a->info->id < b->info->id;
  };
  std::sort(checks.begin(), checks.end(), less);
  std::set<std::string_view> selected;
  for (const RegisteredCheck* c : checks) selected.insert(c->info->id);

  std::vector<const RegisteredCheck*> ordered;
  std::set<std::string_view> done;
  std::vector<bool> placed(checks.size(), false);
  // Kahn's algorithm; among ready checks the lowest (layer, id) goes first.
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t i = 0; i < checks.size(); ++i) {
      if (placed[i]) continue;
      bool ready = std::all_of(checks[i]->info->prerequisites.begin(),
                               checks[i]->info->prerequisites.end(), [&](std::string_view p) {
                                 return !selected.count(p) || done.count(p);
                               });
      if (!ready) continue;
      placed[i] = true;
      done.insert(checks[i]->info->id);
      ordered.push_back(checks[i]);
      progress = true;
      break;  // restart so the lowest ready check always goes next
    }
  }
  // A prerequisite cycle (a registry bug, caught by tests) still runs, in layer order.
  for (std::size_t i = 0; i < checks.size(); ++i) {
    if (!placed[i]) ordered.push_back(checks[i]);
  }
  return ordered;
}

EngineResult RunChecks(const RunRequest& request, std::shared_ptr<const FactStore> facts) {
  EngineResult result;
  std::vector<const RegisteredCheck*> order = OrderChecks(request.checks);
  auto options = std::make_shared<const CheckOptions>(request.options);

  std::map<std::string_view, std::size_t> index;
  for (const RegisteredCheck* c : order) {
    index[c->info->id] = result.records.size();
    result.records.push_back(MakeRecord(*c));
  }

  // Depth in the prerequisite graph: checks of one depth run concurrently.
  std::vector<int> depth(order.size(), 0);
  int max_depth = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (std::string_view p : order[i]->info->prerequisites) {
      auto it = index.find(p);
      if (it != index.end() && it->second < i) depth[i] = std::max(depth[i], depth[it->second] + 1);
    }
    max_depth = std::max(max_depth, depth[i]);
  }

  unsigned parallel = std::max(1u, request.max_parallel);
  for (int d = 0; d <= max_depth; ++d) {
    std::vector<Running> running;
    auto finish = [&](Running& r) {
      CheckRecord& record = result.records[index[r.check->info->id]];
      auto deadline = r.started + r.check->info->deadline;
      bool run_deadline_first = request.deadline && *request.deadline < deadline;
      if (run_deadline_first) deadline = *request.deadline;
      if (r.future.wait_until(deadline) == std::future_status::ready) {
        record.outcome = r.future.get();
      } else if (run_deadline_first) {
        record.outcome = CheckOutcome::FromFindings(
            {MakeFinding("core.run.deadline",
                         "check " + record.id + " was still running at the run's deadline")});
      } else {
        record.outcome = CheckOutcome::FromFindings({MakeFinding(
            "core.check.timeout",
            "check " + record.id + " did not finish within " +
                std::to_string(r.check->info->deadline.count()) + " ms")});
      }
      // A policy's waivers: the finding stays, marked, and no longer sets the check's status.
      if (request.options.policy) ApplyWaivers(*request.options.policy, record.outcome);
      record.duration_ms =
          std::chrono::duration<double, std::milli>(Clock::now() - r.started).count();
    };
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (depth[i] != d) continue;
      CheckRecord& record = result.records[i];
      // A failed or indeterminate prerequisite blocks, and so does one that was itself blocked:
      // the root of the chain is named, not the nearest link. A prerequisite that was skipped
      // (did not apply, or its evidence was not captured) does not: each check judges its own
      // applicability, and one missing recording must not hide the checks after it.
      bool skipped = false;
      for (std::string_view p : order[i]->info->prerequisites) {
        auto it = index.find(p);
        if (it == index.end()) continue;
        const CheckRecord& pre = result.records[it->second];
        if (Blocks(pre.outcome.status) ||
            (pre.outcome.status == Status::kSkip && !pre.blocked_by.empty())) {
          record.blocked_by = pre.blocked_by.empty() ? pre.id : pre.blocked_by;
          if (order[i]->info->runs_when_blocked) break;  // runs anyway, as a symptom
          const CheckRecord& root = result.records[index[record.blocked_by]];
          record.outcome = CheckOutcome::Skip("blocked by " + root.title);
          skipped = true;
          break;
        }
      }
      if (skipped) continue;
      if (request.deadline && Clock::now() >= *request.deadline) {
        record.outcome = CheckOutcome::FromFindings(
            {MakeFinding("core.run.deadline",
                         "check " + record.id + " was not started: the run's deadline passed")});
        continue;
      }
      running.push_back(Start(order[i], facts, options));
      if (running.size() >= parallel) {
        for (Running& r : running) finish(r);
        running.clear();
      }
    }
    for (Running& r : running) finish(r);
  }

  result.root_causes = DeriveRootCauses(result.records);
  result.verdict = DeriveVerdict(result.records);
  result.exit_code = ExitCodeFor(result.verdict, request.fail_on_warn);
  return result;
}

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
          if (sf.waived) continue;
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
