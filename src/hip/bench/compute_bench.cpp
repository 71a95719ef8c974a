// SPDX-License-Identifier: MIT
// compute.fp32_fma / fp16_fma / bf16_fma: peak vector FMA rate with one full wave of blocks, each
// launch sized to ~fma_launch_seconds, every thread's result checked against the host reference.
#include <cstring>

#include "hip/bench/families.h"
#include "hip/bench/fma_kernels.h"
#include "hip/bench/gpu_resources.h"

namespace rocm_doctor::hip_helper {
namespace {

struct ComputeCase {
  const char* name;
  FmaKind kind;
};

constexpr ComputeCase kCases[] = {
    {"compute.fp32_fma", FmaKind::kFp32},
    {"compute.fp16_fma", FmaKind::kFp16},
    {"compute.bf16_fma", FmaKind::kBf16},
};

constexpr int kCalibrationLoops = 64;
constexpr std::int64_t kMaxLoops = std::int64_t{1} << 24;

void Verify(BenchResult& r, FmaKind kind, const DeviceMemory& out, std::size_t threads,
            std::int64_t loops) {
  std::vector<float> got(threads);
  if (RecordFailure(
          r, gpuMemcpy(got.data(), out.get(), threads * sizeof(float), gpuMemcpyDeviceToHost),
          "Memcpy")) {
    return;
  }
  const float expected = ExpectedFmaThreadSum(kind, loops * kFmaUnroll);
  std::int64_t wrong = 0;
  std::int64_t first = -1;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::memcmp(&got[i], &expected, sizeof(float)) != 0) {
      if (first < 0) first = static_cast<std::int64_t>(i);
      ++wrong;
    }
  }
  r.params.SetInt("mismatches", wrong);
  r.verified = wrong == 0;
  if (wrong != 0) {
    r.status = BenchStatus::kVerifyFailed;
    r.reason = std::to_string(wrong) + " of " + std::to_string(got.size()) +
               " threads computed a wrong result, the first thread " + std::to_string(first) +
               " got " + std::to_string(got[static_cast<std::size_t>(first)]) + " instead of " +
               std::to_string(expected);
  }
}

}  // namespace

