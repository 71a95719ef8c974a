// SPDX-License-Identifier: MIT
// Runs the selected benchmarks on one device: runtime start, device facts, then each family in
// order (families.h). Names that did not run (Ctrl-C, a wedged GPU, a broken context) are still
// reported, as skipped with the reason.
#include "hip/bench/bench_runner.h"

#include <array>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string_view>

#include "hip/bench/families.h"
#include "hip/bench/gpu_resources.h"
#include "hip/bench/host_memory.h"
#include "hip/pci_bdf.h"

namespace rocm_doctor::hip_helper {
namespace {

using Family = void (*)(BenchContext&, const std::vector<std::string>&, std::vector<BenchResult>&);

struct FamilyEntry {
  std::string_view prefix;
  Family run;
  const char* unit;  // of a skipped placeholder
};

constexpr std::array<FamilyEntry, 9> kFamilies = {{
    {"memory.", RunStreamBenchmarks, "B/s"},
    {"host.", RunHostCopyBenchmarks, "B/s"},
    {"peer.", RunPeerBenchmarks, "B/s"},
    {"launch.", RunLaunchBenchmarks, "s"},
    {"compute.", RunComputeBenchmarks, "FLOP/s"},
    {"matrix.", RunMatrixBenchmarks, "FLOP/s"},
    {"memtest.", RunMemtestBenchmarks, "errors"},
    {"stress.", RunStressBenchmarks, "FLOP/s"},
    {"collective.", RunCollectiveBenchmarks, "B/s"},  // on request only (collective.cpp)
}};

const char* UnitOf(const std::string& name) {
  if (name == "launch.throughput") return "launch/s";
  if (name == "matrix.int8" || name == "matrix.int8_gst") return "OP/s";
  for (const FamilyEntry& f : kFamilies) {
    if (name.compare(0, f.prefix.size(), f.prefix) == 0) return f.unit;
  }
  return "";
}

std::string StartError(gpuError_t error) {
  const char* name = gpuGetErrorName(error);
  const char* message = gpuGetErrorString(error);
  std::string text = name != nullptr ? name : "unknown error";
  // HIP 5.2's GetErrorString returns the name again; newer runtimes return prose.
  if (message != nullptr && std::string(message) != text) {
    text += ": ";
    text += message;
  }
  return text;
}

std::optional<std::int64_t> Attribute(gpuDeviceAttr attr, int device) {
  int value = 0;
  if (gpuDeviceGetAttribute(&value, attr, device) != gpuSuccess || value <= 0) return std::nullopt;
  return value;
}

BenchDevice DescribeDevice(int device, BenchContext& ctx) {
  BenchDevice d;
  d.index = device;
  gpuDeviceProp prop{};
  if (gpuGetDeviceProperties(&prop, device) == gpuSuccess) {
    const std::string name = FixedCString(prop.name);
    if (!name.empty()) d.name = name;
    d.arch = GpuArchName(prop);
    d.total_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
  }
  d.compute_units = Attribute(gpuDevAttrMultiProcessorCount, device);
  if (const auto khz = Attribute(gpuDevAttrClockRate, device)) d.clock_mhz = *khz / 1000;
  if (const auto khz = Attribute(gpuDevAttrMemoryClockRate, device)) {
    d.memory_clock_mhz = *khz / 1000;
  }
  d.memory_bus_width_bits = Attribute(gpuDevAttrMemoryBusWidth, device);
  std::array<char, 64> bus_id{};
  if (gpuDeviceGetPCIBusId(bus_id.data(), static_cast<int>(bus_id.size()) - 1, device) ==
      gpuSuccess) {
    d.pci_bus_id = NormalizePciBdf(bus_id.data());
  }
  ctx.arch = d.arch.value_or("");
  ctx.pci_bdf = d.pci_bus_id.value_or("");
  ctx.compute_units = static_cast<int>(d.compute_units.value_or(1));
  if (const auto l2 = Attribute(gpuDevAttrL2CacheSize, device)) {
    ctx.l2_bytes = static_cast<std::size_t>(*l2);
  }
  if (!ctx.pci_bdf.empty()) ctx.numa_node = ReadPciNumaNode(ctx.pci_bdf);
  if (ctx.numa_node) d.numa_node = *ctx.numa_node;
  return d;
}

// The STREAM kernel shape: measured defaults per backend (docs/hip-helper.md), or the developer
// override in $ROCMDOC_BENCH_STREAM.
void ChooseStreamConfig(BenchContext& ctx) {
  ctx.stream = StreamConfig{};
  ctx.stream_source = "default";
  const char* text = std::getenv("ROCMDOC_BENCH_STREAM");
  if (text == nullptr || *text == '\0') return;
  std::string error;
  if (const std::optional<StreamConfig> parsed = ParseStreamConfig(text, ctx.stream, &error)) {
    ctx.stream = *parsed;
    ctx.stream_source = std::string("ROCMDOC_BENCH_STREAM=") + text;
  } else {
    ctx.stream_source = "default (ROCMDOC_BENCH_STREAM ignored: " + error + ")";
  }
}

}  // namespace

BenchReport RunBench(const BenchOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const auto wall = [&started] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  InstallBenchSignalHandlers();
  BenchReport report;
  report.backend = kGpuBackend;
  report.level = BenchLevelName(options.plan.level);
  int version = 0;
  if (gpuRuntimeGetVersion(&version) == gpuSuccess) report.runtime_version = version;
  version = 0;
  if (gpuDriverGetVersion(&version) == gpuSuccess && version > 0) report.driver_version = version;

  int count = 0;
  if (const gpuError_t e = gpuGetDeviceCount(&count); e != gpuSuccess) {
    report.error = StartError(e);
    report.wall_seconds = wall();
    return report;
  }
  if (options.device >= count) {
    const gpuError_t e = gpuSetDevice(options.device);
    report.error = StartError(e != gpuSuccess ? e : gpuErrorInvalidDevice) + " (device " +
                   std::to_string(options.device) + " of " + std::to_string(count) + ")";
    report.wall_seconds = wall();
    return report;
  }
  if (const gpuError_t e = gpuSetDevice(options.device); e != gpuSuccess) {
    report.error = StartError(e);
    report.wall_seconds = wall();
    return report;
  }

  BenchContext ctx;
  ctx.device = options.device;
  ctx.device_count = count;
  ctx.backend = kGpuBackend;
  ctx.plan = options.plan;
  BenchDevice device = DescribeDevice(options.device, ctx);
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  // The first call that needs a context: the runtime starts the device here.
  if (const gpuError_t e = gpuMemGetInfo(&free_bytes, &total_bytes); e != gpuSuccess) {
    report.error = StartError(e) + " (" + kGpuApiPrefix + "MemGetInfo)";
    report.device = device;
    report.wall_seconds = wall();
    return report;
  }
  device.free_bytes = static_cast<std::int64_t>(free_bytes);
  ctx.free_bytes = free_bytes;
  report.device = device;
  ChooseStreamConfig(ctx);
  GpuStream main_stream;
  if (const gpuError_t e = main_stream.Create(); e != gpuSuccess) {
    report.error = StartError(e) + " (" + kGpuApiPrefix + "StreamCreateWithFlags)";
    report.wall_seconds = wall();
    return report;
  }
  ctx.main_stream = main_stream.get();
  // Telemetry for the families that sample it while they run (docs/hip-helper.md, "Telemetry").
  std::unique_ptr<TelemetrySource> telemetry;
  for (const std::string& name : options.names) {
    if (telemetry || (name.rfind("matrix.", 0) != 0 && name != "stress.mixed")) continue;
    telemetry = ctx.backend == "cuda" ? OpenNvmlTelemetry(ctx.pci_bdf)
                                      : OpenSysfsTelemetry("/sys/bus/pci/devices/" + ctx.pci_bdf);
  }
  ctx.telemetry = telemetry.get();
  int position = 0;
  const int total = static_cast<int>(options.names.size());
  ctx.progress = [&position, total](const std::string& name) {
    std::cerr << "bench: " << name << " (" << ++position << "/" << total << ")\n";
  };

  std::optional<std::string> broken;  // why the remaining benchmarks cannot run
  for (const FamilyEntry& family : kFamilies) {
    std::vector<std::string> names;
    for (const std::string& name : options.names) {
      if (name.compare(0, family.prefix.size(), family.prefix) == 0) names.push_back(name);
    }
    if (names.empty() || broken || ctx.ShouldStop()) continue;
    const std::size_t before = report.benchmarks.size();
    family.run(ctx, names, report.benchmarks);
    if (GpuWedged()) {
      for (std::size_t i = before; i < report.benchmarks.size(); ++i) {
        if (report.benchmarks[i].status == BenchStatus::kTimeout) {
          broken = "not run: the GPU stopped responding during " + report.benchmarks[i].name;
        }
      }
      if (!broken) broken = "not run: the GPU stopped responding";
      continue;
    }
    // A fault (illegal address, ECC, reset) poisons the context: every later call fails alike.
    bool any_failed = false;
    for (std::size_t i = before; i < report.benchmarks.size(); ++i) {
      any_failed = any_failed || report.benchmarks[i].status == BenchStatus::kFailed;
    }
    if (any_failed) {
      const WaitResult health = DrainStream(ctx.main_stream, ctx.plan.kernel_deadline_seconds);
      if (health.outcome != WaitOutcome::kDone) {
        broken = "not run: the GPU context failed: " + GpuErrorText(health.error, "EventQuery");
      }
    }
  }

  // Every requested name appears once, in run order.
  std::vector<BenchResult> ordered;
  for (const std::string& name : options.names) {
    bool found = false;
    for (BenchResult& result : report.benchmarks) {
      if (result.name == name) {
        ordered.push_back(std::move(result));
        found = true;
        break;
      }
    }
    if (found) continue;
    std::string reason = broken.value_or("not run");
    if (!broken && BenchStopRequested()) reason = "not run: interrupted (SIGINT/SIGTERM)";
    ordered.push_back(SkippedResult(name, UnitOf(name), reason));
  }
  report.benchmarks = std::move(ordered);
  report.interrupted = BenchStopRequested();
  report.wall_seconds = wall();
  return report;
}

}  // namespace rocm_doctor::hip_helper
