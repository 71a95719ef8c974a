// SPDX-License-Identifier: MIT
#pragma once
// Runs one registered check against a fake system, for check tests.
#include <memory>
#include <string_view>

#include "rocm_doctor/check.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

// Runs the check with `id` (it must be registered) on `view`. Prerequisites are not run: a check
// test is about one check's judgement.
CheckOutcome RunCheck(std::string_view id, std::shared_ptr<const SystemView> view,
                      const CheckOptions& options = {});

// True when `outcome` holds a finding with `code`.
bool HasFinding(const CheckOutcome& outcome, std::string_view code);
const Finding* FindFinding(const CheckOutcome& outcome, std::string_view code);
// The finding would point into a temporary destroyed at the end of the statement (ASan saw it):
// keep the outcome in a variable first.
const Finding* FindFinding(const CheckOutcome&& outcome, std::string_view code) = delete;

}  // namespace rocm_doctor::testing
