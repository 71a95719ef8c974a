// SPDX-License-Identifier: MIT
#include "hip/bench/run_control.h"

#include <atomic>
#include <csignal>

namespace rocm_doctor::hip_helper {
namespace {

// Lock-free atomics: async-signal-safe to store from a handler.
std::atomic<bool> stop_requested{false};
std::atomic<bool> gpu_wedged{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void OnStopSignal(int /*signal*/) { stop_requested.store(true); }

}  // namespace

void InstallBenchSignalHandlers() {
  struct sigaction action {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool BenchStopRequested() { return stop_requested.load(); }
void RequestBenchStop() { stop_requested.store(true); }
void ClearBenchStop() { stop_requested.store(false); }

void MarkGpuWedged() { gpu_wedged.store(true); }
bool GpuWedged() { return gpu_wedged.load(); }

}  // namespace rocm_doctor::hip_helper
