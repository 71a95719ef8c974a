// SPDX-License-Identifier: MIT
#include "hip/helper_main.h"

#include <chrono>

#include "hip/args.h"
#include "hip/bench/bench_json.h"
#include "hip/report_json.h"

#ifndef ROCMDOC_HIP_HELPER_VERSION
#define ROCMDOC_HIP_HELPER_VERSION "0.0.0"
#endif

namespace rocm_doctor::hip_helper {

std::vector<std::string> SplitTargetList(std::string_view list) {
  std::vector<std::string> targets;
  while (!list.empty()) {
    const std::size_t end = list.find_first_of(",;");
    const std::string_view item = list.substr(0, end);
    if (!item.empty()) targets.emplace_back(item);
    if (end == std::string_view::npos) break;
    list.remove_prefix(end + 1);
  }
  return targets;
}

int HelperMain(std::span<const std::string_view> args, const HelperBackend& backend,
               std::ostream& out, std::ostream& err) {
  // The bench JSON's elapsed_s counts from here: main() calls this first thing.
  const auto entered = std::chrono::steady_clock::now();
  const Result<HelperArgs> parsed = ParseHelperArgs(args);
  if (!parsed) {
    err << "rocm-doctor-hip: " << parsed.error() << "\n\n" << HelperUsage();
    return kExitUsage;
  }
  switch (parsed->mode) {
    case HelperMode::kHelp:
      out << HelperUsage();
      return kExitOk;
    case HelperMode::kVersion:
      out << kHelperName << ' ' << ROCMDOC_HIP_HELPER_VERSION << " (backend " << backend.name
          << ", targets " << backend.targets << ", JSON format " << kProbeFormatVersion << ")\n";
      return kExitOk;
    case HelperMode::kProbe:
      break;
    case HelperMode::kBench: {
      if (!backend.bench) {
        err << "rocm-doctor-hip: this build has no benchmarks\n";
        return kExitUsage;
      }
      BenchOptions options;
      options.device = parsed->device.value_or(0);
      options.plan = MakeBenchPlan(parsed->level, parsed->memtest_fraction, parsed->stress_seconds);
      options.plan.plant_matrix_corruption = parsed->plant_matrix_corruption;
      const BenchSelection all = SelectBenchmarks({});
      options.names = parsed->only.empty() ? all.names : parsed->only;
      BenchReport report = backend.bench(options);
      report.elapsed_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - entered).count();
      out << BenchReportJson(report) << '\n';
      out.flush();
      return report.error ? kExitNoDevice : kExitOk;
    }
  }
  ProbeReport report =
      backend.probe(ProbeOptions{.device = parsed->device, .smoke = parsed->smoke});
  report.targets = SplitTargetList(backend.targets);
  out << ProbeReportJson(report) << '\n';
  out.flush();
  return kExitOk;
}

}  // namespace rocm_doctor::hip_helper
