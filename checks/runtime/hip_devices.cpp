// SPDX-License-Identifier: MIT
// runtime.hip_devices: what the HIP runtime itself sees, from rocm-doctor-hip --probe (device
// count with the exact hipError_t, per-device properties and a tiny kernel + copy-back). A symptom
// check: it runs even when a lower layer failed, so that "HIP says hipErrorNoDevice" is shown as a
// consequence of that root cause; it is a root cause only when every link below it held.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hip_devices_text.h"
#include "hip_no_devices.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/hip_probe.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Every lower link whose failure explains what HIP says: the hardware, device access, the ROCm
// install and its loading, the environment (a mask, HIP_PLATFORM, a gfx override), the gfx support
// of the release, the GPU's state after initialisation and the amdgpu copy that loaded. The
// first failing one, in this order, is the root cause this check's result is shown under, except
// where a finding names its own mechanism (kNoDeviceMechanism).
constexpr std::string_view kPrereqs[] = {
    "hardware.gpus",           "driver.kfd_access",    "driver.render_access",
    "runtime.rocm",            "runtime.hip_load",     "runtime.hip_platform",
    "runtime.visible_devices", "runtime.gfx_override", "runtime.gfx_support",
    "driver.gpu_health",       "driver.amdgpu_module"};
// What can make HIP enumerate no device: everything above but runtime.gfx_support. ROCr lists
// every agent KFD exposes and HIP every agent of a target it knows, whether or not the release
// ships code for it: a GPU no release supports enumerates and fails later, at its first kernel
// (hipErrorNoBinaryForGpu, "invalid device function"). So an unsupported target never explains
// "no device"; a driver that drives no GPU, KFD, /dev/kfd, a mask, an invalid override, a failed
// resume or a DKMS amdgpu the runtime cannot use do.
constexpr std::string_view kNoDeviceMechanism[] = {
    "hardware.gpus",           "driver.kfd_access",    "driver.render_access",
    "runtime.rocm",            "runtime.hip_load",     "runtime.hip_platform",
    "runtime.visible_devices", "runtime.gfx_override", "driver.gpu_health",
    "driver.amdgpu_module"};
