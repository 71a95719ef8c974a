// SPDX-License-Identifier: MIT
// memory.copy / scale / add / triad / dot: STREAM over three float arrays sized from free memory
// (bench_plan.h), byte accounting as STREAM counts it (every array read or written, once).
#include <cmath>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/stream_kernels.h"
#include "hip/bench/stream_values.h"

namespace rocm_doctor::hip_helper {
namespace {

struct StreamArrays {
  DeviceMemory a;
  DeviceMemory b;
  DeviceMemory c;
  DeviceMemory partials;
  DeviceMemory dot_result;
  DeviceMemory counters;
  std::size_t elements = 0;
  int dot_blocks = 0;
};

// What one memory.* benchmark reads, writes and must leave behind.
struct StreamCase {
  const char* name;
  bool dot;
  StreamOp op;
  int arrays_touched;  // for the byte count
};

constexpr StreamCase kCases[] = {
    {"memory.copy", false, StreamOp::kCopy, 2}, {"memory.scale", false, StreamOp::kScale, 2},
    {"memory.add", false, StreamOp::kAdd, 3},   {"memory.triad", false, StreamOp::kTriad, 3},
    {"memory.dot", true, StreamOp::kCopy, 2},
};

// Inputs of each kernel, prepared to the values stream_values.h predicts, and the output poisoned
// (0xFF bytes: NaN) so an element the kernel never wrote is caught.
struct Wiring {
  float* x;
  float* y;
  float* out;
  StreamFill expected;
};

gpuError_t Prepare(const StreamCase& c, StreamArrays& s, gpuStream_t stream, Wiring& w) {
  float* a = s.a.as<float>();
  float* b = s.b.as<float>();
  float* cc = s.c.as<float>();
  const std::size_t n = s.elements;
  const auto fill = [&](float* p, StreamFill f) { return FillStreamArray(p, n, f, stream); };
  const auto poison = [&](float* p) { return gpuMemsetAsync(p, 0xFF, n * sizeof(float), stream); };
  gpuError_t e = gpuSuccess;
  if (c.dot) {
    w = {a, b, nullptr, StreamFill::kA0};
    if ((e = fill(a, StreamFill::kA0)) != gpuSuccess) return e;
    return fill(b, StreamFill::kScaled);
  }
  switch (c.op) {
    case StreamOp::kCopy:  // c = a
      w = {a, nullptr, cc, StreamFill::kA0};
      if ((e = fill(a, StreamFill::kA0)) != gpuSuccess) return e;
      return poison(cc);
    case StreamOp::kScale:  // b = s*c
      w = {cc, nullptr, b, StreamFill::kScaled};
      if ((e = fill(cc, StreamFill::kA0)) != gpuSuccess) return e;
      return poison(b);
    case StreamOp::kAdd:  // c = a + b
      w = {a, b, cc, StreamFill::kAdded};
      if ((e = fill(a, StreamFill::kA0)) != gpuSuccess) return e;
      if ((e = fill(b, StreamFill::kScaled)) != gpuSuccess) return e;
      return poison(cc);
    case StreamOp::kTriad:  // a = b + s*c
      w = {b, cc, a, StreamFill::kTriad};
      if ((e = fill(b, StreamFill::kScaled)) != gpuSuccess) return e;
      if ((e = fill(cc, StreamFill::kAdded)) != gpuSuccess) return e;
      return poison(a);
  }
  return gpuSuccess;
}

// Checks the output of an array kernel on the device; sets verified / verify_failed.
void VerifyArray(BenchResult& r, const Wiring& w, StreamArrays& s, const BenchContext& ctx) {
  auto* counters = s.counters.as<unsigned long long>();
  const unsigned long long init[2] = {0ULL, ~0ULL};
  if (RecordFailure(r, gpuMemcpy(counters, init, sizeof(init), gpuMemcpyHostToDevice), "Memcpy")) {
    return;
  }
  if (RecordFailure(r,
                    CountStreamMismatches(w.out, s.elements, w.expected, counters, ctx.main_stream),
                    "LaunchKernel")) {
    return;
  }
  const WaitResult wait = DrainStream(ctx.main_stream, ctx.plan.kernel_deadline_seconds);
  if (wait.outcome == WaitOutcome::kTimedOut) {
    r.status = BenchStatus::kTimeout;
    r.reason = "the verification kernel did not finish";
    return;
  }
  if (RecordFailure(r, wait.error, "EventQuery")) return;
  unsigned long long got[2] = {0, 0};
  if (RecordFailure(r, gpuMemcpy(got, counters, sizeof(got), gpuMemcpyDeviceToHost), "Memcpy")) {
    return;
  }
  r.params.SetInt("mismatches", static_cast<std::int64_t>(got[0]));
  r.verified = got[0] == 0;
  if (got[0] != 0) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = std::to_string(got[0]) + " of " + std::to_string(s.elements) +
               " elements wrong, the first at index " + std::to_string(got[1]);
  }
}

void VerifyDot(BenchResult& r, StreamArrays& s) {
  double got = 0.0;
  if (RecordFailure(r, gpuMemcpy(&got, s.dot_result.get(), sizeof(got), gpuMemcpyDeviceToHost),
                    "Memcpy")) {
    return;
  }
  const double expected = StreamExpectedDot(s.elements);
  const double relative = std::fabs(got - expected) / std::fabs(expected);
  r.params.SetDouble("dot_result", got);
  r.params.SetDouble("dot_expected", expected);
  r.params.SetDouble("dot_relative_error", relative);
  // Four float products are summed in float before the double accumulation: <= ~4 ulp each.
  constexpr double kTolerance = 1e-6;
  r.verified = relative <= kTolerance;
  if (!*r.verified) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = "dot product off by a relative " + std::to_string(relative) + " (tolerance 1e-6)";
  }
}

