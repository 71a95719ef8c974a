// SPDX-License-Identifier: MIT
// The clock seen by the benchmarks (bench_context.h, ReadClockNow).
#include "hip/bench/amd_clock.h"
#include "hip/bench/bench_context.h"
#include "hip/bench/gpu_resources.h"

namespace rocm_doctor::hip_helper {
namespace {

// One thread spins until its SM's cycle counter advanced by `cycles`, and writes how far it got.
__global__ void SpinCyclesKernel(long long cycles, unsigned long long* spun) {
  if (threadIdx.x != 0) return;
  const long long start = clock64();
  long long now = start;
  while (now - start < cycles) now = clock64();
  *spun = static_cast<unsigned long long>(now - start);
}

// Event-timed seconds of one spin of `cycles`, and the cycles counted; nullopt on any failure.
std::optional<std::pair<double, double>> TimedSpin(const BenchContext& ctx, long long cycles,
                                                   unsigned long long* device_spun) {
  GpuEvent start;
  GpuEvent stop;
  if (start.Create() != gpuSuccess || stop.Create() != gpuSuccess) return std::nullopt;
  if (gpuEventRecord(start.get(), ctx.main_stream) != gpuSuccess) return std::nullopt;
  SpinCyclesKernel<<<1, 32, 0, ctx.main_stream>>>(cycles, device_spun);
  if (gpuGetLastError() != gpuSuccess) return std::nullopt;
  if (gpuEventRecord(stop.get(), ctx.main_stream) != gpuSuccess) return std::nullopt;
  if (WaitForEvent(stop.get(), ctx.plan.kernel_deadline_seconds).outcome != WaitOutcome::kDone) {
    return std::nullopt;
  }
  float ms = 0.0F;
  if (gpuEventElapsedTime(&ms, start.get(), stop.get()) != gpuSuccess) return std::nullopt;
  unsigned long long spun = 0;
  if (gpuMemcpy(&spun, device_spun, sizeof(spun), gpuMemcpyDeviceToHost) != gpuSuccess) {
    return std::nullopt;
  }
  return std::make_pair(static_cast<double>(ms) * 1e-3, static_cast<double>(spun));
}

}  // namespace

ClockReading ReadClockNow(const BenchContext& ctx) {
  ClockReading reading;
  if (GpuWedged()) return reading;
  if (ctx.backend == "hip") {
    reading.source = "sysfs pp_dpm_sclk, read right after the run";
    if (!ctx.pci_bdf.empty()) {
      if (const std::optional<int> mhz = ReadAmdShaderClockMhz(ctx.pci_bdf)) reading.mhz = *mhz;
    }
    return reading;
  }
  // Two spins of different length: their difference cancels the launch overhead inside the
  // events. ~1.5 ms at 2 GHz.
  reading.source = "clock64 cycles over device events on one SM, right after the run";
  DeviceMemory spun;
  if (spun.Allocate(sizeof(unsigned long long)) != gpuSuccess) return reading;
  constexpr long long kShort = 500000;
  constexpr long long kLong = 2500000;
  // Untimed first: loads the kernel (lazy module loading) and lets an idle SM clock ramp up, which
  // would otherwise stretch the short spin and bias the difference upwards.
  if (!TimedSpin(ctx, kShort, spun.as<unsigned long long>())) return reading;
  const auto short_spin = TimedSpin(ctx, kShort, spun.as<unsigned long long>());
  const auto long_spin = TimedSpin(ctx, kLong, spun.as<unsigned long long>());
  if (!short_spin || !long_spin) return reading;
  const double seconds = long_spin->first - short_spin->first;
  const double cycles = long_spin->second - short_spin->second;
  if (seconds > 0.0 && cycles > 0.0) {
    reading.mhz = static_cast<std::int64_t>(cycles / seconds / 1e6 + 0.5);
  }
  return reading;
}

}  // namespace rocm_doctor::hip_helper