constexpr std::string_view kNoDevicesCommands[] = {
    "rocminfo | grep -E '^  Name:|Marketing Name'",
    "env | grep -E 'VISIBLE_DEVICES|GPU_DEVICE_ORDINAL|HSA_OVERRIDE_GFX_VERSION'",
    "AMD_LOG_LEVEL=4 {helper} --probe",
};
constexpr std::string_view kUnexplainedCommands[] = {
    "AMD_LOG_LEVEL=4 HSAKMT_DEBUG_LEVEL=7 {helper} --probe 2>&1 | tail -60",
    "AMD_LOG_LEVEL=4 HSAKMT_DEBUG_LEVEL=7 rocminfo 2>&1 | tail -60",
    "sudo dmesg | grep -iE 'amdgpu|kfd'  # needs root",
};
constexpr std::string_view kTimeoutCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu.*(timeout|reset|hang|fault)|kfd'  # needs root",
    "timeout 120 {helper} --probe",
};
constexpr std::string_view kCrashedCommands[] = {
    "AMD_LOG_LEVEL=4 {helper} --probe",
    "ldd {helper}",
};
constexpr std::string_view kFailedCommands[] = {
    "ldd {helper}",
    "{helper} --probe",
};
constexpr std::string_view kSmokeCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "AMD_LOG_LEVEL=4 {helper} --probe --device {index}",
};
constexpr std::string_view kSmokeUnavailableCommands[] = {
    "cmake -S . -B build -DROCMDOC_HIP_ARCHITECTURES='{arch}' && cmake --build build --target "
    "rocm-doctor-hip",
};
constexpr std::string_view kMissingCommands[] = {
    "sudo apt-get install hipcc libamdhip64-dev  # needs root; the HIP toolchain the helper "
    "builds with",
    "cmake -S . -B build -DROCMDOC_GPU_BACKEND=hip && cmake --build build --target "
    "rocm-doctor-hip",
    "export ROCMDOC_HIP_HELPER=\"$PWD/build/src/hip/rocm-doctor-hip\"  # where that build puts it",
};
constexpr std::string_view kCountCommands[] = {
    "rocminfo | grep -E '^  Name:|Marketing Name'",
    "ls -l /dev/kfd /dev/dri/",
    "grep -H . /sys/class/kfd/kfd/topology/nodes/*/gpu_id",
};
constexpr std::string_view kDeviceErrorCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50  # needs root",
    "AMD_LOG_LEVEL=4 {helper} --probe --device {index} --no-smoke",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.hip.no_devices",
     .severity = Status::kFail,
     .title = "The HIP runtime reports no GPU",
     .remediation =
         "The GPU, the amdgpu driver and the device nodes look usable, yet the HIP runtime "
         "enumerates no device (this is what PyTorch reports as \"No HIP GPUs are available\"). "
         "Usual causes: a *_VISIBLE_DEVICES variable hides every GPU, an invalid "
         "HSA_OVERRIDE_GFX_VERSION, /dev/kfd not usable, a GPU that failed after initialisation "
         "(resume, runtime PM), an amdgpu-dkms the runtime cannot use, or the HIP runtime in use "
         "belongs to another ROCm release than the HSA runtime. A gfx target the release does "
         "not support is not one: such a GPU still enumerates and fails at its first kernel. If "
         "rocminfo lists the GPU agent, the problem is in HIP (libamdhip64); if it does not, in "
         "ROCr or KFD.",
     .commands = kNoDevicesCommands,
     .explained_by = kNoDeviceMechanism},
    {.code = "runtime.hip.no_devices_unexplained",
     .severity = Status::kFail,
     .title = "HIP sees no GPU and nothing checked below it explains why",
     .remediation =
         "The HIP runtime enumerates no device although every link rocm-doctor checks below it "
         "held: an AMD GPU bound to amdgpu that did not fail after initialisation, a KFD GPU "
         "node, /dev/kfd usable, no variable hiding or overriding the GPUs. \"No device\" is "
         "then a symptom whose cause the doctor cannot see, not a root cause. Capture the "
         "runtime's own account: AMD_LOG_LEVEL=4 makes HIP log each step and HSAKMT_DEBUG_LEVEL=7 "
         "makes libhsakmt say which open of /dev/kfd or a render node failed; with the kernel "
         "log from boot, that is what a bug report needs.",
     .commands = kUnexplainedCommands,
     .requires_root = true,
     .explained_by = kNoDeviceMechanism},
    {.code = "bench.kernel.timeout",
     .severity = Status::kFail,
     .title = "A GPU probe or kernel did not finish before its deadline (possible GPU hang)",
     .remediation =
         "The HIP probe (initialisation plus a kernel of microseconds) or a benchmark (a batch of "
         "kernels under the helper's own deadline, or the whole run under its level's deadline) "
         "did not finish in time and was abandoned or killed. A wedged GPU, a KFD waiting on a GPU "
         "reset, or a device node that blocks "
         "are typical: the kernel log then shows ring timeouts, 'GPU reset' or page faults. Reset "
         "the GPU (amd-smi reset -G -g N, or rocm-smi --gpureset -d N) or reboot, then run the "
         "check again. If it only happens on the first run after boot, the runtime's "
         "initialisation is slow rather than hung.",
     .commands = kTimeoutCommands,
     .requires_root = true},
    {.code = "runtime.hip.probe_crashed",
     .severity = Status::kError,
     .title = "The HIP runtime crashed in the probe helper",
     .remediation =
         "rocm-doctor-hip was killed by a signal while the HIP runtime initialised or ran the "
         "smoke kernel, so the runtime's state is unknown. Run it by hand with AMD_LOG_LEVEL=4 "
         "to see the last call. Crashes in initialisation usually come from mixed ROCm releases "
         "(libamdhip64 from one, libhsa-runtime64 from another: see runtime.rocm.mixed_versions); "
         "with HIP_ENABLE_DEFERRED_LOADING=0, HIP aborts at start when a device has no code "
         "object in the program (\"Cannot retrieve Static function\").",
     .commands = kCrashedCommands},
    {.code = "runtime.hip.probe_failed",
     .severity = Status::kError,
     .title = "The HIP probe helper gave no usable answer",
     .remediation =
         "rocm-doctor-hip could not be started, exited with an error or printed something other "
         "than its JSON. Exit status 127 means the dynamic loader could not find a library it "
         "needs (the HIP runtime libamdhip64): install the HIP runtime or fix LD_LIBRARY_PATH. "
         "A usage error (exit 2) or another JSON format means rocm-doctor and rocm-doctor-hip "
         "come from different builds: install them together.",
     .commands = kFailedCommands},
    {.code = "runtime.hip.smoke_failed",
     .severity = Status::kFail,
     .title = "A GPU could not run a tiny kernel or copy its result back",
     .remediation =
         "The runtime lists the device, but allocating 16 KiB, running a kernel on it or copying "
         "the result back failed, or the data came back wrong. An error at hipEventSynchronize "
         "means the kernel faulted or the GPU hung or reset while running it; hipErrorOutOfMemory "
         "for 16 KiB means the device is unusable, not full; wrong data means the kernel did not "
         "run or the memory is bad. The kernel log has the driver's side; check the RAS error "
         "counters too.",
     .commands = kSmokeCommands,
     .requires_root = true},
    {.code = "runtime.hip.smoke_unavailable",
     .severity = Status::kInfo,
     .title = "The probe helper has no kernel for this GPU's ISA",
     .remediation =
         "The helper was built without device code for this GPU's gfx target, so its smoke "
         "kernel could not run here. This is a limit of the helper build (Debian's clang 15 "
         "cannot target gfx942 or gfx1100), not of the machine. Rebuild rocm-doctor-hip with the "
         "GPU's target to test kernel launches too.",
     .commands = kSmokeUnavailableCommands},
    {.code = "runtime.hip.probe_missing",
     .severity = Status::kUnknown,
     .title = "The HIP probe helper is not installed",
     .remediation =
         "rocm-doctor-hip, the helper that asks the HIP runtime for its devices, was not found, "
         "so the HIP runtime was not tested. It is installed with rocm-doctor (in "
         "<libexecdir>/rocm-doctor/) when rocm-doctor is built with a HIP or CUDA toolchain. "
         "Build it, or point ROCMDOC_HIP_HELPER at one.",
     .commands = kMissingCommands,
     .requires_root = true},
    {.code = "runtime.hip.device_count_mismatch",
     .severity = Status::kWarn,
     .title = "HIP sees fewer GPUs than the kernel driver exposes",
     .remediation =
         "The HIP runtime enumerates fewer devices than KFD has GPU nodes, and no "
         "*_VISIBLE_DEVICES variable hides any. ROCr silently drops a GPU whose render node it "
         "cannot open or whose gfx target it does not support, and a GPU left in a bad state "
         "after a reset can be missing too. Compare rocminfo's agents with the KFD nodes.",
     .commands = kCountCommands},
    {.code = "runtime.hip.device_error",
     .severity = Status::kFail,
     .title = "The HIP runtime cannot query a GPU",
     .remediation =
         "The runtime lists the device but hipGetDeviceProperties fails for it, so no program "
         "can use it. The kernel log usually shows why (a failed reset, a firmware error).",
     .commands = kDeviceErrorCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "runtime.hip_devices",
                          .layer = Layer::kRuntime,
                          .title = "HIP devices",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          // The probe's own deadline (kHipProbeTimeout, 20 s) plus margin, so the
                          // probe's timeout is reported, not the engine's.
                          .deadline = std::chrono::seconds(30),
                          .runs_when_blocked = true,
                          .findings = kFindings};

