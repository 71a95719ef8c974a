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

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/hip_probe.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// Every lower link whose failure explains what HIP says: the hardware, device access, the ROCm
// install and its loading, and the environment (a mask, HIP_PLATFORM, a gfx override or a gfx the
// release does not support all make HIP report no device). The first failing one, in this order,
// is the root cause this check's result is shown under.
constexpr std::string_view kPrereqs[] = {
    "hardware.gpus",      "driver.kfd_access",    "driver.render_access",    "runtime.rocm",
    "runtime.hip_load",   "runtime.hip_platform", "runtime.visible_devices", "runtime.gfx_override",
    "runtime.gfx_support"};
constexpr CheckInfo kInfo{.id = "runtime.hip_devices",
                          .layer = Layer::kRuntime,
                          .title = "HIP devices",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          // The probe's own deadline (kHipProbeTimeout, 20 s) plus margin, so the
                          // probe's timeout is reported, not the engine's.
                          .deadline = std::chrono::seconds(30),
                          .runs_when_blocked = true};

// Smoke errors that mean "the helper has no code object for this ISA" (docs/hip-helper.md): a
// limit of the helper build, not a fault of the GPU.
bool IsNoBinaryError(const HipError& error) {
  return error.name == "hipErrorNoBinaryForGpu" || error.name == "hipErrorInvalidDeviceFunction" ||
         error.name == "hipErrorInvalidImage" || error.name == "cudaErrorNoKernelImageForDevice" ||
         error.name == "cudaErrorInvalidDeviceFunction";
}

std::string RuntimeName(const HipProbeReport& report) {
  return report.backend == "cuda" ? "CUDA" : "HIP";
}

// "hipGetDeviceCount returned hipErrorNoDevice (100, \"hipErrorNoDevice\")"
std::string DescribeError(const HipError& e) {
  std::string text = (e.call.empty() ? std::string("a runtime call") : e.call) + " returned " +
                     e.name + " (" + std::to_string(e.code);
  if (!e.message.empty()) text += ", \"" + e.message + "\"";
  return text + ")";
}

// "device 0 (AMD Instinct MI210, gfx90a, 0000:c1:00.0)"
std::string DescribeDevice(const HipDevice& d) {
  std::vector<std::string> parts;
  if (d.name && !d.name->empty()) parts.push_back(*d.name);
  if (!d.BaseArch().empty()) parts.push_back(d.BaseArch());
  if (d.pci_bdf) parts.push_back(*d.pci_bdf);
  std::string text = "device " + std::to_string(d.index);
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? " (" : ", ") + parts[i];
  return parts.empty() ? text : text + ")";
}

// "2 GPU nodes (gfx942 at 0000:c1:00.0, gfx942 at 0000:c2:00.0)" or "no GPU node".
std::string DescribeKfdGpus(const std::vector<const KfdNode*>& gpus) {
  if (gpus.empty()) return "no GPU node";
  std::string text =
      std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU node (" : " GPU nodes (");
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (i > 0) text += ", ";
    const std::string gfx = gpus[i]->GfxTarget();
    const std::string bdf = gpus[i]->PciBdf();
    text += "node " + std::to_string(gpus[i]->index);
    if (!gfx.empty()) text += " " + gfx;
    if (!bdf.empty()) text += " at " + bdf;
  }
  return text + ")";
}

std::string DescribeEnv(const HipProbeFacts& probe) {
  std::string text;
  for (const auto& [name, value] : probe.visibility_env) {
    if (!text.empty()) text += " ";
    text += name + "=" + (value.empty() ? "\"\"" : value);
  }
  return text;
}

std::string Helper(const HipProbeFacts& probe) {
  return probe.argv.empty() ? std::string("rocm-doctor-hip") : probe.argv.front();
}

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

Finding NoDevices(const HipProbeFacts& probe, const KfdTopology& kfd) {
  const HipProbeReport& report = probe.report;
  const std::string runtime = RuntimeName(report);
  std::string observed = "device_count " + std::to_string(report.device_count);
  std::string message = "the " + runtime + " runtime";
  if (report.runtime_version) {
    message += " " + FormatRuntimeVersion(*report.runtime_version, report.backend);
  }
  message += " reports no GPU: ";
  if (report.error) {
    message += DescribeError(*report.error);
    observed += "; " + DescribeError(*report.error);
  } else {
    message += "it enumerates 0 devices";
  }
  std::vector<Evidence> evidence{{probe.source, observed, "device_count >= 1"}};
  const auto gpus = kfd.GpuNodes();
  if (kfd.present) {
    message += gpus.empty() ? "; KFD has no GPU node either"
                            : "; yet KFD exposes " + DescribeKfdGpus(gpus);
    evidence.push_back({std::string(paths::kKfdTopologyNodes), DescribeKfdGpus(gpus), ""});
  }
  if (!probe.visibility_env.empty()) {
    message += "; " + DescribeEnv(probe) + " is set";
    evidence.push_back({"environment", DescribeEnv(probe), ""});
  }
  return MakeFinding("runtime.hip.no_devices", std::move(message), std::move(evidence),
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

CheckOutcome JudgeReport(const HipProbeFacts& probe, const KfdTopology& kfd) {
  const HipProbeReport& report = probe.report;
  if (report.device_count == 0 || report.devices.empty()) {
    return CheckOutcome::FromFindings({NoDevices(probe, kfd)});
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
  return JudgeReport(probe, ctx.facts.Kfd());
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
