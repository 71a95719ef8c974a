#pragma once
// The engine: orders checks by layer and prerequisites, runs them in parallel under per-check
// deadlines, skips dependants of failed checks ("blocked by X"), and derives the root causes
// (DESIGN rule 7).
#include <chrono>
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
};

struct EngineResult {
  std::vector<CheckRecord> records;  // topological, layer-major order
  std::vector<RootCause> root_causes;
  Verdict verdict = Verdict::kUnknown;
  int exit_code = 2;
};

EngineResult RunChecks(const RunRequest& request, std::shared_ptr<const FactStore> facts);

// Pure parts, exposed for tests.
// A stable order where every check comes after its prerequisites; layer order breaks ties.
std::vector<const RegisteredCheck*> OrderChecks(std::vector<const RegisteredCheck*> checks);
std::vector<RootCause> DeriveRootCauses(const std::vector<CheckRecord>& records);
Verdict DeriveVerdict(const std::vector<CheckRecord>& records);
int ExitCodeFor(Verdict verdict, bool fail_on_warn);

}  // namespace rocm_doctor