using namespace hip_text;  // NOLINT: the check and its wording are one unit

std::vector<Evidence> StderrEvidence(const HipProbeFacts& probe) {
  if (probe.stderr_tail.empty()) return {};
  return {{probe.source + " (stderr)", probe.stderr_tail, ""}};
}

Finding ProbeMissing(const HipProbeFacts& probe) {
  std::vector<Evidence> evidence;
  std::string looked;
  for (const std::string& place : probe.searched) {
    evidence.push_back({place, "", "an executable rocm-doctor-hip"});
    looked += (looked.empty() ? "" : ", ") + place;
  }
  return MakeFinding("runtime.hip.probe_missing",
                     "rocm-doctor-hip was not found, so the HIP runtime was not asked for its "
                     "devices (looked at: " +
                         looked + ")",
                     std::move(evidence), {{"helper", "rocm-doctor-hip"}});
}

Finding TimedOut(const HipProbeFacts& probe) {
  std::vector<Evidence> evidence{
      {probe.source, probe.detail,
       "finishes within " + std::to_string(probe.timeout_ms / 1000) + " s"}};
  for (Evidence& e : StderrEvidence(probe)) evidence.push_back(std::move(e));
  return MakeFinding(
      "bench.kernel.timeout",
      Helper(probe) + " --probe did not finish within " + std::to_string(probe.timeout_ms / 1000) +
          " s and was killed: HIP initialisation or its smoke kernel hung (a wedged GPU, or KFD "
          "waiting on a GPU reset)",
      std::move(evidence), {{"helper", Helper(probe)}});
}

