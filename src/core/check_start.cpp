// SPDX-License-Identifier: MIT
#include "core/check_start.h"

#include <exception>
#include <string>
#include <utility>

#include "core/check_threads.h"

namespace rocm_doctor::check_start {
namespace {

// Runs one check, turning anything it throws into an ERROR outcome so one broken check never
// hides the others (architecture rule 11).
CheckOutcome RunGuarded(CheckFn fn, const FactStore& facts, const CheckOptions& options,
                        std::string_view id) {
  try {
    CheckContext ctx{facts, options};
    return fn(ctx);
  } catch (const std::exception& e) {
    return CheckOutcome::FromFindings({MakeFinding(
        "core.check.exception", "check " + std::string(id) + " failed internally: " + e.what())});
  } catch (...) {
    return CheckOutcome::FromFindings(
        {MakeFinding("core.check.exception", "check " + std::string(id) + " failed internally")});
  }
}

}  // namespace

std::future<CheckOutcome> Start(const RegisteredCheck* check, std::size_t index,
                                std::shared_ptr<const FactStore> facts,
                                std::shared_ptr<const CheckOptions> options,
                                std::shared_ptr<Completions> completions) {
  auto task = std::make_shared<std::packaged_task<CheckOutcome()>>(
      [check, facts = std::move(facts), options = std::move(options)]() mutable {
        CheckOutcome outcome = RunGuarded(check->run, *facts, *options, check->info->id);
        facts.reset();
        options.reset();
        return outcome;
      });
  std::future<CheckOutcome> future = task->get_future();
  check_threads::Run([task = std::move(task), index, completions]() mutable {
    (*task)();
    task.reset();
    std::lock_guard<std::mutex> lock(completions->mutex);
    completions->finished.push_back(index);
    completions->changed.notify_all();
  });
  return future;
}

}  // namespace rocm_doctor::check_start
