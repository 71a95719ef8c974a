// SPDX-License-Identifier: MIT
// FrameworkProbeFacts: runs src/collect/frameworks/framework_probe.py (embedded at build time) with the
// interpreter of each framework install to judge, every child at once, through view.Run - so a
// capture records each as .rocm-doctor/probes/python-<framework>-<env>.json and a replay answers
// from it. An import can hang (a wedged GPU during HIP init) or crash (a native extension built
// for another ROCm): the child takes that, with a deadline, never the doctor.
#include <chrono>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "collect/frameworks/framework_probe_parse.h"
#include "collect/hip_probe/hip_probe_parse.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kFrameworkProbePy;  // src/collect/frameworks/framework_probe.py
}  // namespace data
namespace {

// `import torch` of a ROCm wheel maps about 2 GB of libraries: seconds on a warm cache, tens of
// seconds on a cold network file system. Past this it is hung.
constexpr std::chrono::seconds kProbeTimeout{30};
// Children at once: one per (environment, framework) judged; a bound for hosts with many.
constexpr std::size_t kMaxProbes = 8;
constexpr std::size_t kStderrLines = 8;
constexpr std::size_t kStderrBytes = 1200;

void Judge(const CommandOutcome& out, FrameworkProbe& probe) {
  probe.wall_seconds = out.wall_seconds;
  probe.stderr_tail = parse::TailLines(out.err, kStderrLines, kStderrBytes);
  const framework::ProbeOutput scanned = framework::ScanProbeOutput(out.out);
  probe.stage = scanned.stage;
  std::string ended;
  switch (out.state) {
    case CommandOutcome::State::kNotRecorded:
      probe.state = ProbeState::kNotRecorded;
      probe.detail = out.error.empty() ? "not recorded in this capture" : out.error;
      return;
    case CommandOutcome::State::kSpawnFailed:
      probe.state = ProbeState::kSpawnFailed;
      probe.detail = "could not be started: " + out.error;
      return;
    case CommandOutcome::State::kTimedOut:
      probe.state = ProbeState::kTimedOut;
      probe.signal = out.signal != 0 ? out.signal : 9;
      ended = "killed at its deadline of " + std::to_string(probe.timeout_ms / 1000) + " s";
      break;
    case CommandOutcome::State::kSignaled:
      probe.state = ProbeState::kCrashed;
      probe.signal = out.signal;
      probe.signal_name = parse::SignalName(out.signal);
      ended = "killed by " + probe.signal_name;
      break;
    case CommandOutcome::State::kExited:
      probe.exit_code = out.exit_code;
      if (out.exit_code != 0) {
        probe.state = ProbeState::kExitError;
        ended = "exited with status " + std::to_string(out.exit_code);
      }
      break;
  }
  if (!scanned.report) {
    if (out.state == CommandOutcome::State::kExited && out.exit_code == 0) {
      probe.state = ProbeState::kBadOutput;
      probe.detail = out.truncated ? "printed more than " + std::to_string(out.out.size()) +
                                         " bytes and no report within them"
                                   : "exited without printing its report";
    } else {
      probe.detail = ended + (probe.stage.empty() ? "" : " during " + probe.stage);
    }
    return;
  }
  Result<FrameworkProbeReport> report = framework::ParseProbeReport(*scanned.report);
  if (!report) {
    probe.state = ProbeState::kBadOutput;
    probe.detail = "its report is malformed: " + report.error();
    return;
  }
  // The report was printed: what the framework said stands, even when the interpreter then
  // crashed or hung on its way out (a teardown crash in a ROCm runtime is not rare).
  probe.state = ProbeState::kParsed;
  probe.report = std::move(report).value();
  if (!ended.empty()) probe.detail = "printed its report, then " + ended;
}

}  // namespace

std::string_view ToString(ProbeState state) {
  switch (state) {
    case ProbeState::kNotRecorded:
      return "not_recorded";
    case ProbeState::kSpawnFailed:
      return "spawn_failed";
    case ProbeState::kTimedOut:
      return "timed_out";
    case ProbeState::kCrashed:
      return "crashed";
    case ProbeState::kExitError:
      return "exit_error";
    case ProbeState::kBadOutput:
      return "bad_output";
    case ProbeState::kParsed:
      return "parsed";
  }
  return "not_recorded";
}

std::vector<const FrameworkProbe*> FrameworkProbeFacts::For(Framework framework) const {
  std::vector<const FrameworkProbe*> out;
  for (const FrameworkProbe& p : probes) {
    if (p.framework == framework) out.push_back(&p);
  }
  return out;
}

template <>
FrameworkProbeFacts CollectFacts<FrameworkProbeFacts>(const SystemView& view) {
  const FrameworkFacts frameworks = CollectFacts<FrameworkFacts>(view);
  FrameworkProbeFacts facts;
  std::vector<CommandSpec> specs;
  for (Framework fw : kAllFrameworks) {
    for (const FrameworkInstall* install : frameworks.ToJudge(fw)) {
      if (facts.probes.size() >= kMaxProbes) break;
      const PythonEnvironment& env = frameworks.EnvOf(*install);
      // A venv whose interpreter is gone is not started: it cannot be (ENOENT), and what is
      // wrong is said from its files (PythonEnvironment::broken).
      if (!env.runnable) continue;
      FrameworkProbe probe;
      probe.framework = fw;
      probe.install = static_cast<std::size_t>(install - frameworks.installs.data());
      probe.env = static_cast<std::size_t>(&env - frameworks.python.envs.data());
      probe.name = "python-" + std::string(ToString(fw)) + "-" + std::to_string(probe.env);
      probe.timeout_ms = std::chrono::milliseconds(kProbeTimeout).count();
      CommandSpec spec;
      spec.name = probe.name;
      spec.argv = {env.executable, "-c", std::string(data::kFrameworkProbePy),
                   std::string(ToString(fw))};
      spec.timeout = kProbeTimeout;
      spec.max_output = framework::kMaxProbeOutput;
      // Keeps the import from writing __pycache__ into site-packages (the doctor may run as
      // root). The user's own environment is passed on unchanged: HIP_VISIBLE_DEVICES,
      // HSA_OVERRIDE_GFX_VERSION, LD_LIBRARY_PATH are part of what is diagnosed.
      spec.extra_env = {{"PYTHONDONTWRITEBYTECODE", "1"}};
      probe.argv = {env.executable, "-c", "<probe>", std::string(ToString(fw))};
      probe.source = view.IsReplay() ? ".rocm-doctor/probes/" + probe.name + ".json"
                                     : env.executable + " -c <probe> " + std::string(ToString(fw));
      facts.probes.push_back(std::move(probe));
      specs.push_back(std::move(spec));
    }
  }
  // All at once: `check` then takes as long as the slowest import, not the sum.
  const auto started = std::chrono::steady_clock::now();
  std::vector<CommandOutcome> outcomes(specs.size());
  std::vector<std::thread> threads;
  threads.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    try {
      threads.emplace_back([&, i] { outcomes[i] = view.Run(specs[i]); });
    } catch (const std::system_error&) {
      outcomes[i] = view.Run(specs[i]);  // no thread to spare: this one runs it
    }
  }
  for (std::thread& t : threads) t.join();
  facts.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (std::size_t i = 0; i < specs.size(); ++i) Judge(outcomes[i], facts.probes[i]);
  return facts;
}

}  // namespace rocm_doctor