Finding Crashed(const HipProbeFacts& probe) {
  std::string message = Helper(probe) + " --probe was killed by " + probe.signal_name +
                        ": the HIP runtime crashed while initialising or running the smoke kernel";
  if (probe.stderr_tail.find("Cannot retrieve Static function") != std::string::npos) {
    message +=
        "; HIP aborted because a GPU has no code object in the helper (\"Cannot retrieve "
        "Static function\": HIP_ENABLE_DEFERRED_LOADING=0?)";
  }
  if (!probe.stderr_tail.empty()) message += "; stderr: " + probe.stderr_tail;
  std::vector<Evidence> evidence{{probe.source, probe.detail, "exit status 0"}};
  for (Evidence& e : StderrEvidence(probe)) evidence.push_back(std::move(e));
  return MakeFinding("runtime.hip.probe_crashed", std::move(message), std::move(evidence),
                     {{"helper", Helper(probe)}, {"signal", probe.signal_name}});
}

Finding Failed(const HipProbeFacts& probe) {
  std::string message = Helper(probe) + " --probe " + probe.detail;
  if (probe.state == HipProbeState::kBadOutput) {
    message = Helper(probe) + " --probe printed no usable JSON: " + probe.detail;
    if (!probe.stdout_excerpt.empty()) message += "; stdout began: " + probe.stdout_excerpt;
  }
  if (!probe.stderr_tail.empty()) message += "; stderr: " + probe.stderr_tail;
  std::vector<Evidence> evidence{
      {probe.source, probe.detail, "exit status 0 with the helper's JSON on stdout"}};
  if (!probe.stdout_excerpt.empty()) {
    evidence.push_back({probe.source + " (stdout)", probe.stdout_excerpt, ""});
  }
  for (Evidence& e : StderrEvidence(probe)) evidence.push_back(std::move(e));
  return MakeFinding("runtime.hip.probe_failed", std::move(message), std::move(evidence),
                     {{"helper", Helper(probe)}});
}

std::map<std::string, std::string> DeviceParams(const HipProbeFacts& probe, const HipDevice& d) {
  return {{"helper", Helper(probe)},
          {"index", std::to_string(d.index)},
          {"arch", d.BaseArch().empty() ? std::string("<gfx target>") : d.BaseArch()}};
}

std::string Targets(const HipProbeReport& report) {
  std::string text;
  for (const std::string& t : report.targets) text += (text.empty() ? "" : ",") + t;
  return text.empty() ? std::string("none listed") : text;
}

// The smoke result of one device as a finding, or nothing when it passed or did not run.
std::optional<Finding> JudgeSmoke(const HipProbeFacts& probe, const HipDevice& d) {
  if (!d.smoke || d.smoke->ok) return std::nullopt;
  const HipSmoke& smoke = *d.smoke;
  if (smoke.error && IsNoBinaryError(*smoke.error)) {
    return MakeFinding(
        "runtime.hip.smoke_unavailable",
        DescribeDevice(d) + ": the smoke kernel could not run, the helper has no " +
            "code for this ISA (" + DescribeError(*smoke.error) +
            "; helper targets: " + Targets(probe.report) + ")",
        {{probe.source, DescribeError(*smoke.error), "a code object for " + d.BaseArch()}},
        DeviceParams(probe, d));
  }
  std::string observed;
  if (smoke.error) {
    observed = DescribeError(*smoke.error);
  } else if (smoke.mismatch) {
    const HipSmokeMismatch& m = *smoke.mismatch;
    observed = std::to_string(m.count) + " of " + std::to_string(smoke.checked_elements) +
               " elements wrong, first at index " + std::to_string(m.index) + ": expected " +
               std::to_string(m.expected) + ", got " + std::to_string(m.got);
    if (m.got == 0xFFFFFFFFll) observed += " (the untouched fill: the kernel did not run)";
  } else {
    observed = "the smoke test failed without an error";
  }
  return MakeFinding(
      "runtime.hip.smoke_failed", DescribeDevice(d) + ": the smoke kernel failed: " + observed,
      {{probe.source, observed, "kernel ran and every element matched"}}, DeviceParams(probe, d));
}

// KFD GPU nodes without a HIP device at the same PCI address ("" when HIP gave no addresses).
std::string MissingFromHip(const std::vector<const KfdNode*>& gpus,
                           const std::vector<HipDevice>& devices) {
  std::string missing;
  for (const KfdNode* node : gpus) {
    const std::string bdf = node->PciBdf();
    bool seen = bdf.empty();
    for (const HipDevice& d : devices) seen |= d.pci_bdf && *d.pci_bdf == bdf;
    if (!seen) missing += (missing.empty() ? "" : ", ") + bdf;
  }
  return missing;
}

