// SPDX-License-Identifier: MIT
#pragma once
// The data-centre action ladder of a finding code (issue 18): what an operator does with the node
// or the GPU, beside the finding's severity (pass ... fail). Ordered: each rung is a stronger
// action than the one before, and "isolate or worse" takes the node out of service (the Slurm
// gate drains it, src/gate/). kNone: the code is not a data-centre fault (a missing package, a
// permission): the severity alone decides, as before the ladder existed.
//   monitor  keep the node in service and watch the counter (a correctable-error rate, a
//            correctable PCIe error count): never drains;
//   isolate  take the node out of service (drain, cordon) until someone looks at it;
//   reset    isolate, and reset the GPU (a pending page retirement takes effect at the next
//            reset; an XGMI hive resets as a whole);
//   replace  isolate, and replace the GPU (RMA): retired pages over the driver's threshold.
#include <optional>
#include <string_view>

namespace rocm_doctor {

enum class FindingAction { kNone, kMonitor, kIsolate, kReset, kReplace };

constexpr std::string_view ToString(FindingAction action) {
  switch (action) {
    case FindingAction::kNone:
      return "none";
    case FindingAction::kMonitor:
      return "monitor";
    case FindingAction::kIsolate:
      return "isolate";
    case FindingAction::kReset:
      return "reset";
    case FindingAction::kReplace:
      return "replace";
  }
  return "none";
}

constexpr std::optional<FindingAction> FindingActionFromString(std::string_view text) {
  for (FindingAction a : {FindingAction::kNone, FindingAction::kMonitor, FindingAction::kIsolate,
                          FindingAction::kReset, FindingAction::kReplace}) {
    if (ToString(a) == text) return a;
  }
  return std::nullopt;
}

// The node leaves service: isolate, reset or replace.
constexpr bool TakesNodeOut(FindingAction action) {
  return static_cast<int>(action) >= static_cast<int>(FindingAction::kIsolate);
}

constexpr FindingAction Stronger(FindingAction a, FindingAction b) {
  return static_cast<int>(a) >= static_cast<int>(b) ? a : b;
}

}  // namespace rocm_doctor
