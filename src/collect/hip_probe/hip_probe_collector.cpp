// SPDX-License-Identifier: MIT
// CollectFacts<HipProbeFacts>: runs the probe helper (docs/hip-helper.md "How the doctor runs
// it") and maps every way a child process can end onto HipProbeState.
#include "collect/hip_probe/hip_probe_collector.h"

#include <string>
#include <utility>

#include "collect/hip_probe/hip_probe_parse.h"
#include "rocm_doctor/facts/helper_run.h"

namespace rocm_doctor {
namespace {

constexpr char kRecording[] = ".rocm-doctor/probes/hip-probe.json";
// What the helper inherits and the runtime obeys; echoed in the report (the env checks judge it).
constexpr const char* kVisibilityEnv[] = {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
                                          "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL"};

// How the child ended (shared with the bench collector), then its stdout parsed.
void Judge(const CommandOutcome& out, HipProbeFacts& facts) {
  HelperRun run;
  JudgeHelperOutcome(out, {0}, run);
  facts.wall_seconds = run.wall_seconds;
  facts.output_truncated = run.output_truncated;
  facts.stderr_tail = run.stderr_tail;
  facts.exit_code = run.exit_code;
  facts.signal = run.signal;
  facts.signal_name = run.signal_name;
  facts.detail = run.detail;
  facts.stdout_excerpt = run.stdout_excerpt;
  switch (run.state) {
    case HelperRunState::kNotRecorded:
      facts.state = HipProbeState::kNotRecorded;
      return;
    case HelperRunState::kTimedOut:
      facts.state = HipProbeState::kTimedOut;
      return;
    case HelperRunState::kCrashed:
      facts.state = HipProbeState::kCrashed;
      return;
    case HelperRunState::kBadOutput:
      facts.state = HipProbeState::kBadOutput;
      return;
    case HelperRunState::kHelperMissing:
    case HelperRunState::kError:
    case HelperRunState::kInterrupted:
      facts.state = HipProbeState::kError;
      return;
    case HelperRunState::kExited:
    case HelperRunState::kOk:
      break;
  }
  auto report = parse::ParseHipProbeJson(out.out);
  if (!report) {
    MarkBadOutput(report.error(), out.out, run);
    facts.state = HipProbeState::kBadOutput;
    facts.detail = run.detail;
    facts.stdout_excerpt = run.stdout_excerpt;
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
  const CommandOutcome outcome = view.Run(spec);
  AdoptRecordedHelperPath(outcome, facts.argv);
  Judge(outcome, facts);
  return facts;
}

template <>
HipProbeFacts CollectFacts<HipProbeFacts>(const SystemView& view) {
  return CollectHipProbe(view, view.IsReplay() ? HelperLocation{} : LocateHipHelper());
}

}  // namespace rocm_doctor