std::optional<Finding> JudgeCount(const HipProbeFacts& probe, const KfdTopology& kfd) {
  const auto gpus = kfd.GpuNodes();
  const std::size_t seen = probe.report.devices.size();
  // *_VISIBLE_DEVICES are the env checks' to judge (runtime.env.*): a mask explains any count.
  if (!kfd.present || gpus.size() <= seen || !probe.visibility_env.empty()) return std::nullopt;
  std::string message = "the " + RuntimeName(probe.report) + " runtime enumerates " +
                        std::to_string(seen) + " of the " + DescribeKfdGpus(gpus) + " KFD exposes";
  if (const std::string missing = MissingFromHip(gpus, probe.report.devices); !missing.empty()) {
    message += "; missing: " + missing;
  }
  return MakeFinding(
      "runtime.hip.device_count_mismatch", std::move(message),
      {{probe.source, std::to_string(seen) + " devices", std::to_string(gpus.size()) + " devices"},
       {std::string(paths::kKfdTopologyNodes), DescribeKfdGpus(gpus), ""}},
      {{"helper", Helper(probe)}});
}

// "2 HIP devices: gfx942 ×2, smoke kernel ok"
std::string Summary(const HipProbeReport& report, std::size_t smoke_ok,
                    std::size_t smoke_unavailable) {
  std::vector<std::pair<std::string, int>> archs;
  for (const HipDevice& d : report.devices) {
    const std::string arch = d.BaseArch().empty() ? std::string("unknown gfx") : d.BaseArch();
    auto it = std::find_if(archs.begin(), archs.end(),
                           [&](const auto& entry) { return entry.first == arch; });
    if (it == archs.end()) {
      archs.emplace_back(arch, 1);
    } else {
      ++it->second;
    }
  }
  const std::size_t n = report.devices.size();
  std::string text =
      std::to_string(n) + " " + RuntimeName(report) + (n == 1 ? " device: " : " devices: ");
  for (std::size_t i = 0; i < archs.size(); ++i) {
    if (i > 0) text += ", ";
    text += archs[i].first;
    if (archs[i].second > 1) text += " ×" + std::to_string(archs[i].second);
  }
  if (smoke_ok == n) return text + ", smoke kernel ok";
  if (smoke_ok > 0) text += ", smoke kernel ok on " + std::to_string(smoke_ok);
  if (smoke_unavailable > 0) {
    text += smoke_unavailable == n
                ? ", smoke kernel not built for this ISA"
                : ", not built for the ISA of " + std::to_string(smoke_unavailable);
  }
  if (smoke_ok + smoke_unavailable < n) text += ", no smoke test";
  return text;
}

CheckOutcome JudgeReport(const CheckContext& ctx, const HipProbeFacts& probe) {
  const KfdTopology& kfd = ctx.facts.Kfd();
  const HipProbeReport& report = probe.report;
  if (report.device_count == 0 || report.devices.empty()) {
    return CheckOutcome::FromFindings({NoDevices(ctx, probe)});
  }
  std::vector<Finding> findings;
  std::size_t smoke_ok = 0, smoke_unavailable = 0;
  for (const HipDevice& d : report.devices) {
    if (d.error) {
      findings.push_back(MakeFinding(
          "runtime.hip.device_error", DescribeDevice(d) + ": " + DescribeError(*d.error),
          {{probe.source, DescribeError(*d.error), "properties read"}}, DeviceParams(probe, d)));
    }
    if (d.smoke && d.smoke->ok) ++smoke_ok;
    if (auto f = JudgeSmoke(probe, d)) {
      if (f->code == "runtime.hip.smoke_unavailable") ++smoke_unavailable;
      findings.push_back(std::move(*f));
    }
  }
  if (auto f = JudgeCount(probe, kfd)) findings.push_back(std::move(*f));
  std::string summary = Summary(report, smoke_ok, smoke_unavailable);
  Status worst = Status::kPass;
  for (const Finding& f : findings) worst = Worse(worst, f.status);
  if (worst == Status::kPass || worst == Status::kInfo) {
    return CheckOutcome::Pass(std::move(summary), std::move(findings));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

CheckOutcome Run(const CheckContext& ctx) {
  const HipProbeFacts& probe = ctx.facts.Get<HipProbeFacts>();
  switch (probe.state) {
    case HipProbeState::kNotRecorded:
      return CheckOutcome::Skip(probe.detail);
    case HipProbeState::kHelperMissing:
      return CheckOutcome::FromFindings({ProbeMissing(probe)});
    case HipProbeState::kTimedOut:
      return CheckOutcome::FromFindings({TimedOut(probe)});
    case HipProbeState::kCrashed:
      return CheckOutcome::FromFindings({Crashed(probe)});
    case HipProbeState::kError:
    case HipProbeState::kBadOutput:
      return CheckOutcome::FromFindings({Failed(probe)});
    case HipProbeState::kParsed:
      break;
  }
  return JudgeReport(ctx, probe);
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
