// SPDX-License-Identifier: MIT
#pragma once
// The engine: orders checks by layer and prerequisites, runs them in parallel under per-check
// deadlines, skips dependants of failed checks ("blocked by X"), and derives the root causes
// (architecture rule 7).
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/check.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/options.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor {

struct RunRequest {
  std::vector<const RegisteredCheck*> checks;  // the selection, any order
  CheckOptions options;
  bool fail_on_warn = false;
  unsigned max_parallel = 4;
  // The whole run's deadline (gate --deadline). A check still running then is abandoned and a
  // check not started by then is not started: both get core.run.deadline (TIMEOUT).
  std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt;
  // The run's interruption (SIGINT/SIGTERM: src/system/interrupt.h): the signal's number once
  // one arrived, else 0. Unset: nothing interrupts the run. Once it says a signal, no check
  // starts (each gets core.run.interrupted, "not run"), and every check that was running ends as
  // core.run.interrupted too, whatever it returns - its probes got the signal, so what it saw is
  // not the machine's doing. The engine waits up to `interrupt_grace` for those checks (their
  // probes stop and free the GPU), then abandons them. The result's exit code is 128 + signal.
  std::function<int()> interrupt_signal = nullptr;
  std::chrono::milliseconds interrupt_grace{11000};
};

struct EngineResult {
  std::vector<CheckRecord> records;  // topological, layer-major order
  std::vector<RootCause> root_causes;
  Verdict verdict = Verdict::kUnknown;
  int exit_code = 2;
  int interrupted_by = 0;  // the signal that interrupted the run (RunRequest::interrupt_signal)
};

EngineResult RunChecks(const RunRequest& request, std::shared_ptr<const FactStore> facts);

// Pure parts, exposed for tests.
// A stable order where every check comes after its prerequisites; layer order breaks ties.
std::vector<const RegisteredCheck*> OrderChecks(std::vector<const RegisteredCheck*> checks);
std::vector<RootCause> DeriveRootCauses(const std::vector<CheckRecord>& records);
Verdict DeriveVerdict(const std::vector<CheckRecord>& records);
int ExitCodeFor(Verdict verdict, bool fail_on_warn);

}  // namespace rocm_doctor