void RunComputeBenchmarks(BenchContext& ctx, const std::vector<std::string>& names,
                          std::vector<BenchResult>& out) {
  const double deadline = ctx.plan.kernel_deadline_seconds;
  for (const std::string& name : names) {
    if (ctx.ShouldStop()) return;
    const ComputeCase* c = nullptr;
    for (const ComputeCase& candidate : kCases) {
      if (name == candidate.name) c = &candidate;
    }
    if (c == nullptr) continue;
    if (ctx.progress) ctx.progress(name);
    BenchResult r = NewResult(name, "FLOP/s");
    const std::optional<std::string> path = FmaInstructionPath(c->kind, ctx.backend, ctx.arch);
    if (!FmaKernelAvailable(c->kind) || !path) {
      r.status = BenchStatus::kSkipped;
      r.reason =
          "no packed BF16 FMA kernel for this GPU: the CDNA2/RDNA2 vector ALU has no BF16 "
          "FMA instruction (BF16 math goes through FP32 or the matrix cores)";
      out.push_back(std::move(r));
      continue;
    }
    r.params.SetString("instruction_path", *path);
    int per_cu = 0;
    if (RecordFailure(r, FmaBlocksPerComputeUnit(c->kind, &per_cu), "OccupancyMaxActiveBlocks")) {
      out.push_back(std::move(r));
      continue;
    }
    per_cu = per_cu > 0 ? per_cu : 1;
    FmaLaunch launch;
    launch.blocks = ctx.compute_units * per_cu;  // one full wave: every block resident at once
    const std::size_t threads = static_cast<std::size_t>(launch.blocks) * kFmaThreads;
    const int warmups = 1;
    const int slots = warmups + ctx.plan.fma_samples * ctx.plan.fma_iterations;
    DeviceMemory results;
    DeviceMemory cycles;
    if (RecordFailure(r, results.Allocate(threads * sizeof(float)), "Malloc") ||
        RecordFailure(
            r, cycles.Allocate(static_cast<std::size_t>(slots + 1) * sizeof(unsigned long long)),
            "Malloc") ||
        RecordFailure(
            r,
            gpuMemsetAsync(cycles.get(), 0,
                           static_cast<std::size_t>(slots + 1) * sizeof(unsigned long long),
                           ctx.main_stream),
            "MemsetAsync")) {
      out.push_back(std::move(r));
      continue;
    }
    launch.out = results.as<float>();
    launch.cycles = cycles.as<unsigned long long>();

    // Calibrate: time a short launch, then size the loop to the wanted launch length.
    launch.loops = kCalibrationLoops;
    launch.slot = slots;  // a spare slot, not read
    const BatchTimes calibration = TimeBatches(
        ctx.main_stream, [&](int) { return LaunchFmaKernel(c->kind, launch, ctx.main_stream); },
        "LaunchKernel", 1, 1, 1, deadline);
    if (!ApplyBatchOutcome(r, calibration, deadline)) {
      out.push_back(std::move(r));
      continue;
    }
    launch.loops = static_cast<int>(ScaleIterations(calibration.seconds.front(), kCalibrationLoops,
                                                    ctx.plan.fma_launch_seconds, kMaxLoops));
    const double flops = static_cast<double>(threads) * static_cast<double>(launch.loops) *
                         kFmaUnroll * FmaFlopsPerStep(c->kind);
    const BatchTimes times = TimeBatches(
        ctx.main_stream,
        [&](int index) {
          FmaLaunch l = launch;
          l.slot = index;
          return LaunchFmaKernel(c->kind, l, ctx.main_stream);
        },
        "LaunchKernel", warmups, ctx.plan.fma_samples, ctx.plan.fma_iterations, deadline);
    ApplyRate(r, times, flops, ctx.plan.fma_iterations, deadline);
    r.elements = static_cast<std::int64_t>(threads);
    r.params.SetInt("blocks", launch.blocks);
    r.params.SetInt("threads_per_block", kFmaThreads);
    r.params.SetInt("blocks_per_compute_unit", per_cu);
    r.params.SetInt("chains_per_thread", FmaChains(c->kind));
    r.params.SetInt("fma_steps_per_chain", static_cast<std::int64_t>(launch.loops) * kFmaUnroll);
    r.params.SetDouble("flop_per_launch", flops);
    if (r.status != BenchStatus::kOk) {
      out.push_back(std::move(r));
      continue;
    }
    Verify(r, c->kind, results, threads, launch.loops);

    // The clock during the run. CUDA: each launch's longest block in SM cycles over the batch's
    // event time; HIP: sysfs right after (its clock64 is a constant-rate timer).
    if (ctx.backend == "cuda") {
      std::vector<unsigned long long> counted(static_cast<std::size_t>(slots));
      if (!RecordFailure(
              r,
              gpuMemcpy(counted.data(), cycles.get(), counted.size() * sizeof(unsigned long long),
                        gpuMemcpyDeviceToHost),
              "Memcpy")) {
        std::vector<double> mhz;
        for (std::size_t b = 0; b < times.seconds.size(); ++b) {
          double sum = 0.0;
          for (int it = 0; it < ctx.plan.fma_iterations; ++it) {
            sum +=
                static_cast<double>(counted[static_cast<std::size_t>(warmups) +
                                            b * static_cast<std::size_t>(ctx.plan.fma_iterations) +
                                            static_cast<std::size_t>(it)]);
          }
          if (times.seconds[b] > 0.0) mhz.push_back(sum / times.seconds[b] / 1e6);
        }
        if (const std::optional<double> median = Median(mhz)) {
          r.clock_mhz_seen = static_cast<std::int64_t>(*median + 0.5);
          r.params.SetString("clock_source",
                             "clock64 cycles of the longest block per launch over device events");
        }
      }
    } else {
      ApplyClock(r, ReadClockNow(ctx));
    }
    if (c->kind == FmaKind::kFp32 && r.clock_mhz_seen && r.median) {
      if (const std::optional<int> lanes = Fp32LanesPerComputeUnit(ctx.backend, ctx.arch)) {
        const double peak = static_cast<double>(ctx.compute_units) * *lanes * 2.0 *
                            static_cast<double>(*r.clock_mhz_seen) * 1e6;
        r.params.SetInt("fp32_lanes_per_compute_unit", *lanes);
        r.params.SetDouble("peak_at_clock_seen", peak);
        r.params.SetDouble("median_of_peak", *r.median / peak);
      }
    }
    out.push_back(std::move(r));
  }
}

}  // namespace rocm_doctor::hip_helper
