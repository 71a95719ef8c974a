// SPDX-License-Identifier: MIT
#pragma once
// Timing with device events: warm-ups first, then batches of launches, each between two events,
// with the next batch enqueued before waiting for the current one (so the GPU never idles inside
// a timed region and the enqueue cost stays out). Waits poll the events against a deadline: a
// kernel that never finishes becomes a timeout instead of a hung helper.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hip/bench/gpu_bench_api.h"

namespace rocm_doctor::hip_helper {

enum class WaitOutcome { kDone, kFailed, kTimedOut };

struct WaitResult {
  WaitOutcome outcome = WaitOutcome::kDone;
  gpuError_t error = gpuSuccess;  // kFailed: what the event query returned
};

// Waits until `event` completed, polling; a deadline of `deadline_seconds` from now.
WaitResult WaitForEvent(gpuEvent_t event, double deadline_seconds);

// Records an event on `stream` and waits for it: "the stream is drained", with a deadline.
WaitResult DrainStream(gpuStream_t stream, double deadline_seconds);

struct BatchTimes {
  std::vector<double> seconds;         // one per completed batch
  std::optional<std::string> failure;  // the first failing call, as GpuErrorText
  bool timed_out = false;              // a wait missed its deadline: the GPU is marked wedged
  bool interrupted = false;            // SIGINT/SIGTERM: stopped after the batch in flight
  bool ok() const { return !failure && !timed_out; }
};

// `launch(i)` enqueues launch number i (0-based over warm-ups and batches) on `stream` and returns
// the launch error.
using LaunchFn = std::function<gpuError_t(int launch_index)>;

// Work enqueued around each batch's launches, inside its timing events (and around the warm-ups):
// a benchmark spread over two streams forks the second off `stream` in `begin` and joins it back
// in `end`, so the batch times both streams' launches overlapping, not pairwise.
struct BatchBrackets {
  std::function<gpuError_t()> begin;
  std::function<gpuError_t()> end;
};

// `call` names what `launch` calls, for the failure text ("LaunchKernel", "MemcpyAsync").
BatchTimes TimeBatches(gpuStream_t stream, const LaunchFn& launch, const char* call, int warmups,
                       int samples, int iterations, double deadline_seconds,
                       const BatchBrackets& brackets = {});

}  // namespace rocm_doctor::hip_helper
