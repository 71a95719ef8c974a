// CollectFacts<HipProbeFacts>: runs the probe helper (docs/hip-helper.md "How the doctor runs
// it") and maps every way a child process can end onto HipProbeState.
#include "collect/hip_probe_collector.h"

#include <string>
#include <utility>

#include "collect/hip_probe_parse.h"

namespace rocm_doctor {
namespace {

constexpr char kRecording[] = ".rocm-doctor/probes/hip-probe.json";
// What the helper inherits and the runtime obeys; echoed in the report (the env checks judge it).
constexpr const char* kVisibilityEnv[] = {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
                                          "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL"};
constexpr std::size_t kStderrLines = 6;
constexpr std::size_t kStderrBytes = 800;
constexpr std::size_t kStdoutExcerptBytes = 200;

std::string ExitDetail(int code) {
  std::string detail = "exited with status " + std::to_string(code);
  if (code == 2) {
    // The helper's usage error: it did not understand what this doctor asked for.
    detail += " (usage error: rocm-doctor and rocm-doctor-hip are from different versions)";
  } else if (code == 127) {
    // ld.so's own status when a needed library (libamdhip64.so.5) is missing.
    detail += " (the dynamic loader could not start it: a HIP runtime library is missing)";
  }
  return detail;
}

void Judge(const CommandOutcome& out, HipProbeFacts& facts) {
  facts.wall_seconds = out.wall_seconds;
  facts.output_truncated = out.truncated;
  facts.stderr_tail = parse::TailLines(out.err, kStderrLines, kStderrBytes);
  switch (out.state) {
    case CommandOutcome::State::kNotRecorded:
      facts.state = HipProbeState::kNotRecorded;
      facts.detail = out.error.empty() ? "not recorded in this capture" : out.error;
      return;
    case CommandOutcome::State::kSpawnFailed:
      facts.state = HipProbeState::kError;
      facts.detail = "could not be started: " + out.error;
      return;
    case CommandOutcome::State::kTimedOut:
      facts.state = HipProbeState::kTimedOut;
      facts.signal = out.signal != 0 ? out.signal : 9;
      facts.detail = out.error.empty() ? "killed at its deadline" : out.error;
      return;
    case CommandOutcome::State::kSignaled:
      facts.state = HipProbeState::kCrashed;
      facts.signal = out.signal;
      facts.signal_name = parse::SignalName(out.signal);
      facts.detail = "killed by " + facts.signal_name;
      return;
    case CommandOutcome::State::kExited:
      break;
  }
  facts.exit_code = out.exit_code;
  if (out.exit_code != 0) {
    facts.state = HipProbeState::kError;
    facts.detail = ExitDetail(out.exit_code);
    return;
  }
  if (out.truncated) {
    facts.state = HipProbeState::kBadOutput;
    facts.detail = "printed more than " + std::to_string(out.out.size()) +
                   " bytes; the output was cut, so it is not the helper's JSON";
    facts.stdout_excerpt = parse::PrintableExcerpt(out.out, kStdoutExcerptBytes);
    return;
  }
  auto report = parse::ParseHipProbeJson(out.out);
  if (!report) {
    facts.state = HipProbeState::kBadOutput;
    facts.detail = report.error();
    facts.stdout_excerpt = parse::PrintableExcerpt(out.out, kStdoutExcerptBytes);
    return;
  }
  facts.state = HipProbeState::kParsed;
  facts.report = std::move(report).value();
}

}  // namespace

HipProbeFacts CollectHipProbe(const SystemView& view, const HelperLocation& helper) {
  HipProbeFacts facts;
  facts.timeout_ms = std::chrono::milliseconds(kHipProbeTimeout).count();
  for (const char* name : kVisibilityEnv) {
    if (auto value = view.GetEnv(name)) facts.visibility_env.emplace_back(name, *value);
  }
  const bool replay = view.IsReplay();
  if (!replay && !helper.found()) {
    facts.state = HipProbeState::kHelperMissing;
    facts.source = kHipHelperName;
    facts.searched = helper.searched;
    facts.detail = std::string(kHipHelperName) + " was not found";
    return facts;
  }
  CommandSpec spec;
  spec.name = kHipProbeName;
  spec.argv = {replay ? std::string(kHipHelperName) : helper.path, "--probe"};
  spec.timeout = kHipProbeTimeout;
  spec.max_output = parse::kMaxHipProbeBytes;
  // No extra_env: the helper inherits the user's environment unchanged, because
  // HIP_VISIBLE_DEVICES, HSA_OVERRIDE_GFX_VERSION, ... are part of what is being diagnosed.
  facts.argv = spec.argv;
  facts.source = replay ? std::string(kRecording) : spec.argv[0] + " --probe";
  Judge(view.Run(spec), facts);
  return facts;
}

template <>
HipProbeFacts CollectFacts<HipProbeFacts>(const SystemView& view) {
  return CollectHipProbe(view, view.IsReplay() ? HelperLocation{} : LocateHipHelper());
}

}  // namespace rocm_doctor
