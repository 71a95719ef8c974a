// SPDX-License-Identifier: MIT
// launch.*: what one empty-kernel launch costs. enqueue: host time of the launch call alone;
// roundtrip: launch + stream synchronize, host clock; throughput: back-to-back launches timed
// with device events. All on one non-blocking stream, <<<1, 1>>>.
#include <chrono>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"

namespace rocm_doctor::hip_helper {
namespace {

__global__ void EmptyKernel() {}

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void Describe(BenchResult& r, int batch, const char* method) {
  r.params.SetString("kernel", "empty, 1 block of 1 thread");
  r.params.SetString("method", method);
  r.params.SetInt("launches_per_sample", batch);
}

// Host-timed samples; `one_sample` runs one batch and returns its seconds (or nullopt on failure).
template <class Sample>
void HostTimed(BenchResult& r, const BenchContext& ctx, int batch, Sample one_sample) {
  std::vector<double> per_launch;
  for (int s = 0; s < ctx.plan.launch_samples && !BenchStopRequested(); ++s) {
    const std::optional<double> seconds = one_sample();
    if (!seconds) return;
    per_launch.push_back(*seconds / batch);
  }
  r.iterations = batch;
  if (per_launch.empty()) {
    r.status = BenchStatus::kSkipped;
    r.reason = "interrupted before the first sample";
    return;
  }
  if (static_cast<int>(per_launch.size()) < ctx.plan.launch_samples) {
    r.params.SetBool("interrupted", true);
  }
  r.status = BenchStatus::kOk;
  ApplySummary(r, SummarizeLowerIsBetter(per_launch));
}

}  // namespace

void RunLaunchBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out) {
  const gpuStream_t stream = ctx.main_stream;
  const int batch = ctx.plan.launch_batch;
  const double deadline = ctx.plan.kernel_deadline_seconds;
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    if (name != "launch.enqueue" && name != "launch.roundtrip" && name != "launch.throughput") {
      continue;
    }
    if (ctx.progress) ctx.progress(name);
    // Warm-up: loads the module and proves the GPU answers before any unbounded wait below.
    BenchResult r = NewResult(name, name == "launch.throughput" ? "launch/s" : "s");
    for (int i = 0; i < 10; ++i) EmptyKernel<<<1, 1, 0, stream>>>();
    if (RecordFailure(r, gpuGetLastError(), "LaunchKernel")) {
      out.push_back(std::move(r));
      continue;
    }
    if (const WaitResult wait = DrainStream(stream, deadline); wait.outcome != WaitOutcome::kDone) {
      if (wait.outcome == WaitOutcome::kTimedOut) {
        r.status = BenchStatus::kTimeout;
        r.reason = "ten empty kernels did not finish within " +
                   std::to_string(static_cast<int>(deadline)) + " s";
      } else {
        RecordFailure(r, wait.error, "EventQuery");
      }
      out.push_back(std::move(r));
      continue;
    }

    if (name == "launch.enqueue") {
      Describe(r, batch, "host clock around the launch calls; drained between samples, untimed");
      HostTimed(r, ctx, batch, [&]() -> std::optional<double> {
        const Clock::time_point start = Clock::now();
        for (int i = 0; i < batch; ++i) EmptyKernel<<<1, 1, 0, stream>>>();
        const double seconds = SecondsSince(start);
        if (RecordFailure(r, gpuGetLastError(), "LaunchKernel")) return std::nullopt;
        const WaitResult wait = DrainStream(stream, deadline);
        if (wait.outcome == WaitOutcome::kTimedOut) {
          r.status = BenchStatus::kTimeout;
          r.reason = "empty kernels did not finish";
          return std::nullopt;
        }
        if (RecordFailure(r, wait.error, "EventQuery")) return std::nullopt;
        return seconds;
      });
    } else if (name == "launch.roundtrip") {
      Describe(r, batch, "host clock around launch + StreamSynchronize, one at a time");
      HostTimed(r, ctx, batch, [&]() -> std::optional<double> {
        const Clock::time_point start = Clock::now();
        for (int i = 0; i < batch; ++i) {
          EmptyKernel<<<1, 1, 0, stream>>>();
          if (const gpuError_t e = gpuStreamSynchronize(stream); e != gpuSuccess) {
            RecordFailure(r, e, "StreamSynchronize");
            return std::nullopt;
          }
        }
        const double seconds = SecondsSince(start);
        if (RecordFailure(r, gpuGetLastError(), "LaunchKernel")) return std::nullopt;
        return seconds;
      });
    } else {
      const int launches = batch * 5;
      Describe(r, launches, "device events around back-to-back launches");
      const LaunchFn launch = [&](int) -> gpuError_t {
        EmptyKernel<<<1, 1, 0, stream>>>();
        return gpuGetLastError();
      };
      const BatchTimes times = TimeBatches(stream, launch, "LaunchKernel", 0,
                                           ctx.plan.launch_samples, launches, deadline);
      ApplyRate(r, times, 1.0, launches, deadline);
      if (r.median) r.params.SetDouble("seconds_per_launch_median", 1.0 / *r.median);
    }
    if (r.status == BenchStatus::kOk) ApplyClock(r, ReadClockNow(ctx));
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
