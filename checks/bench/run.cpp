// SPDX-License-Identifier: MIT
// bench.run: runs rocm-doctor-hip --bench once per GPU (the level's deadline each) and judges how
// each run ended: a hang, a crash, no usable output, a runtime that could not open the GPU, an
// interruption. The family checks (bench.memory, bench.host_link, ...) judge the figures and are
// blocked when this fails. It also says what each GPU is judged against, or that it is not.
#include <fmt/format.h>

#include "bench_support.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kReferenceCommands[] = {
    "rocm-doctor bench --thresholds my-gpu.csv   # absolute floors: checks/data/README.md",
};
constexpr std::string_view kBudgetCommands[] = {
    "time rocm-doctor bench --level {level}",
};
constexpr std::string_view kHelperMissingCommands[] = {
    "cmake -S . -B build -DROCMDOC_GPU_BACKEND=hip && cmake --build build --target "
    "rocm-doctor-hip",
    "export ROCMDOC_HIP_HELPER=\"$PWD/build/src/hip/rocm-doctor-hip\"  # where that build puts it",
};
constexpr std::string_view kHelperCrashedCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "AMD_LOG_LEVEL=4 {helper} --bench --device {device}",
};
constexpr std::string_view kHelperFailedCommands[] = {
    "ldd {helper}",
    "{helper} --bench --device {device}",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "bench.reference.missing",
     .severity = Status::kInfo,
     .title = "No datasheet figures for this GPU: benchmark results are reported, not judged",
     .remediation =
         "The GPU table (checks/data/amd_gpus.csv) holds no peak bandwidth or FLOP/s for this "
         "GPU, so its figures are shown without a verdict. Give floors for it in a thresholds "
         "file (absolute values with basis min/max, same format as "
         "checks/data/bench_thresholds.csv) and pass it with --thresholds.",
     .commands = kReferenceCommands},
    {.code = "bench.helper.missing",
     .severity = Status::kUnknown,
     .title = "The benchmark helper is not installed",
     .remediation =
         "rocm-doctor-hip, which runs the benchmarks on the GPU, was not found, so nothing was "
         "measured. It is installed with rocm-doctor when rocm-doctor is built with a HIP or "
         "CUDA toolchain. Build it, or point ROCMDOC_HIP_HELPER at one.",
     .commands = kHelperMissingCommands},
    {.code = "bench.helper.crashed",
     .severity = Status::kError,
     .title = "The benchmark helper crashed",
     .remediation =
         "rocm-doctor-hip was killed by a signal while benchmarking, so what the GPU delivers is "
         "unknown. A fault in the runtime, a GPU reset during a kernel, or the kernel's "
         "out-of-memory killer are the usual causes; the kernel log and the helper's stderr "
         "(evidence) tell which.",
     .commands = kHelperCrashedCommands,
     .requires_root = true},
    {.code = "bench.helper.failed",
     .severity = Status::kError,
     .title = "The benchmark helper gave no usable answer",
     .remediation =
         "rocm-doctor-hip could not be started, exited with an error, printed something other "
         "than its benchmark JSON, or its runtime could not open the GPU. Exit status 127 means "
         "the dynamic loader could not find the HIP runtime; a usage error or another JSON "
         "format means rocm-doctor and rocm-doctor-hip come from different builds.",
     .commands = kHelperFailedCommands},
    {.code = "bench.level.over_budget",
     .severity = Status::kWarn,
     .title = "The benchmarks took longer than their level's time budget",
     .remediation =
         "Each level has a time budget per node (standard 15 s, extended 3 min, stress 15 min; "
         "docs/benchmarks.md), so that a fleet gate knows how long a node is out of service. "
         "This run took longer: a slow runtime start (a cold library cache, a GPU waking from "
         "a deep power state), a BLAS tuning or loading its kernels for the first time, or a "
         "GPU that runs far below its figures. Run the level again; a node that stays over its "
         "budget is slow somewhere the figures show.",
     .commands = kBudgetCommands},
    {.code = "bench.run.interrupted",
     .severity = Status::kInfo,
     .title = "The benchmarks were interrupted",
     .remediation =
         "Ctrl-C (or SIGTERM) stopped the benchmarks: the helper finished the kernel it was "
         "running, freed the GPU memory and reported what it had measured. Benchmarks that did "
         "not run are reported as not measured; run them again to judge them.",
     .commands = {}},
};

constexpr CheckInfo kInfo{.id = "bench.run",
                          .layer = Layer::kBenchmarks,
                          .title = "Benchmark run",
                          .prerequisites = bench::kRunPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline,
                          .findings = kFindings};

std::vector<Evidence> StderrEvidence(const HelperRun& run) {
  if (run.stderr_tail.empty()) return {};
  return {{run.source + " (stderr)", run.stderr_tail, ""}};
}

