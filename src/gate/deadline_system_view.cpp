// SPDX-License-Identifier: MIT
#include "gate/deadline_system_view.h"

#include <csignal>

namespace rocm_doctor::gate {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

DeadlineSystemView::DeadlineSystemView(std::shared_ptr<const SystemView> inner,
                                       Clock::time_point deadline, milliseconds reserve)
    : ForwardingSystemView(std::move(inner)), cutoff_(deadline - reserve) {}

CommandOutcome DeadlineSystemView::Run(const CommandSpec& spec) const {
  // A replay serves recordings: nothing runs, so nothing needs cutting.
  if (inner().IsReplay()) return inner().Run(spec);
  const auto left = duration_cast<milliseconds>(cutoff_ - Clock::now());
  if (left <= milliseconds(0)) {
    CommandOutcome out;
    out.state = CommandOutcome::State::kTimedOut;
    out.signal = SIGKILL;
    out.error = "not started: the run's deadline had passed";
    return out;
  }
  if (left >= spec.timeout) return inner().Run(spec);
  CommandSpec cut = spec;
  cut.timeout = left;
  CommandOutcome out = inner().Run(cut);
  if (out.state == CommandOutcome::State::kTimedOut) {
    out.error += " (its own timeout of " + std::to_string(spec.timeout.count()) +
                 " ms was cut to fit the run's deadline)";
  }
  return out;
}

}  // namespace rocm_doctor::gate
