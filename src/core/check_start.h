// SPDX-License-Identifier: MIT
#pragma once
// Starting one check of the engine's run on a check thread (core/check_threads.h), and where it
// reports that it finished.
#include <condition_variable>
#include <cstddef>
#include <future>
#include <memory>
#include <mutex>
#include <vector>

#include "rocm_doctor/check.h"
#include "rocm_doctor/fact_store.h"

namespace rocm_doctor::check_start {

// Where finished checks report: a check's thread pushes its index here. Shared ownership, so a
// check abandoned at its deadline can still report after RunChecks has returned.
struct Completions {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::size_t> finished;
};

// Starts a check on a check thread (core/check_threads.h), never joined: a check that outlives
// its deadline is reported as TIMEOUT and abandoned; it holds shared ownership of what it reads.
// The check lets go of the facts before its outcome is set: the engine takes a check as done
// when its future is ready (it also looks at futures when woken for another check or to poll
// for a signal, before this check's completion is posted), so once it has seen every check
// done no check thread still holds the facts, and a replayed archive's temporary directory
// goes when the caller lets go of them. (Released only after the future was ready, a check
// thread could hold the last reference and remove the directory after the command had
// returned, or never: ArchiveReplay.RepeatedRunsLeaveNothingInTmpdir.)
std::future<CheckOutcome> Start(const RegisteredCheck* check, std::size_t index,
                                std::shared_ptr<const FactStore> facts,
                                std::shared_ptr<const CheckOptions> options,
                                std::shared_ptr<Completions> completions);

}  // namespace rocm_doctor::check_start
