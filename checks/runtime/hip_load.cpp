// SPDX-License-Identifier: MIT
// runtime.hip_load: does the libamdhip64 the loader picks really load? The collector dlopen()s it
// (RTLD_NOW, so every dependency and symbol is resolved up front) in a child `rocm-doctor
// probe-load`; a crash or hang there is a finding, not a dead doctor.
#include <map>
#include <string>

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"runtime.rocm"};
constexpr std::string_view kLoadFailedCommands[] = {
    "ldd {library} | grep 'not found'",
    "rocm-doctor probe-load {library}",
};
constexpr std::string_view kTimeoutCommands[] = {
    "AMD_LOG_LEVEL=4 timeout 60 rocm-doctor probe-load {library}",
};
constexpr std::string_view kCrashedCommands[] = {
    "gdb -batch -ex run -ex bt --args rocm-doctor probe-load {library}",
};
constexpr std::string_view kProbeFailedCommands[] = {"rocm-doctor probe-load {library}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.hip.load_failed",
     .severity = Status::kFail,
     .title = "libamdhip64 exists but cannot be loaded",
     .remediation = "dlopen() of the HIP runtime failed; the loader's message (the evidence) "
                    "names the missing library or symbol. Usually a dependency "
                    "(libhsa-runtime64, libamd_comgr, libnuma, libdrm_amdgpu) is missing or "
                    "comes from another release: reinstall the ROCm runtime packages of one "
                    "release, and check LD_LIBRARY_PATH for directories of another one.",
     .commands = kLoadFailedCommands},
    {.code = "runtime.hip_load.timeout",
     .severity = Status::kTimeout,
     .title = "Loading libamdhip64 hung",
     .remediation = "The child process that dlopen()s the HIP runtime did not finish within its "
                    "deadline and was killed: a library constructor blocked (seen with a hung "
                    "amdgpu driver or a stuck /dev/kfd). Check the kernel log for amdgpu errors "
                    "and run the load by hand with HIP logging.",
     .commands = kTimeoutCommands},
    {.code = "runtime.hip_load.crashed",
     .severity = Status::kError,
     .title = "Loading libamdhip64 crashed",
     .remediation = "The child process that dlopen()s the HIP runtime was killed by a signal "
                    "while the libraries' constructors ran: typically libraries of two ROCm "
                    "releases (or a distribution's and AMD's) loaded together. A backtrace shows "
                    "which library it was in.",
     .commands = kCrashedCommands},
    {.code = "runtime.hip_load.probe_failed",
     .severity = Status::kUnknown,
     .title = "Could not tell whether libamdhip64 loads",
     .remediation = "The probe that dlopen()s the HIP runtime in a child process could not be run "
                    "or gave no readable answer (the evidence says why). Run it by hand.",
     .commands = kProbeFailedCommands},
};

constexpr CheckInfo kInfo{.id = "runtime.hip_load",
                          .layer = Layer::kRuntime,
                          .title = "HIP runtime loads",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::milliseconds(20000),
                          .findings = kFindings};

// The name the recording's host gave the signal (Linux x86_64 numbers; a replay may come from
// another host, so not strsignal() of this one).
std::string SignalName(int signal) {
  switch (signal) {
    case 4:
      return "SIGILL";
    case 6:
      return "SIGABRT";
    case 7:
      return "SIGBUS";
    case 8:
      return "SIGFPE";
    case 9:
      return "SIGKILL";
    case 11:
      return "SIGSEGV";
    case 15:
      return "SIGTERM";
    default:
      return "signal " + std::to_string(signal);
  }
}

std::string StderrLine(const CommandOutcome& outcome) {
  std::string text = outcome.err.substr(0, 400);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

CheckOutcome Run(const CheckContext& ctx) {
  const HipLoadFacts& load = ctx.facts.Get<HipLoadFacts>();
  if (load.library.empty()) return CheckOutcome::Skip("no libamdhip64 to load");
  const CommandOutcome& run = load.outcome;
  const std::string source = "probe " + std::string(kHipLoadProbe);
  std::map<std::string, std::string> params{{"library", load.library}};
  switch (run.state) {
    case CommandOutcome::State::kNotRecorded:
      return CheckOutcome::Skip(run.error.empty() ? "not recorded in this capture" : run.error);
    case CommandOutcome::State::kTimedOut:
      return CheckOutcome::FromFindings({MakeFinding(
          "runtime.hip_load.timeout",
          "loading " + load.library + " did not finish within the deadline; the child was killed",
          {{source, "timed out" + (run.error.empty() ? "" : ": " + run.error), "loads"}}, params)});
    case CommandOutcome::State::kSignaled: {
      std::string name = SignalName(run.signal);
      std::vector<Evidence> evidence{{source, "killed by " + name, "exit 0"}};
      if (!run.err.empty()) evidence.push_back({source + " stderr", StderrLine(run), ""});
      params["signal"] = name;
      return CheckOutcome::FromFindings(
          {MakeFinding("runtime.hip_load.crashed",
                       "loading " + load.library + " crashed the process (" + name + ")",
                       std::move(evidence), params)});
    }
    case CommandOutcome::State::kSpawnFailed:
      return CheckOutcome::FromFindings({MakeFinding("runtime.hip_load.probe_failed",
                                                     "could not run the load probe: " + run.error,
                                                     {{source, run.error, "runs"}}, params)});
    case CommandOutcome::State::kExited:
      break;
  }
  if (!load.loaded.known()) {
    std::string why = load.loaded.error;
    if (run.exit_code != 0) why = "exit " + std::to_string(run.exit_code) + ": " + why;
    std::vector<Evidence> evidence{{source, why, "JSON on stdout"}};
    if (!run.err.empty()) evidence.push_back({source + " stderr", StderrLine(run), ""});
    return CheckOutcome::FromFindings(
        {MakeFinding("runtime.hip_load.probe_failed", "the load probe gave no answer: " + why,
                     std::move(evidence), params)});
  }
  if (*load.loaded) {
    return CheckOutcome::Pass(load.library + " loads", {{source, "dlopen(" + load.library + ") succeeded", ""}});
  }
  std::string error = load.dlerror.empty() ? "dlopen failed without a message" : load.dlerror;
  params["error"] = error;
  return CheckOutcome::FromFindings(
      {MakeFinding("runtime.hip.load_failed", "dlopen(" + load.library + ") failed: " + error,
                   {{"dlopen " + load.library, error, "loads"}}, params)});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