const char* HintName(bool streaming) { return streaming ? "streaming" : "default"; }

void Describe(BenchResult& r, const StreamCase& c, const StreamArrays& s, const BenchContext& ctx) {
  const StreamConfig& k = ctx.stream;
  const int threads = c.dot ? k.dot_threads : k.threads;
  const int unroll = c.dot ? k.dot_unroll : k.unroll;
  r.params.SetInt("threads_per_block", threads);
  r.params.SetInt("float4_per_thread_in_flight", unroll);
  r.params.SetInt("access_bytes", 16);
  r.params.SetString("load_hint", HintName(k.streaming_loads));
  if (!c.dot) r.params.SetString("store_hint", HintName(k.streaming_stores));
  r.params.SetString("config_source", ctx.stream_source);
  r.params.SetInt("array_bytes", static_cast<std::int64_t>(s.elements * sizeof(float)));
  r.params.SetInt("arrays", c.arrays_touched);
  if (ctx.l2_bytes > 0) {
    r.params.SetInt("l2_bytes", static_cast<std::int64_t>(ctx.l2_bytes));
    r.params.SetDouble("array_over_l2", static_cast<double>(s.elements * sizeof(float)) /
                                            static_cast<double>(ctx.l2_bytes));
  }
  if (c.dot) {
    r.params.SetInt("blocks", s.dot_blocks);
    r.params.SetString("reduction", "two-stage on the device (block partials, then one block)");
  } else {
    r.params.SetInt("blocks", static_cast<std::int64_t>(
                                  s.elements / 4 / (static_cast<std::size_t>(threads) * unroll)));
  }
  r.params.SetInt("warmups", ctx.plan.stream_warmups);
}

}  // namespace

void RunStreamBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out) {
  StreamArrays s;
  s.elements = StreamElementsPerArray(ctx.free_bytes, sizeof(float), ctx.plan);
  s.dot_blocks = ctx.compute_units * ctx.stream.dot_blocks_per_cu;
  std::optional<std::string> setup_failure;
  if (s.elements == 0) {
    setup_failure = "not enough free GPU memory for three 4 MiB arrays";
  } else {
    const std::size_t bytes = s.elements * sizeof(float);
    const std::pair<DeviceMemory*, std::size_t> allocations[] = {
        {&s.a, bytes},
        {&s.b, bytes},
        {&s.c, bytes},
        {&s.partials, static_cast<std::size_t>(s.dot_blocks) * sizeof(double)},
        {&s.dot_result, sizeof(double)},
        {&s.counters, 2 * sizeof(unsigned long long)}};
    for (const auto& [memory, size] : allocations) {
      if (const gpuError_t e = memory->Allocate(size); e != gpuSuccess) {
        setup_failure = GpuErrorText(e, "Malloc");
        break;
      }
    }
  }

  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    const StreamCase* c = nullptr;
    for (const StreamCase& candidate : kCases) {
      if (name == candidate.name) c = &candidate;
    }
    if (c == nullptr) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "B/s");
    if (setup_failure) {
      r.status = s.elements == 0 ? BenchStatus::kSkipped : BenchStatus::kFailed;
      r.reason = setup_failure;
      out.push_back(std::move(r));
      continue;
    }
    r.elements = static_cast<std::int64_t>(s.elements);
    r.element_bytes = sizeof(float);
    const double bytes =
        static_cast<double>(c->arrays_touched) * static_cast<double>(s.elements) * sizeof(float);
    r.bytes = static_cast<std::int64_t>(bytes);
    Describe(r, *c, s, ctx);

    Wiring w{};
    if (RecordFailure(r, Prepare(*c, s, ctx.main_stream, w), "LaunchKernel")) {
      out.push_back(std::move(r));
      continue;
    }
    const StreamConfig config = ctx.stream;
    const gpuStream_t stream = ctx.main_stream;
    const LaunchFn launch = [&](int) -> gpuError_t {
      if (c->dot) {
        return LaunchStreamDot(config, s.dot_blocks, w.x, w.y, s.partials.as<double>(),
                               s.dot_result.as<double>(), s.elements, stream);
      }
      return LaunchStreamOp(c->op, config, w.x, w.y, w.out, s.elements, stream);
    };
    const BatchTimes times = TimeBatches(stream, launch, "LaunchKernel", ctx.plan.stream_warmups,
                                         ctx.plan.stream_samples, ctx.plan.stream_iterations,
                                         ctx.plan.kernel_deadline_seconds);
    ApplyRate(r, times, bytes, ctx.plan.stream_iterations, ctx.plan.kernel_deadline_seconds);
    if (r.status == BenchStatus::kOk) {
      if (c->dot) {
        VerifyDot(r, s);
      } else {
        VerifyArray(r, w, s, ctx);
      }
    }
    if (r.status == BenchStatus::kOk || r.status == BenchStatus::kVerifyFailed) {
      ApplyClock(r, ReadClockNow(ctx));
    }
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
