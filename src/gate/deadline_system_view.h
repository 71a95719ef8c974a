// SPDX-License-Identifier: MIT
#pragma once
// DeadlineSystemView: a decorator that gives every command it runs at most the time left before
// one deadline (gate --deadline), so a probe that would hang for its own 20 s is killed in time
// and the gate still answers inside Slurm's or node-problem-detector's limit. Everything else is
// passed to `inner` unchanged (ForwardingSystemView).
#include <chrono>
#include <memory>

#include "rocm_doctor/forwarding_system_view.h"

namespace rocm_doctor::gate {

class DeadlineSystemView : public ForwardingSystemView {
 public:
  using Clock = std::chrono::steady_clock;
  // `reserve`: time kept back at the end for what comes after the diagnosis (scontrol, output).
  DeadlineSystemView(std::shared_ptr<const SystemView> inner, Clock::time_point deadline,
                     std::chrono::milliseconds reserve);

  // Runs `spec` with its timeout cut to the time left; once none is left the command is not
  // started and the outcome is kTimedOut with an error that says so.
  CommandOutcome Run(const CommandSpec& spec) const override;

 private:
  Clock::time_point cutoff_;  // deadline - reserve
};

}  // namespace rocm_doctor::gate
