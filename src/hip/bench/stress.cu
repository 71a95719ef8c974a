// SPDX-License-Identifier: MIT
// stress.mixed: for stress_seconds, FP32 FMA blocks on half of every compute unit and a STREAM
// triad on the other half, concurrently on two streams; every interval's throughput is timed
// and its results checked. Judged on stability (coefficient of variation, min/max) and errors.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "hip/bench/families.h"
#include "hip/bench/fma_kernels.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/stream_kernels.h"

namespace rocm_doctor::hip_helper {
namespace {

constexpr std::int64_t kMaxLoops = std::int64_t{1} << 24;
constexpr std::size_t kMaxFmaLaunches = 1024;  // per interval: one cycle slot each

struct Interval {
  double fma_seconds = 0.0;
  double mem_seconds = 0.0;
  double flops_per_second = 0.0;
  double bytes_per_second = 0.0;
  std::optional<std::int64_t> clock_mhz;
  std::int64_t errors = 0;
};

// `settling_errors`: wrong results in the unrecorded first interval, which count too.
void Summarize(BenchResult& r, const std::vector<Interval>& intervals, double interval_seconds,
               std::int64_t settling_errors) {
  std::vector<double> flops;
  std::vector<double> bandwidth;
  std::vector<double> clocks;
  std::int64_t errors = settling_errors;
  for (const Interval& i : intervals) {
    flops.push_back(i.flops_per_second);
    bandwidth.push_back(i.bytes_per_second);
    if (i.clock_mhz) clocks.push_back(static_cast<double>(*i.clock_mhz));
    errors += i.errors;
  }
  ApplySummary(r, SummarizeHigherIsBetter(flops));
  r.params.SetDouble("interval_seconds", interval_seconds);
  r.params.SetInt("intervals", static_cast<std::int64_t>(intervals.size()));
  r.params.SetDouble("flops_cv", CoefficientOfVariation(flops).value_or(0.0));
  if (const auto b = SummarizeHigherIsBetter(bandwidth)) {
    r.params.SetDouble("bandwidth_median", b->median);
    r.params.SetDouble("bandwidth_min", b->worst);
    r.params.SetDouble("bandwidth_max", b->best);
  }
  r.params.SetDouble("bandwidth_cv", CoefficientOfVariation(bandwidth).value_or(0.0));
  if (r.best) r.params.SetDouble("flops_max", *r.best);
  if (r.worst) r.params.SetDouble("flops_min", *r.worst);
  if (!clocks.empty()) {
    r.params.SetDouble("clock_mhz_min", *std::min_element(clocks.begin(), clocks.end()));
    r.params.SetDouble("clock_mhz_max", *std::max_element(clocks.begin(), clocks.end()));
    r.clock_mhz_seen = static_cast<std::int64_t>(*Median(clocks) + 0.5);
  }
  r.params.SetInt("errors", errors);
  r.params.SetDoubles("flops_per_interval", flops);
  r.params.SetDoubles("bandwidth_per_interval", bandwidth);
  r.verified = errors == 0;
  if (errors != 0) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = std::to_string(errors) + " wrong results under load";
  }
}

}  // namespace

void RunStressBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                         std::vector<BenchResult>& out) {
  for (const std::string& name : names) {
    if (name != "stress.mixed" || ctx.ShouldStop()) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "FLOP/s");
    const double seconds = ctx.plan.stress_seconds;
    if (!(seconds > 0.0)) {
      r.status = BenchStatus::kSkipped;
      r.reason = std::string("stress runs 0 s at level ") + BenchLevelName(ctx.plan.level) +
                 " (give --stress-seconds S or --level standard)";
      out.push_back(std::move(r));
      continue;
    }
    const double deadline = ctx.plan.kernel_deadline_seconds;
    const gpuStream_t compute = ctx.main_stream;
    GpuStream memory_stream;
    if (RecordFailure(r, memory_stream.Create(), "StreamCreateWithFlags")) {
      out.push_back(std::move(r));
      continue;
    }
    // Half the resident FMA blocks, so the triad's blocks find room beside them.
    int per_cu = 0;
    if (RecordFailure(r, FmaBlocksPerComputeUnit(FmaKind::kFp32, &per_cu), "Occupancy")) {
      out.push_back(std::move(r));
      continue;
    }
    FmaLaunch fma;
    fma.blocks = ctx.compute_units * std::max(1, per_cu / 2);
    const std::size_t threads = static_cast<std::size_t>(fma.blocks) * kFmaThreads;
    BenchPlan triad_plan = ctx.plan;
    triad_plan.stream_array_bytes =
        std::min<std::uint64_t>(ctx.plan.stream_array_bytes, std::uint64_t{512} << 20);
    const std::size_t elements = StreamElementsPerArray(ctx.free_bytes, sizeof(float), triad_plan);
    DeviceMemory fma_out;
    DeviceMemory cycles;
    DeviceMemory a;
    DeviceMemory b;
    DeviceMemory c;
    DeviceMemory counters;
    if (elements == 0) {
      r.status = BenchStatus::kSkipped;
      r.reason = "not enough free GPU memory for the triad arrays";
      out.push_back(std::move(r));
      continue;
    }
    const std::size_t array_bytes = elements * sizeof(float);
    if (RecordFailure(r, fma_out.Allocate(threads * sizeof(float)), "Malloc") ||
        RecordFailure(r, cycles.Allocate(kMaxFmaLaunches * sizeof(unsigned long long)), "Malloc") ||
        RecordFailure(r, a.Allocate(array_bytes), "Malloc") ||
        RecordFailure(r, b.Allocate(array_bytes), "Malloc") ||
        RecordFailure(r, c.Allocate(array_bytes), "Malloc") ||
        RecordFailure(r, counters.Allocate(2 * sizeof(unsigned long long)), "Malloc") ||
        RecordFailure(r, FillStreamArray(b.as<float>(), elements, StreamFill::kScaled, compute),
                      "LaunchKernel") ||
        RecordFailure(r, FillStreamArray(c.as<float>(), elements, StreamFill::kAdded, compute),
                      "LaunchKernel")) {
      out.push_back(std::move(r));
      continue;
    }
    fma.out = fma_out.as<float>();
    fma.cycles = cycles.as<unsigned long long>();
    // Size one FMA launch to a tenth of an interval.
    fma.loops = 64;
    const BatchTimes calibration = TimeBatches(
        compute, [&](int) { return LaunchFmaKernel(FmaKind::kFp32, fma, compute); }, "LaunchKernel",
        1, 1, 1, deadline);
    if (!ApplyBatchOutcome(r, calibration, deadline)) {
      out.push_back(std::move(r));
      continue;
    }
    const double interval = ctx.plan.stress_interval_seconds;
    fma.loops = static_cast<int>(
        ScaleIterations(calibration.seconds.front(), 64, interval / 10.0, kMaxLoops));
    const double flops_per_launch =
        static_cast<double>(threads) * fma.loops * kFmaUnroll * FmaFlopsPerStep(FmaKind::kFp32);
    const double triad_bytes = 3.0 * static_cast<double>(array_bytes);
    const float expected_fma =
        ExpectedFmaThreadSum(FmaKind::kFp32, static_cast<std::int64_t>(fma.loops) * kFmaUnroll);
    r.params.SetInt("fma_blocks", fma.blocks);
    r.params.SetInt("triad_array_bytes", static_cast<std::int64_t>(array_bytes));

    GpuEvent fma_start, fma_stop, mem_start, mem_stop;
    if (RecordFailure(r, fma_start.Create(), "EventCreate") ||
        RecordFailure(r, fma_stop.Create(), "EventCreate") ||
        RecordFailure(r, mem_start.Create(), "EventCreate") ||
        RecordFailure(r, mem_stop.Create(), "EventCreate") ||
        // Load the triad kernel before the timed intervals: a module loaded lazily while the FMA
        // kernels run would wait for them.
        RecordFailure(r,
                      LaunchStreamOp(StreamOp::kTriad, ctx.stream, b.as<float>(), c.as<float>(),
                                     a.as<float>(), elements, memory_stream.get()),
                      "LaunchKernel")) {
      out.push_back(std::move(r));
      continue;
    }
    std::vector<float> host_out(threads);
    std::vector<unsigned long long> host_cycles(kMaxFmaLaunches);
    int fma_launches = 10;
    int triad_launches = 1;
    bool failed = false;
    const auto check = [&](gpuError_t error, const char* call) {
      if (RecordFailure(r, error, call)) failed = true;
      return !failed;
    };
    const auto timed_out = [&](const WaitResult& wait, const char* what) {
      if (wait.outcome != WaitOutcome::kTimedOut) return false;
      r.status = BenchStatus::kTimeout;
      r.reason = std::string(what) + " did not finish within " +
                 std::to_string(static_cast<int>(deadline)) + " s";
      failed = true;
      return true;
    };
    // One interval: both streams start together; returns nullopt on failure (r says why).
    const auto run_interval = [&]() -> std::optional<Interval> {
      Interval it;
      if (!check(gpuMemsetAsync(a.get(), 0xFF, array_bytes, memory_stream.get()), "MemsetAsync") ||
          !check(gpuMemsetAsync(cycles.get(), 0, kMaxFmaLaunches * sizeof(unsigned long long),
                                compute),
                 "MemsetAsync") ||
          !check(gpuEventRecord(fma_start.get(), compute), "EventRecord") ||
          !check(gpuEventRecord(mem_start.get(), memory_stream.get()), "EventRecord")) {
        return std::nullopt;
      }
      gpuError_t e = gpuSuccess;
      for (int i = 0; i < fma_launches && e == gpuSuccess; ++i) {
        FmaLaunch l = fma;
        l.slot = i;
        e = LaunchFmaKernel(FmaKind::kFp32, l, compute);
      }
      if (!check(e, "LaunchKernel")) return std::nullopt;
      for (int i = 0; i < triad_launches && e == gpuSuccess; ++i) {
        e = LaunchStreamOp(StreamOp::kTriad, ctx.stream, b.as<float>(), c.as<float>(),
                           a.as<float>(), elements, memory_stream.get());
      }
      if (!check(e, "LaunchKernel") ||
          !check(gpuEventRecord(fma_stop.get(), compute), "EventRecord") ||
          !check(gpuEventRecord(mem_stop.get(), memory_stream.get()), "EventRecord")) {
        return std::nullopt;
      }
      const WaitResult w1 = WaitForEvent(fma_stop.get(), deadline);
      if (timed_out(w1, "a stress interval") || !check(w1.error, "EventQuery")) {
        return std::nullopt;
      }
      const WaitResult w2 = WaitForEvent(mem_stop.get(), deadline);
      if (timed_out(w2, "a stress interval") || !check(w2.error, "EventQuery")) {
        return std::nullopt;
      }
      float fma_ms = 0.0F;
      float mem_ms = 0.0F;
      if (!check(gpuEventElapsedTime(&fma_ms, fma_start.get(), fma_stop.get()),
                 "EventElapsedTime") ||
          !check(gpuEventElapsedTime(&mem_ms, mem_start.get(), mem_stop.get()),
                 "EventElapsedTime")) {
        return std::nullopt;
      }
      it.fma_seconds = static_cast<double>(fma_ms) * 1e-3;
      it.mem_seconds = static_cast<double>(mem_ms) * 1e-3;
      it.flops_per_second = flops_per_launch * fma_launches / it.fma_seconds;
      it.bytes_per_second = triad_bytes * triad_launches / it.mem_seconds;
      // Results of this interval: every FMA thread and every triad element.
      if (!check(gpuMemcpy(host_out.data(), fma_out.get(), threads * sizeof(float),
                           gpuMemcpyDeviceToHost),
                 "Memcpy")) {
        return std::nullopt;
      }
      for (const float v : host_out) {
        if (std::memcmp(&v, &expected_fma, sizeof(float)) != 0) ++it.errors;
      }
      const unsigned long long init[2] = {0ULL, ~0ULL};
      unsigned long long got[2] = {0, 0};
      if (!check(gpuMemcpy(counters.get(), init, sizeof(init), gpuMemcpyHostToDevice), "Memcpy") ||
          !check(CountStreamMismatches(a.as<float>(), elements, StreamFill::kTriad,
                                       counters.as<unsigned long long>(), compute),
                 "LaunchKernel")) {
        return std::nullopt;
      }
      // The check ran on a non-blocking stream, which a plain Memcpy does not wait for.
      const WaitResult checked = DrainStream(compute, deadline);
      if (timed_out(checked, "the stress check kernel") || !check(checked.error, "EventQuery") ||
          !check(gpuMemcpy(got, counters.get(), sizeof(got), gpuMemcpyDeviceToHost), "Memcpy")) {
        return std::nullopt;
      }
      it.errors += static_cast<std::int64_t>(got[0]);
      if (ctx.backend == "cuda") {
        // Each launch's longest block in SM cycles, over the FMA stream's event time.
        if (!check(gpuMemcpy(host_cycles.data(), cycles.get(),
                             kMaxFmaLaunches * sizeof(unsigned long long), gpuMemcpyDeviceToHost),
                   "Memcpy")) {
          return std::nullopt;
        }
        double spun = 0.0;
        for (int i = 0; i < fma_launches; ++i) {
          spun += static_cast<double>(host_cycles[static_cast<std::size_t>(i)]);
        }
        if (it.fma_seconds > 0.0) {
          it.clock_mhz = static_cast<std::int64_t>(spun / it.fma_seconds / 1e6 + 0.5);
        }
      } else {
        it.clock_mhz = ReadClockNow(ctx).mhz;
      }
      return it;
    };

    // A settling interval, not recorded: from it, the launch counts that make both streams last
    // one interval side by side. They stay fixed after, so the intervals are comparable.
    std::int64_t settling_errors = 0;
    if (const std::optional<Interval> settle = run_interval()) {
      settling_errors = settle->errors;
      fma_launches = std::clamp(
          static_cast<int>(fma_launches * interval / std::max(settle->fma_seconds, 1e-6)), 1,
          static_cast<int>(kMaxFmaLaunches));
      triad_launches = std::max(
          1, static_cast<int>(triad_launches * interval / std::max(settle->mem_seconds, 1e-6)));
    }
    std::vector<Interval> intervals;
    // Power, clocks and throttle reasons over the recorded intervals (docs/hip-helper.md).
    TelemetrySampler sampler(ctx.telemetry, ctx.plan.telemetry_interval_ms);
    sampler.Start();
    const auto began = std::chrono::steady_clock::now();
    const auto elapsed = [&began] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    while (!failed && elapsed() < seconds && !BenchStopRequested()) {
      if (const std::optional<Interval> it = run_interval()) intervals.push_back(*it);
    }
    const TelemetrySummary telemetry = sampler.Stop();
    r.params.SetRaw("telemetry", TelemetryJson(telemetry));
    if (telemetry.sclk_mhz) {
      r.params.SetInt("sustained_clock_mhz",
                      static_cast<std::int64_t>(std::lround(telemetry.sclk_mhz->median)));
    } else {
      r.params.SetNull("sustained_clock_mhz");
    }
    r.params.SetInt("triad_launches_per_interval", triad_launches);
    r.iterations = fma_launches;
    if (r.status == BenchStatus::kFailed || r.status == BenchStatus::kTimeout) {
      out.push_back(std::move(r));
      continue;
    }
    if (intervals.empty()) {
      r.status = BenchStatus::kSkipped;
      r.reason = "interrupted before the first interval";
      out.push_back(std::move(r));
      continue;
    }
    r.status = BenchStatus::kOk;
    if (BenchStopRequested()) r.params.SetBool("interrupted", true);
    r.params.SetDouble("seconds", elapsed());
    r.params.SetString("instruction_path",
                       FmaInstructionPath(FmaKind::kFp32, ctx.backend, ctx.arch).value_or(""));
    r.params.SetString("clock_source",
                       ctx.backend == "cuda"
                           ? "clock64 cycles of each FMA launch's longest block over the event time"
                           : "sysfs pp_dpm_sclk after each interval");
    Summarize(r, intervals, interval, settling_errors);
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
