// SPDX-License-Identifier: MIT
#include "support/check_harness.h"

#include <gtest/gtest.h>

namespace rocm_doctor::testing {

CheckOutcome RunCheck(std::string_view id, std::shared_ptr<const SystemView> view,
                      const CheckOptions& options) {
  const RegisteredCheck* check = CheckRegistry::Instance().Find(id);
  if (check == nullptr) {
    ADD_FAILURE() << "no check registered with id " << id;
    return CheckOutcome{.status = Status::kError, .summary = "not registered", .findings = {}, .benchmarks = {}};
  }
  FactStore facts(std::move(view));
  CheckContext ctx{facts, options};
  return check->run(ctx);
}

const Finding* FindFinding(const CheckOutcome& outcome, std::string_view code) {
  for (const Finding& f : outcome.findings) {
    if (f.code == code) return &f;
  }
  return nullptr;
}

bool HasFinding(const CheckOutcome& outcome, std::string_view code) {
  return FindFinding(outcome, code) != nullptr;
}

}  // namespace rocm_doctor::testing
