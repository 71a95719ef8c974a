// SPDX-License-Identifier: MIT
#include "hip_no_devices.h"

#include <string>
#include <vector>

#include "../driver/amdgpu_module_info.h"
#include "../driver/post_init_failures.h"
#include "hip_devices_text.h"
#include "rocm_doctor/facts/device_nodes.h"
#include "rocm_doctor/facts/runtime_env.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::hip_text {
namespace {

struct Why {
  std::vector<std::string> causes;   // facts that explain "no device"
  std::vector<std::string> checked;  // links that held (for the unexplained case)
  std::vector<Evidence> evidence;
};

void JudgeGpus(const CheckContext& ctx, Why& why) {
  const KernelLogFacts& log = ctx.facts.KernelLog();
  std::vector<post_init::GpuAfterInit> gpus = post_init::Judge(ctx.facts.Pci(), log);
  std::vector<std::string> bound;
  bool runtime_pm_read = false;
  for (const post_init::GpuAfterInit& g : gpus) {
    bound.push_back(g.gpu->bdf);
    runtime_pm_read |= g.gpu->runtime_status.known();
    if (!g.Broken()) continue;
    std::string line = post_init::FirstLine(g);
    std::string cause = g.gpu->bdf + " failed after initialisation (" +
                        (g.runtime_pm_error ? "power/runtime_status 'error'" : "kernel log") +
                        (line.empty() ? "" : ": " + line) + ")";
    why.causes.push_back(std::move(cause));
    for (Evidence& e : post_init::EvidenceOf(g, log.source, 3)) why.evidence.push_back(e);
  }
  if (gpus.empty()) {
    why.causes.push_back("amdgpu drives no AMD GPU");
    return;
  }
  // A DKMS amdgpu loaded over the kernel's own file (depmod ranks updates/ first) is a driver
  // the runtime may not work with: ROCm/ROCm#5433's amdgpu-dkms 6.14.14 bound the GPU and rocminfo
  // failed until the in-tree amdgpu loaded instead.
  const KernelFacts& k = ctx.facts.Kernel();
  const std::string in_tree = driver::InTreeModuleFile(k);
  if (k.amdgpu_loaded_flavour.known() && *k.amdgpu_loaded_flavour == "dkms" && !in_tree.empty()) {
    why.causes.push_back("the loaded amdgpu is the DKMS one" +
                         (k.amdgpu_version.known() ? " (" + *k.amdgpu_version + ")" : std::string()) +
                         ", shadowing the kernel's own " + in_tree);
    why.evidence.push_back({k.amdgpu_loaded_flavour.source, "amdgpu loaded: dkms", "in-tree"});
  }
  why.checked.push_back("amdgpu bound to " + std::to_string(bound.size()) + " GPU" +
                        (bound.size() == 1 ? "" : "s"));
  why.checked.push_back(log.readable ? "no failed resume or reset in the kernel log"
                                     : "kernel log not read");
  if (runtime_pm_read) why.checked.push_back("runtime PM not in error");
}

void JudgeKfd(const CheckContext& ctx, Why& why) {
  const KfdTopology& kfd = ctx.facts.Kfd();
  const auto gpus = kfd.GpuNodes();
  if (!kfd.present || gpus.empty()) {
    why.causes.push_back(kfd.present ? "KFD has no GPU node" : "KFD is not present");
    return;
  }
  why.checked.push_back("KFD exposes " + DescribeKfdGpus(gpus));
  const NodeAccess& node = ctx.facts.DeviceNodes().kfd;
  if (!node.read_write) {
    why.causes.push_back(node.path + " is not read-write for this user" +
                         (node.reason.empty() ? "" : " (" + node.reason + ")"));
  } else {
    why.checked.push_back(node.path + " read-write");
  }
}

void JudgeEnv(const CheckContext& ctx, const HipProbeFacts& probe, Why& why) {
  if (!probe.visibility_env.empty()) {
    why.causes.push_back(DescribeEnv(probe) + " is set");
    return;
  }
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  if (env.gfx_override) {
    why.causes.push_back(env.gfx_override->name + "=" + env.gfx_override->value + " is set");
  } else if (env.hip_platform) {
    why.causes.push_back("HIP_PLATFORM=" + env.hip_platform->value + " is set");
  } else {
    why.checked.push_back("no *_VISIBLE_DEVICES, HSA_OVERRIDE_GFX_VERSION or HIP_PLATFORM");
  }
}

std::string JoinList(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : "; ") + item;
  return out;
}

}  // namespace

Finding NoDevices(const CheckContext& ctx, const HipProbeFacts& probe) {
  const HipProbeReport& report = probe.report;
  std::string observed = "device_count " + std::to_string(report.device_count);
  std::string message = "the " + RuntimeName(report) + " runtime";
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
  const KfdTopology& kfd = ctx.facts.Kfd();
  if (kfd.present) {
    evidence.push_back(
        {std::string(paths::kKfdTopologyNodes), DescribeKfdGpus(kfd.GpuNodes()), ""});
  }
  if (!probe.visibility_env.empty()) {
    evidence.push_back({"environment", DescribeEnv(probe), ""});
  }
  Why why;
  JudgeGpus(ctx, why);
  JudgeKfd(ctx, why);
  JudgeEnv(ctx, probe, why);
  for (Evidence& e : why.evidence) evidence.push_back(std::move(e));
  if (!why.causes.empty()) {
    return MakeFinding("runtime.hip.no_devices", message + "; " + JoinList(why.causes),
                       std::move(evidence), {{"helper", Helper(probe)}});
  }
  return MakeFinding("runtime.hip.no_devices_unexplained",
                     message + "; nothing rocm-doctor reads below HIP explains it (checked: " +
                         JoinList(why.checked) +
                         "): capture the runtime's own account (AMD_LOG_LEVEL=4, "
                         "HSAKMT_DEBUG_LEVEL=7) and the kernel log",
                     std::move(evidence), {{"helper", Helper(probe)}});
}

}  // namespace rocm_doctor::hip_text
