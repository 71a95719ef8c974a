// SPDX-License-Identifier: MIT
// CollectFacts<BenchFacts>: runs `rocm-doctor-hip --bench` (docs/benchmarks.md) once per GPU and
// maps how each run ended onto HelperRunState (src/collect/common/helper_run.cpp, shared with the probe).
#include "collect/bench/hip_bench_collector.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "collect/bench/hip_bench_parse.h"

namespace rocm_doctor {
namespace {

// 0: the JSON was printed; 3: no device / runtime init failed, the JSON still printed with
// "error" (the contract's exit statuses). Anything else is the helper failing.
const std::vector<int> kAcceptedExitCodes = {0, 3};

std::string Join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

// Forwards the helper's stderr progress ("bench: memory.triad 3/5") line by line, prefixed with
// the device; partial lines wait for their newline.
std::function<void(std::string_view)> ProgressSink(const BenchRequest& request,
                                                   std::optional<std::int64_t> device) {
  if (!request.progress) return {};
  auto pending = std::make_shared<std::string>();
  const std::string prefix = device ? "device " + std::to_string(*device) + ": " : "";
  return [progress = request.progress, pending, prefix](std::string_view chunk) {
    pending->append(chunk);
    std::size_t newline;
    while ((newline = pending->find('\n')) != std::string::npos) {
      std::string line = pending->substr(0, newline);
      pending->erase(0, newline + 1);
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
      if (!line.empty()) progress(prefix + line);
    }
    if (pending->size() > 4096) pending->clear();  // a helper that never ends a line
  };
}

BenchRun RunOne(const SystemView& view, const HelperLocation& helper, const BenchRequest& request,
                std::optional<std::int64_t> device) {
  BenchRun run;
  run.device = device;
  // bench.collective's run over every GPU (--only collective, no --device) records apart from
  // device 0's run of the per-device families: .rocm-doctor/probes/hip-bench.collective.json.
  const bool collective_only =
      !device && !request.only.empty() &&
      std::all_of(request.only.begin(), request.only.end(),
                  [](const std::string& n) { return n.starts_with("collective"); });
  run.probe_name = collective_only ? std::string("hip-bench.collective") : BenchProbeName(device);
  const std::chrono::seconds deadline = BenchDeadline(request);
  run.run.timeout_ms = std::chrono::milliseconds(deadline).count();
  const bool replay = view.IsReplay();
  if (!replay && !helper.found()) {
    run.run.state = HelperRunState::kHelperMissing;
    run.run.source = kHipHelperName;
    run.run.searched = helper.searched;
    run.run.detail = std::string(kHipHelperName) + " was not found";
    return run;
  }
  CommandSpec spec;
  spec.name = run.probe_name;
  spec.argv = BenchArgv(replay ? std::string(kHipHelperName) : helper.path, request, device);
  spec.timeout = deadline;
  spec.max_output = parse::kMaxBenchBytes;
  spec.on_stderr = ProgressSink(request, device);
  // No extra_env: the helper inherits the user's environment (HIP_VISIBLE_DEVICES, ...), which is
  // part of what is being diagnosed.
  run.run.argv = spec.argv;
  if (request.progress && !replay) {
    // The doctor's own line until the helper's first progress line replaces it.
    request.progress((device ? "device " + std::to_string(*device) + ": " : std::string()) +
                     "benchmarks at the " + std::string(ToString(request.level)) +
                     " level (rocm-doctor-hip --bench --level " +
                     std::string(HelperLevelName(request.level)) + ", at most " +
                     std::to_string(deadline.count()) + " s)");
  }
  run.run.source =
      replay ? ".rocm-doctor/probes/" + run.probe_name + ".json" : Join(spec.argv, " ");
  const CommandOutcome outcome = view.Run(spec);
  AdoptRecordedHelperPath(outcome, run.run.argv);
  JudgeHelperOutcome(outcome, kAcceptedExitCodes, run.run);
  if (run.run.state != HelperRunState::kExited) return run;
  auto report = parse::ParseHipBenchJson(outcome.out);
  if (!report) {
    MarkBadOutput(report.error(), outcome.out, run.run);
    return run;
  }
  if (device && report->device && report->device->index != *device) {
    MarkBadOutput("measured device " + std::to_string(report->device->index) + ", asked for " +
                      std::to_string(*device),
                  outcome.out, run.run);
    return run;
  }
  run.run.state = HelperRunState::kOk;
  run.report = std::move(report).value();
  return run;
}

}  // namespace

std::chrono::seconds BenchTimeout(BenchLevel level) {
  switch (level) {
    case BenchLevel::kStandard:
      return std::chrono::seconds(60);
    case BenchLevel::kExtended:
      return std::chrono::seconds(300);
    case BenchLevel::kStress:
      return std::chrono::seconds(900);
  }
  return std::chrono::seconds(60);
}

std::chrono::seconds BenchDeadline(const BenchRequest& request) {
  // Stress seconds are GPU time the helper spends on purpose: they add to the level's deadline
  // (at most 86400 s from the command line, so the sum cannot overflow).
  return BenchTimeout(request.level) +
         std::chrono::seconds(std::max(0, request.stress_seconds.value_or(0)));
}

std::vector<std::string> BenchArgv(const std::string& helper_path, const BenchRequest& request,
                                   std::optional<std::int64_t> device) {
  std::vector<std::string> argv = {helper_path, "--bench", "--level",
                                   std::string(HelperLevelName(request.level))};
  if (!request.only.empty()) {
    argv.push_back("--only");
    argv.push_back(Join(request.only, ","));
  }
  if (request.stress_seconds) {
    argv.push_back("--stress-seconds");
    argv.push_back(std::to_string(*request.stress_seconds));
  }
  if (device) {
    argv.push_back("--device");
    argv.push_back(std::to_string(*device));
  }
  return argv;
}

BenchFacts CollectHipBench(const SystemView& view, const HelperLocation& helper,
                           const BenchRequest& request) {
  BenchFacts facts;
  facts.level = request.level;
  facts.only = request.only;
  if (request.devices.empty()) {
    facts.runs.push_back(RunOne(view, helper, request, std::nullopt));
    return facts;
  }
  for (std::int64_t device : request.devices) {
    facts.runs.push_back(RunOne(view, helper, request, device));
  }
  return facts;
}

template <>
BenchFacts CollectFacts<BenchFacts, BenchRequest>(const SystemView& view,
                                                  const BenchRequest& request) {
  return CollectHipBench(view, view.IsReplay() ? HelperLocation{} : LocateHipHelper(), request);
}

}  // namespace rocm_doctor
