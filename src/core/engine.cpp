// SPDX-License-Identifier: MIT
#include "core/engine.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "core/check_start.h"
#include "rocm_doctor/exit_code.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

using check_start::Completions;
using check_start::Start;

using Clock = std::chrono::steady_clock;

// While a run can be interrupted, how often the engine looks whether it was.
constexpr auto kInterruptPoll = std::chrono::milliseconds(20);

bool Blocks(Status status) {
  return status == Status::kFail || IsIndeterminate(status);
}

std::string SignalName(int signal_number) {
  switch (signal_number) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    default:
      return "signal " + std::to_string(signal_number);
  }
}

Finding InterruptedFinding(const std::string& id, int signal_number, bool was_running) {
  const std::string signal = SignalName(signal_number);
  return MakeFinding("core.run.interrupted",
                     was_running ? "check " + id + " was interrupted by " + signal +
                                       " while it ran; what it saw is not reported"
                                 : "check " + id + " was not run: the run was interrupted by " +
                                       signal,
                     {{"rocm-doctor", "interrupted by " + signal,
                       was_running ? "the check runs to its end" : "the check runs"}},
                     {{"signal", signal}});
}

struct Running {
  std::size_t index;
  std::future<CheckOutcome> future;
  Clock::time_point started;
  Clock::time_point deadline;  // the check's own, or the run's when that comes first
  bool run_deadline_first;
  bool early = false;  // started before its prerequisites were decided (runs_when_blocked)
};

// A check that started early and ended (or ran out of time) before its prerequisites were
// decided: it is decided once they are, so its "blocked by" names the same root as if it had
// waited for them.
struct Parked {
  Running run;
  bool ready;               // its outcome is there (else it ran out of time)
  Clock::time_point ended;  // when it ended, for its duration
};

// How much a check holds up the run, for choosing among checks that could start: a probe (a
// child process that loads the HIP runtime or Python) costs far more than reading sysfs.
int Weight(Cost cost) {
  switch (cost) {
    case Cost::kCheap:
      return 1;
    case Cost::kProbe:
      return 20;
    case Cost::kBenchmark:
      return 100;
  }
  return 1;
}

