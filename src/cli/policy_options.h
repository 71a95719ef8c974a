// SPDX-License-Identifier: MIT
#pragma once
// --policy FILE for `check` (and `gate`, `bench`): reads the policy (include/rocm_doctor/policy.h),
// validates the names in it against this build (check patterns, finding codes) and folds it into
// the run's arguments. Call it before SelectChecks():
//
//   if (auto loaded = LoadPolicyInto(args); !loaded) return fail(loaded.error());
//
// What it changes:
//   options.policy       the policy: the policy layer's checks judge it, the engine applies its
//                        waivers to every check
//   selection.with_policy  true: the policy layer's checks are selected
//   selection.skip       + the policy's [checks] skip
//   fail_on              "warn" when the policy's fail_on is "warn" (the stricter one wins)
//   level                the policy's level when it asks for more than --level (basic <
//                        standard < stress): a policy sets a floor, the command line may raise it
// Nothing when args.policy_file is unset. Errors name FILE:LINE:COLUMN.
//
// After --thresholds is loaded into options.bench.thresholds, ApplyPolicyFloors() adds the
// policy's [[bench.floor]] rows to its overrides (after the file's: the most specific row wins,
// the file's on a tie). A floor row replaces the built-in row for its GPU and benchmark,
// stability limit included.
#include "cli/commands.h"
#include "rocm_doctor/result.h"

namespace rocm_doctor::cli {

Result<bool> LoadPolicyInto(CheckArgs& args);
void ApplyPolicyFloors(CheckOptions& options);

}  // namespace rocm_doctor::cli