Finding Missing(const BenchRun& run) {
  std::vector<Evidence> evidence;
  std::string looked;
  for (const std::string& place : run.run.searched) {
    evidence.push_back({place, "", "an executable rocm-doctor-hip"});
    looked += (looked.empty() ? "" : ", ") + place;
  }
  return MakeFinding(
      "bench.helper.missing",
      "rocm-doctor-hip was not found, so nothing was measured (looked at: " + looked + ")",
      std::move(evidence), bench::Params(run));
}

Finding TimedOut(const BenchRun& run) {
  const std::int64_t seconds = run.run.timeout_ms / 1000;
  std::vector<Evidence> evidence{
      {run.run.source, run.run.detail, "finishes within " + std::to_string(seconds) + " s"}};
  for (Evidence& e : StderrEvidence(run.run)) evidence.push_back(std::move(e));
  return MakeFinding("bench.kernel.timeout",
                     bench::DescribeDevice(run) + ": the benchmarks did not finish within " +
                         std::to_string(seconds) +
                         " s and the helper was killed: a kernel or the runtime hung (a wedged "
                         "GPU, or KFD waiting on a GPU reset)",
                     std::move(evidence), bench::Params(run));
}

Finding Crashed(const BenchRun& run) {
  std::string message =
      bench::DescribeDevice(run) + ": rocm-doctor-hip --bench was killed by " + run.run.signal_name;
  if (!run.run.stderr_tail.empty()) message += "; stderr: " + run.run.stderr_tail;
  std::vector<Evidence> evidence{{run.run.source, run.run.detail, "exit status 0"}};
  for (Evidence& e : StderrEvidence(run.run)) evidence.push_back(std::move(e));
  auto params = bench::Params(run);
  params["signal"] = run.run.signal_name;
  return MakeFinding("bench.helper.crashed", std::move(message), std::move(evidence),
                     std::move(params));
}

Finding Failed(const BenchRun& run) {
  std::string message = bench::DescribeDevice(run) + ": rocm-doctor-hip --bench " + run.run.detail;
  if (run.run.state == HelperRunState::kBadOutput) {
    message = bench::DescribeDevice(run) +
              ": rocm-doctor-hip --bench printed no usable JSON: " + run.run.detail;
  }
  if (!run.run.stderr_tail.empty()) message += "; stderr: " + run.run.stderr_tail;
  std::vector<Evidence> evidence{
      {run.run.source, run.run.detail, "exit status 0 with the benchmark JSON on stdout"}};
  if (!run.run.stdout_excerpt.empty()) {
    evidence.push_back({run.run.source + " (stdout)", run.run.stdout_excerpt, ""});
  }
  for (Evidence& e : StderrEvidence(run.run)) evidence.push_back(std::move(e));
  return MakeFinding("bench.helper.failed", std::move(message), std::move(evidence),
                     bench::Params(run));
}

Finding RuntimeError(const BenchRun& run) {
  return MakeFinding("bench.helper.failed",
                     bench::DescribeDevice(run) +
                         ": the helper's runtime could not benchmark: " + *run.report.error,
                     {{run.run.source, *run.report.error, "a device to benchmark"}},
                     bench::Params(run));
}

Finding Interrupted(const BenchRun& run) {
  const std::string observed =
      run.run.state == HelperRunState::kInterrupted
          ? run.run.detail
          : fmt::format("interrupted after {:.1f} s with {} results",
                        run.report.wall_seconds.value_or(run.run.wall_seconds),
                        run.report.benchmarks.size());
  return MakeFinding(
      "bench.run.interrupted",
      bench::DescribeDevice(run) + ": the benchmarks were interrupted (" + observed + ")",
      {{run.run.source, observed, ""}}, bench::Params(run));
}

// "judged against AMD Instinct MI300X (checks/data/amd_gpus.csv ...)", or the info finding.
std::optional<Finding> Reference(const CheckContext& ctx, const BenchRun& run,
                                 std::string& judged_against) {
  const BenchGpu gpu = bench::Identify(ctx, run);
  if (gpu.peak_memory_bps || gpu.peak_fp32_flops) {
    judged_against = gpu.model;
    if (gpu.partition_share) {
      judged_against += fmt::format(" ({:.3g} of it: a partition)", *gpu.partition_share);
    }
    return std::nullopt;
  }
  std::string name = run.report.device && run.report.device->name ? *run.report.device->name
                                                                  : std::string("this GPU");
  std::vector<Evidence> evidence{
      {"checks/data/amd_gpus.csv",
       gpu.model.empty() ? "no row for " + name : gpu.model + ": no figures",
       "peak_mem_bw_gbs and peak_fp32_vector_tflops"}};
  if (run.report.device && run.report.device->pci_bus_id) {
    evidence.push_back({"/sys/bus/pci/devices/" + *run.report.device->pci_bus_id,
                        gpu.pci_device_id ? fmt::format("device 0x{:04x}", *gpu.pci_device_id)
                                          : std::string("not an AMD PCI function here"),
                        ""});
  }
  return MakeFinding("bench.reference.missing",
                     bench::DescribeDevice(run) +
                         ": no datasheet figures for it, so bandwidth and FLOP/s are reported, "
                         "not judged (latency and memory-test limits still apply)",
                     std::move(evidence), bench::Params(run));
}