// The order in which checks that could start are started: the longest weighted chain from the
// check to the end of the run first (list scheduling by "upward rank"), then `order`. The
// runtime.rocm -> runtime.hip_load -> runtime.hip_devices chain of probes starts before the
// one-file checks. Only the start order depends on it, never what is reported.
std::vector<std::size_t> StartPriority(const std::vector<const RegisteredCheck*>& order,
                                       const std::vector<std::vector<std::size_t>>& prereqs) {
  std::vector<long> rank(order.size(), 0);
  for (std::size_t i = order.size(); i-- > 0;) {
    rank[i] += Weight(order[i]->info->cost);
    // `order` puts prerequisites first, so every dependant's rank is final here (a cycle, a
    // registry bug, only gets a lower rank).
    for (std::size_t p : prereqs[i]) rank[p] = std::max(rank[p], rank[i]);
  }
  std::vector<std::size_t> by_priority(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) by_priority[i] = i;
  std::stable_sort(by_priority.begin(), by_priority.end(),
                   [&](std::size_t a, std::size_t b) { return rank[a] > rank[b]; });
  return by_priority;
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
  // The selected prerequisites of each check, as indices into `order`.
  std::vector<std::vector<std::size_t>> prerequisites(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (std::string_view p : order[i]->info->prerequisites) {
      if (auto it = index.find(p); it != index.end() && it->second != i) {
        prerequisites[i].push_back(it->second);
      }
    }
  }
  const std::vector<std::size_t> by_priority = StartPriority(order, prerequisites);

  // Dataflow: a check starts as soon as all its prerequisites are decided (in `order` among
  // those ready), so independent chains - the frameworks probe and the HIP probe - overlap.
  // A check that runs when blocked does not even wait for them: what it returns depends on the
  // facts alone (a check never sees another's outcome), so it starts at once - the HIP probe
  // overlaps the hip-load probe - and is decided, with its "blocked by", once its prerequisites
  // are. The report is the same whichever thread ends first.
  // A prerequisite cycle (a registry bug, caught by tests) would never be ready: its checks
  // start, in order, once nothing else can.
  // kParked: ended early, waiting for its prerequisites to be decided (see Parked).
  enum class State { kWaiting, kRunning, kParked, kDecided };
  std::vector<State> state(order.size(), State::kWaiting);
  std::vector<Running> running;
  std::vector<Parked> parked;
  auto completions = std::make_shared<Completions>();
  const unsigned parallel = std::max(1u, request.max_parallel);
  std::size_t decided = 0;

  auto decide = [&](std::size_t i) {
    state[i] = State::kDecided;
    ++decided;
  };
  // The signal that interrupted the run, once noticed; from then on nothing starts, and what
  // runs is given until interrupt_deadline.
  int interrupted = 0;
  Clock::time_point interrupt_deadline{};
  auto notice_interrupt = [&] {
    if (interrupted != 0 || !request.interrupt_signal) return;
    if (const int signal_number = request.interrupt_signal(); signal_number != 0) {
      interrupted = signal_number;
      interrupt_deadline = Clock::now() + request.interrupt_grace;
    }
  };
  // The root its first blocking prerequisite names: a failed or indeterminate prerequisite
  // blocks, and so does one that was itself blocked (the root of the chain is named, not the
  // nearest link). A prerequisite that was skipped (did not apply, or its evidence was not
  // captured) does not: each check judges its own applicability, and one missing recording must
  // not hide the checks after it. Empty when nothing decided blocks.
  auto blocking_root = [&](std::size_t i) -> std::string {
    for (std::string_view p : order[i]->info->prerequisites) {
      auto it = index.find(p);
      if (it == index.end() || state[it->second] != State::kDecided) continue;
      const CheckRecord& pre = result.records[it->second];
      if (Blocks(pre.outcome.status) ||
          (pre.outcome.status == Status::kSkip && !pre.blocked_by.empty())) {
        return pre.blocked_by.empty() ? pre.id : pre.blocked_by;
      }
    }
    return {};
  };
  auto finish = [&](Running& r, bool ready, Clock::time_point ended) {
    CheckRecord& record = result.records[r.index];
    if (r.early) record.blocked_by = blocking_root(r.index);
    if (interrupted != 0) {
      // Its probes got the signal: whatever it returned (a probe "crashed" of SIGINT, a bench
      // cut short) is the interruption's doing, not the machine's.
      record.outcome =
          CheckOutcome::FromFindings({InterruptedFinding(record.id, interrupted, true)});
      record.blocked_by.clear();  // not a symptom of a failed prerequisite: of the signal
    } else if (ready) {
      record.outcome = r.future.get();
    } else if (r.run_deadline_first) {
      record.outcome = CheckOutcome::FromFindings(
          {MakeFinding("core.run.deadline",
                       "check " + record.id + " was still running at the run's deadline")});
    } else {
      record.outcome = CheckOutcome::FromFindings({MakeFinding(
          "core.check.timeout", "check " + record.id + " did not finish within " +
                                    std::to_string(order[r.index]->info->deadline.count()) +
                                    " ms")});
    }
    // A policy's waivers: the finding stays, marked, and no longer sets the check's status.
    if (request.options.policy) ApplyWaivers(*request.options.policy, record.outcome);
    record.duration_ms = std::chrono::duration<double, std::milli>(ended - r.started).count();
    decide(r.index);
  };
  // Decides a check without running it when a prerequisite blocks it or the run's deadline has
  // passed; returns false when it must run.
  auto run_deadline_passed = [&] { return request.deadline && Clock::now() >= *request.deadline; };
  auto decide_without_running = [&](std::size_t i) {
    CheckRecord& record = result.records[i];
    if (interrupted != 0) {
      // Not "blocked by": a prerequisite cut by the signal says nothing about this check.
      record.outcome =
          CheckOutcome::FromFindings({InterruptedFinding(record.id, interrupted, false)});
      decide(i);
      return true;
    }
    record.blocked_by = blocking_root(i);
    if (!record.blocked_by.empty() && !order[i]->info->runs_when_blocked) {
      const CheckRecord& root = result.records[index[record.blocked_by]];
      record.outcome = CheckOutcome::Skip("blocked by " + root.title);
      decide(i);
      return true;
    }
    // A blocked check that runs when blocked runs anyway, as a symptom.
    if (run_deadline_passed()) {
      record.outcome = CheckOutcome::FromFindings(
          {MakeFinding("core.run.deadline",
                       "check " + record.id + " was not started: the run's deadline passed")});
      decide(i);
      return true;
    }
    return false;
  };
  // Starts check i; `early` when its prerequisites are not all decided yet.
  auto launch = [&](std::size_t i, bool early) {
    Running r{i, {}, Clock::now(), {}, false, early};
    r.deadline = r.started + order[i]->info->deadline;
    r.run_deadline_first = request.deadline && *request.deadline < r.deadline;
    if (r.run_deadline_first) r.deadline = *request.deadline;
    r.future = Start(order[i], i, facts, options, completions);
    state[i] = State::kRunning;
    running.push_back(std::move(r));
  };
  auto start = [&](std::size_t i) {
    if (!decide_without_running(i)) launch(i, false);
  };
  auto is_ready = [&](std::size_t i) {
    return std::all_of(prerequisites[i].begin(), prerequisites[i].end(),
                       [&](std::size_t p) { return state[p] == State::kDecided; });
  };
  // Only what would run anyway starts early: not after the signal or the run's deadline, where
  // a check that waited would be decided without running.
  auto may_start_early = [&](std::size_t i) {
    return order[i]->info->runs_when_blocked && interrupted == 0 && !run_deadline_passed();
  };
  // Decides the parked checks whose prerequisites are now decided (deciding one may free the
  // next); `all` decides every one, as when nothing else can happen any more.
  auto settle_parked = [&](bool all) {
    for (bool progress = true; progress;) {
      progress = false;
      for (auto it = parked.begin(); it != parked.end(); ++it) {
        if (!all && interrupted == 0 && !is_ready(it->run.index)) continue;
        finish(it->run, it->ready, it->ended);
        parked.erase(it);
        progress = true;
        break;
      }
    }
  };

  notice_interrupt();
  while (decided < order.size()) {
    if (interrupted != 0) {
      // Nothing starts any more: every waiting check is decided now, ready or not.
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (state[i] == State::kWaiting) decide_without_running(i);
      }
      settle_parked(true);
      if (decided == order.size()) break;
    }
    // Start (or decide) every ready check while a slot is free, by priority; deciding one may
    // make the next ready, so scan again until nothing changes.
    for (bool progress = true; progress && running.size() < parallel;) {
      progress = false;
      for (std::size_t k = 0; k < order.size() && running.size() < parallel; ++k) {
        const std::size_t i = by_priority[k];
        if (state[i] != State::kWaiting) continue;
        if (is_ready(i)) {
          start(i);
        } else if (may_start_early(i)) {
          launch(i, true);
        } else {
          continue;
        }
        progress = true;
      }
      settle_parked(false);
    }
    if (running.empty()) {
      if (decided == order.size()) break;
      // Nothing runs and nothing is ready: a cycle. Start its first waiting check, or, when
      // only parked checks wait on each other, decide them with what is decided.
      bool started = false;
      for (std::size_t i = 0; i < order.size() && !started; ++i) {
        if (state[i] == State::kWaiting) {
          start(i);
          started = true;
        }
      }
      if (!started) settle_parked(true);
      continue;
    }
    // Wait for a completion or the earliest deadline among the running checks (and, while the
    // run can be interrupted, look for the signal now and then).
    Clock::time_point wake = running.front().deadline;
    for (const Running& r : running) wake = std::min(wake, r.deadline);
    if (interrupted != 0) {
      wake = std::min(wake, interrupt_deadline);
    } else if (request.interrupt_signal) {
      wake = std::min(wake, Clock::now() + kInterruptPoll);
    }
    {
      std::unique_lock<std::mutex> lock(completions->mutex);
      completions->changed.wait_until(lock, wake, [&] {
        return std::any_of(completions->finished.begin(), completions->finished.end(),
                           [&](std::size_t i) { return state[i] == State::kRunning; });
      });
    }
    // Before the completions: a check that ends after the signal was cut by it.
    notice_interrupt();
    const Clock::time_point now = Clock::now();
    for (auto it = running.begin(); it != running.end();) {
      bool ready = it->future.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
      const bool given_up = interrupted != 0 && now >= interrupt_deadline;
      if (!ready && now < it->deadline && !given_up) {
        ++it;
        continue;
      }
      if (it->early && interrupted == 0 && !is_ready(it->index)) {
        state[it->index] = State::kParked;
        parked.push_back(Parked{std::move(*it), ready, now});
      } else {
        finish(*it, ready, now);
      }
      it = running.erase(it);
    }
    settle_parked(false);
  }

  result.root_causes = DeriveRootCauses(result.records);
  result.verdict = DeriveVerdict(result.records);
  result.exit_code = ExitCodeFor(result.verdict, request.fail_on_warn);
  if (interrupted != 0) {
    // The report is partial: the exit status says so (130 for SIGINT, 143 for SIGTERM).
    result.interrupted_by = interrupted;
    result.exit_code = InterruptedExitCode(interrupted);
  }
  return result;
}

}  // namespace rocm_doctor
