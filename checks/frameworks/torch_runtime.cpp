// SPDX-License-Identifier: MIT
// frameworks.torch_runtime: which HSA runtime the PyTorch a user runs will load, judged for the
// platform the doctor detected. A ROCm wheel bundles torch/lib/libhsa-runtime64.so and loads it
// before the host's (libamdhip64's RUNPATH is $ORIGIN). On WSL2 that is wrong: the GPU is reached
// through /dev/dxg by AMD's WSL build of the runtime (hsa-runtime-rocr4wsl-amdgpu, librocdxg),
// and a pytorch.org wheel's own runtime only knows /dev/kfd, which WSL has not - torch then says
// hipErrorNoDevice / is_available() False while rocminfo works (ROCm/HIP#3710, ROCm/ROCm#3470).
// AMD's WSL guide replaces the bundled file with the host's; deleting it also works while
// /opt/rocm/lib is on the loader's path.
//
// No prerequisites: the wrong runtime is a root cause of its own. Not judged on bare metal,
// where the bundled runtime is the one the wheel was tested with (its ROCm release against the
// amdgpu driver is frameworks.torch's driver_unsupported).
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

using frameworks::Join;

constexpr std::string_view kWslHsaCommands[] = {
    "cd {lib_dir} && rm libhsa-runtime64.so*  # the wheel's own HSA runtime, no WSL path",
    "cp {host_hsa} {lib_dir}/libhsa-runtime64.so",
    "{python} -c 'import torch; print(torch.cuda.is_available(), torch.cuda.device_count())'",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "frameworks.torch.wsl_bundled_hsa",
     .severity = Status::kFail,
     .title = "On WSL, PyTorch loads its own bundled HSA runtime instead of the WSL one",
     .remediation =
         "Under WSL2 the GPU is reached through /dev/dxg, and only AMD's WSL build of the HSA "
         "runtime (/opt/rocm/lib/libhsa-runtime64.so.1, package hsa-runtime-rocr4wsl-amdgpu, "
         "installed by `amdgpu-install --usecase=wsl,rocm --no-dkms`) knows that path. A ROCm "
         "wheel carries its own torch/lib/libhsa-runtime64.so and loads it first; it looks for "
         "/dev/kfd, which WSL has not, so torch finds no GPU (hipErrorNoDevice, "
         "torch.cuda.is_available() False) while rocminfo works. Install AMD's WSL wheels "
         "(repo.radeon.com/rocm/manylinux, for the installed ROCm release) and, as AMD's WSL "
         "guide says, replace the bundled runtime with the host's: delete "
         "torch/lib/libhsa-runtime64.so* and copy /opt/rocm/lib/libhsa-runtime64.so.1.* in its "
         "place. Group membership and /dev/kfd permissions do not apply on WSL.",
     .commands = kWslHsaCommands},
};

constexpr std::string_view kNotVisibleWslCommands[] = {
    "{python} -c '{check}'",
    "ls -l /dev/dxg; /opt/rocm/bin/rocminfo | head -20",
    "ls -l {package_dir}/lib/libhsa-runtime64.so*",
};

// Reported by every framework's live check (framework_checks.h NotVisible) on WSL2.
constexpr FindingSpec kSharedWslFindings[] = {
    {.code = "frameworks.gpu.not_visible_wsl",
     .severity = Status::kFail,
     .title = "Under WSL2, a ROCm build of a framework sees no GPU",
     .remediation =
         "The framework is a ROCm build and imports, but reports no GPU, under WSL2. There the "
         "GPU is reached through /dev/dxg by the Windows driver (an Adrenalin release with WSL "
         "support; a regular one does not work) and AMD's WSL HSA runtime in /opt/rocm/lib: "
         "/dev/kfd, the render group and amdgpu do not exist and do not matter. When rocminfo "
         "lists the GPU but the framework does not, the framework loads another runtime: a "
         "wheel's bundled torch/lib/libhsa-runtime64.so (replace it with "
         "/opt/rocm/lib/libhsa-runtime64.so.1.*, as AMD's WSL guide says) or a pytorch.org wheel "
         "instead of AMD's WSL wheel from repo.radeon.com.",
     .commands = kNotVisibleWslCommands},
};
ROCMDOC_REGISTER_FINDINGS(kSharedWslFindings);

constexpr CheckInfo kInfo{.id = "frameworks.torch_runtime",
                          .layer = Layer::kFrameworks,
                          .title = "PyTorch's bundled HSA runtime",
                          .findings = kFindings};

CheckOutcome Run(const CheckContext& ctx) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  const std::vector<const FrameworkInstall*> installs = facts.ToJudge(Framework::kTorch);
  if (installs.empty()) {
    return CheckOutcome::Skip(frameworks::NotInstalled(facts, Framework::kTorch));
  }
  const PlatformFacts& platform = ctx.facts.Platform();
  if (!platform.wsl) {
    return CheckOutcome::Skip("not WSL: the HSA runtime a wheel bundles is its own on bare metal");
  }
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const FrameworkInstall* install : installs) {
    if (install->flavor != BuildFlavor::kRocm) continue;  // frameworks.torch says what it is
    const PythonEnvironment& env = facts.EnvOf(*install);
    const std::string where = install->Describe() + " in " + env.executable;
    if (!install->bundled_hsa) {
      good.push_back(where + ": " + install->lib_dir +
                     " has no libhsa-runtime64, so the host's WSL runtime is loaded");
      continue;
    }
    const BundledHsaRuntime& hsa = *install->bundled_hsa;
    if (hsa.same_as_host.known() && *hsa.same_as_host) {
      good.push_back(where + ": " + hsa.path + " is the host's " + hsa.host_path);
      continue;
    }
    std::vector<Evidence> evidence;
    for (const std::string& line : platform.wsl_evidence) evidence.push_back({"wsl", line, ""});
    const std::string host = hsa.host_path.empty() ? "" : hsa.host_path;
    std::string message = where + " loads its bundled " + hsa.path + " on WSL2";
    if (!hsa.same_as_host.known()) {
      evidence.push_back({hsa.same_as_host.source, hsa.same_as_host.error,
                          "a copy of /opt/rocm/lib/libhsa-runtime64.so.1"});
      message += hsa.host_path.empty()
                     ? ", and /opt/rocm/lib has no HSA runtime: install ROCm's WSL user space, "
                       "then put its runtime in place of the bundled one"
                     : " (" + hsa.same_as_host.error + ")";
    } else {
      evidence.push_back({hsa.same_as_host.source, "different bytes",
                          "a copy of " + host + " (the WSL runtime)"});
      message += ", not the host's WSL runtime " + host + " (the files differ)";
    }
    for (const BuildClue& c : install->clues) evidence.push_back({c.source, c.observed, ""});
    evidence.push_back(frameworks::EnvEvidence(env));
    auto params = frameworks::Params(*install, env);
    params["lib_dir"] = install->lib_dir;
    params["host_hsa"] = host.empty() ? "/opt/rocm/lib/libhsa-runtime64.so.1" : host;
    findings.push_back(MakeFinding("frameworks.torch.wsl_bundled_hsa", std::move(message),
                                   std::move(evidence), std::move(params)));
  }
  if (findings.empty()) {
    if (good.empty()) return CheckOutcome::Skip("no ROCm build of PyTorch to judge");
    return CheckOutcome::Pass(Join(good, "; "));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