// The seconds a run took: the helper's own elapsed_s (main() to its JSON), else the span its
// runner measured.
double Elapsed(const BenchRun& run, std::string& source) {
  if (run.report.elapsed_seconds) {
    source = run.run.source + " (elapsed_s)";
    return *run.report.elapsed_seconds;
  }
  source = run.run.source + (run.report.wall_seconds ? " (wall_seconds)" : " (the run's wall time)");
  return run.report.wall_seconds.value_or(run.run.wall_seconds);
}

CheckOutcome Run(const CheckContext& ctx) {
  const BenchFacts& facts = bench::Facts(ctx);
  std::vector<Finding> findings;
  std::vector<std::string> summaries;
  std::vector<Evidence> evidence;
  double node_seconds = 0;
  const BenchRun* first_timed = nullptr;
  std::size_t not_recorded = 0;
  std::string not_recorded_detail;
  for (const BenchRun& run : facts.runs) {
    switch (run.run.state) {
      case HelperRunState::kNotRecorded:
        ++not_recorded;
        if (not_recorded_detail.empty()) not_recorded_detail = run.run.detail;
        continue;
      case HelperRunState::kHelperMissing:
        findings.push_back(Missing(run));
        continue;
      case HelperRunState::kTimedOut:
        findings.push_back(TimedOut(run));
        continue;
      case HelperRunState::kCrashed:
        findings.push_back(Crashed(run));
        continue;
      case HelperRunState::kInterrupted:
        findings.push_back(Interrupted(run));
        continue;
      case HelperRunState::kError:
      case HelperRunState::kExited:
      case HelperRunState::kBadOutput:
        findings.push_back(Failed(run));
        continue;
      case HelperRunState::kOk:
        break;
    }
    if (run.report.error) {
      findings.push_back(RuntimeError(run));
      continue;
    }
    if (run.report.interrupted) findings.push_back(Interrupted(run));
    std::string judged_against;
    if (auto f = Reference(ctx, run, judged_against)) findings.push_back(std::move(*f));
    std::string line =
        bench::DescribeDevice(run) +
        fmt::format(": {} results at the {} level in {:.1f} s", run.report.benchmarks.size(),
                    run.report.level, run.report.wall_seconds.value_or(run.run.wall_seconds));
    if (!judged_against.empty()) line += ", judged against " + judged_against;
    summaries.push_back(std::move(line));
    std::string source;
    const double seconds = Elapsed(run, source);
    node_seconds += seconds;
    evidence.push_back({source, fmt::format("{:.1f} s", seconds), ""});
    if (first_timed == nullptr) first_timed = &run;
  }
  // The level's budget is per node: the runs (one per GPU, one after another) together. A
  // --stress-seconds S beyond the level's stress time adds S, as it does to the runs' deadline.
  if (first_timed != nullptr) {
    auto budget = bench::LevelBudget(facts.level);
    if (ctx.options.bench.stress_seconds) {
      budget += std::chrono::seconds(*ctx.options.bench.stress_seconds);
    }
    const std::string level(ToString(facts.level));
    const std::string line =
        fmt::format("{:.1f} s of the {} level's {} s budget", node_seconds, level, budget.count());
    summaries.push_back(line);
    evidence.push_back({"docs/benchmarks.md (levels and their time budgets)",
                        fmt::format("{:.1f} s in all", node_seconds),
                        fmt::format("at most {} s at the {} level", budget.count(), level)});
    if (node_seconds > static_cast<double>(budget.count())) {
      auto params = bench::Params(*first_timed);
      params["level"] = level;
      findings.push_back(MakeFinding(
          "bench.level.over_budget",
          fmt::format("the benchmarks at the {} level took {:.1f} s, over the level's budget of "
                      "{} s per node",
                      level, node_seconds, budget.count()),
          evidence, std::move(params)));
    }
  }
  if (not_recorded == facts.runs.size()) return CheckOutcome::Skip(not_recorded_detail);
  if (not_recorded > 0) {
    summaries.push_back(
        fmt::format("{} of {} runs not recorded in this capture", not_recorded, facts.runs.size()));
  }
  const std::string summary = fmt::format("{}", fmt::join(summaries, "; "));
  Status worst = Status::kPass;
  for (const Finding& f : findings) worst = Worse(worst, f.status);
  if (worst == Status::kPass || worst == Status::kInfo) {
    return CheckOutcome::Pass(summary, std::move(evidence), std::move(findings));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
