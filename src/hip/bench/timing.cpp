// SPDX-License-Identifier: MIT
#include "hip/bench/timing.h"

#include <chrono>
#include <thread>

#include "hip/bench/gpu_resources.h"
#include "hip/bench/run_control.h"

namespace rocm_doctor::hip_helper {

WaitResult WaitForEvent(gpuEvent_t event, double deadline_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline =
      Clock::now() +
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(deadline_seconds));
  bool polled = false;
  for (int spins = 0;; ++spins) {
    const gpuError_t error = gpuEventQuery(event);
    if (error == gpuSuccess) {
      // CUDA keeps a "not ready" from a query as the last error; a later launch check must not
      // read it as that launch's failure.
      if (polled) static_cast<void>(gpuGetLastError());
      return {};
    }
    if (error != gpuErrorNotReady) return {WaitOutcome::kFailed, error};
    polled = true;
    if (Clock::now() > deadline) {
      MarkGpuWedged();
      return {WaitOutcome::kTimedOut, error};
    }
    // Spin briefly (a batch usually ends within microseconds of the first poll), then sleep so a
    // long kernel does not burn a core. Device events time the work, so this costs no accuracy.
    if (spins < 2000) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  }
}

WaitResult DrainStream(gpuStream_t stream, double deadline_seconds) {
  GpuEvent done;
  if (const gpuError_t error = done.Create(); error != gpuSuccess) {
    return {WaitOutcome::kFailed, error};
  }
  if (const gpuError_t error = gpuEventRecord(done.get(), stream); error != gpuSuccess) {
    return {WaitOutcome::kFailed, error};
  }
  return WaitForEvent(done.get(), deadline_seconds);
}

BatchTimes TimeBatches(gpuStream_t stream, const LaunchFn& launch, const char* call, int warmups,
                       int samples, int iterations, double deadline_seconds,
                       const BatchBrackets& brackets) {
  BatchTimes out;
  const auto fail = [&out](gpuError_t error, const char* what) {
    out.failure = GpuErrorText(error, what);
    return out;
  };
  const auto wait_failed = [&out](const WaitResult& wait) {
    if (wait.outcome == WaitOutcome::kTimedOut) out.timed_out = true;
    if (wait.outcome == WaitOutcome::kFailed && !out.failure) {
      out.failure = GpuErrorText(wait.error, "EventQuery");
    }
    return wait.outcome != WaitOutcome::kDone;
  };
  const auto bracket = [](const std::function<gpuError_t()>& step) {
    return step ? step() : gpuSuccess;
  };
  int index = 0;
  if (warmups > 0) {
    if (const gpuError_t error = bracket(brackets.begin); error != gpuSuccess) {
      return fail(error, "EventRecord");
    }
  }
  for (int w = 0; w < warmups; ++w) {
    if (const gpuError_t error = launch(index++); error != gpuSuccess) return fail(error, call);
  }
  if (warmups > 0) {
    if (const gpuError_t error = bracket(brackets.end); error != gpuSuccess) {
      return fail(error, "EventRecord");
    }
  }
  if (wait_failed(DrainStream(stream, deadline_seconds))) return out;

  std::vector<GpuEvent> starts(static_cast<std::size_t>(samples));
  std::vector<GpuEvent> ends(static_cast<std::size_t>(samples));
  for (int b = 0; b < samples; ++b) {
    if (const gpuError_t error = starts[static_cast<std::size_t>(b)].Create();
        error != gpuSuccess) {
      return fail(error, "EventCreate");
    }
    if (const gpuError_t error = ends[static_cast<std::size_t>(b)].Create(); error != gpuSuccess) {
      return fail(error, "EventCreate");
    }
  }
  const auto enqueue = [&](int b) -> gpuError_t {
    const auto slot = static_cast<std::size_t>(b);
    if (const gpuError_t error = gpuEventRecord(starts[slot].get(), stream); error != gpuSuccess) {
      out.failure = GpuErrorText(error, "EventRecord");
      return error;
    }
    if (const gpuError_t error = bracket(brackets.begin); error != gpuSuccess) {
      out.failure = GpuErrorText(error, "EventRecord");
      return error;
    }
    for (int it = 0; it < iterations; ++it) {
      if (const gpuError_t error = launch(index++); error != gpuSuccess) {
        out.failure = GpuErrorText(error, call);
        return error;
      }
    }
    if (const gpuError_t error = bracket(brackets.end); error != gpuSuccess) {
      out.failure = GpuErrorText(error, "EventRecord");
      return error;
    }
    if (const gpuError_t error = gpuEventRecord(ends[slot].get(), stream); error != gpuSuccess) {
      out.failure = GpuErrorText(error, "EventRecord");
      return error;
    }
    return gpuSuccess;
  };

  int enqueued = 0;
  if (samples > 0) {
    if (enqueue(0) != gpuSuccess) return out;
    enqueued = 1;
  }
  for (int b = 0; b < enqueued; ++b) {
    // Keep one batch queued behind the one being waited for.
    if (enqueued < samples && !BenchStopRequested()) {
      if (enqueue(enqueued) != gpuSuccess) break;
      ++enqueued;
    }
    const auto slot = static_cast<std::size_t>(b);
    if (wait_failed(WaitForEvent(ends[slot].get(), deadline_seconds))) return out;
    float ms = 0.0F;
    if (const gpuError_t error = gpuEventElapsedTime(&ms, starts[slot].get(), ends[slot].get());
        error != gpuSuccess) {
      return fail(error, "EventElapsedTime");
    }
    out.seconds.push_back(static_cast<double>(ms) * 1e-3);
  }
  if (BenchStopRequested() && enqueued < samples) out.interrupted = true;
  if (out.failure) {
    // A failed enqueue after earlier batches: let what is queued finish before memory is freed.
    static_cast<void>(wait_failed(DrainStream(stream, deadline_seconds)));
  }
  return out;
}

}  // namespace rocm_doctor::hip_helper
