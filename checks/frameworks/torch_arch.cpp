// SPDX-License-Identifier: MIT
// frameworks.torch_arch: does the ROCm build of PyTorch carry device code for each GPU? Judged
// from files: the gfx targets of the offload bundles in torch/lib/libtorch_hip.so (torch's own
// kernels; the HIP runtime's code-object rule, CodeObjectServes in facts/libraries.h) and the
// Tensile files of the rocBLAS the wheel bundles (torch/lib/rocblas/library). A wheel whose
// bundles are compressed (ROCm 6.2+ builds may use --offload-compress) and that ships no
// Tensile files is left to the live probe's torch.cuda.get_arch_list() (frameworks.torch_gpu).
#include "../libraries/gpu_targets.h"
#include "framework_checks.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

using frameworks::Join;

constexpr std::string_view kPrereqs[] = {"frameworks.torch", "driver.kfd_topology"};
constexpr std::string_view kArchCommands[] = {
    "{!fix}",
    "{python} -c 'import torch; print(torch.cuda.get_arch_list())'",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "frameworks.torch.arch_missing",
     .severity = Status::kFail,
     .title = "PyTorch's ROCm build has no kernels for the GPU's gfx target",
     .remediation =
         "The ROCm build of PyTorch carries device code for a list of gfx targets (its wheel's "
         "libtorch_hip.so offload bundles, its bundled rocBLAS's Tensile files, "
         "torch.cuda.get_arch_list()), and this GPU's is not on it. torch.cuda.is_available() "
         "may still be True, but kernels fail with 'HIP error: invalid device function' or "
         "'no kernel image is available for execution on the device'. Install a PyTorch built "
         "for a ROCm release that supports this GPU (newer releases add targets), build it "
         "with PYTORCH_ROCM_ARCH=<gfx>, or - for a GPU of the same family as a covered target "
         "- set HSA_OVERRIDE_GFX_VERSION (unofficial).",
     .commands = kArchCommands},
};

constexpr CheckInfo kInfo{.id = "frameworks.torch_arch",
                          .layer = Layer::kFrameworks,
                          .title = "PyTorch GPU targets",
                          .prerequisites = kPrereqs,
                          // Reads up to 64 MiB of libtorch_hip.so, like libraries.code_objects.
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::seconds(60),
                          .findings = kFindings};

// The override suggestion when a target of the GPU's family is carried, else a reinstall.
std::string FixFor(const libraries::GpuTarget& gpu, const std::set<std::string>& carried) {
  std::set<std::string> processors;
  for (const std::string& t : carried) processors.insert(std::string(ProcessorOf(t)));
  const std::string candidate = libraries::OverrideCandidate(gpu.processor, processors);
  if (!candidate.empty()) {
    return "export HSA_OVERRIDE_GFX_VERSION=" +
           ShellQuote(libraries::OverrideFromProcessor(candidate)) +
           OverrideWorkaroundNote(candidate);
  }
  return "# install a PyTorch for a ROCm release that supports " + ShellQuote(gpu.processor) +
         " (https://pytorch.org/get-started/locally/)";
}

CheckOutcome Run(const CheckContext& ctx) {
  const FrameworkFacts& facts = ctx.facts.Get<FrameworkFacts>();
  std::vector<const FrameworkInstall*> rocm;
  for (const FrameworkInstall* i : facts.ToJudge(Framework::kTorch)) {
    if (i->flavor == BuildFlavor::kRocm) rocm.push_back(i);
  }
  if (rocm.empty()) return CheckOutcome::Skip("no ROCm build of PyTorch to judge");
  const LibraryFacts& libs = ctx.facts.Get<LibraryFacts>();
  const std::vector<libraries::GpuTarget> gpus = libraries::GpuTargets(ctx.facts, libs);
  if (gpus.empty()) return CheckOutcome::Skip("no GPU with a known gfx target in KFD topology");
  const std::optional<bool> xnack = libs.hsa_xnack.known() && *libs.hsa_xnack == "1";

  std::vector<Finding> findings;
  std::vector<std::string> good;
  std::vector<std::string> unknown;
  for (const TorchTargets& t : ctx.facts.Get<TorchTargetFacts>().torches) {
    if (t.install >= facts.installs.size()) continue;
    const FrameworkInstall& install = facts.installs[t.install];
    const PythonEnvironment& env = facts.EnvOf(install);
    const bool bundles = t.torch_hip && t.torch_hip->state == CodeObjectScan::State::kTargets;
    const bool tensile = t.rocblas && t.rocblas->status == FsStatus::kOk &&
                         !t.rocblas->combined_library && !t.rocblas->library_targets.empty();
    if (!bundles && !tensile) {
      std::string why = t.torch_hip ? t.torch_hip->path + ": " +
                                          (t.torch_hip->state == CodeObjectScan::State::kCompressed
                                               ? "compressed offload bundles"
                                               : t.torch_hip->error)
                                    : "no libtorch_hip.so in " + install.lib_dir;
      unknown.push_back(install.Describe() + " (" + why + ")");
      continue;
    }
    std::vector<std::string> covered;
    for (const libraries::GpuTarget& gpu : gpus) {
      bool torch_ok = true;
      if (bundles) {
        torch_ok = false;
        for (const std::string& id : t.torch_hip->targets) {
          torch_ok |= CodeObjectServes(id, gpu.processor, xnack, {});
        }
      }
      const bool blas_ok = !tensile || t.rocblas->Covers(gpu.processor);
      if (torch_ok && blas_ok) {
        covered.push_back(gpu.processor);
        continue;
      }
      std::vector<Evidence> evidence{{gpu.source, "GPU " + libraries::Describe(gpu, libs), ""}};
      std::set<std::string> carried;
      std::vector<std::string> lacking;
      if (bundles) {
        carried = t.torch_hip->targets;
        evidence.push_back({t.torch_hip->source,
                            libraries::Join(t.torch_hip->targets) + " in " +
                                std::to_string(t.torch_hip->bundles) +
                                (t.torch_hip->bundles == 1 ? " bundle" : " bundles") +
                                (t.torch_hip->complete ? "" : " (the part read)"),
                            "a code object for " + gpu.processor});
        if (!torch_ok)
          lacking.push_back("libtorch_hip.so carries " + libraries::Join(t.torch_hip->targets));
      }
      if (tensile) {
        if (!bundles) carried = t.rocblas->library_targets;
        evidence.push_back(
            {t.rocblas->dir,
             "TensileLibrary files for " + libraries::Join(t.rocblas->library_targets),
             "TensileLibrary_lazy_" + gpu.processor + ".dat"});
        if (!blas_ok) {
          lacking.push_back("its rocBLAS has Tensile files for " +
                            libraries::Join(t.rocblas->library_targets));
        }
      }
      evidence.push_back(frameworks::EnvEvidence(env));
      auto params = frameworks::Params(install, env);
      params["gfx"] = gpu.processor;
      params["fix"] = FixFor(gpu, carried);
      findings.push_back(MakeFinding("frameworks.torch.arch_missing",
                                     install.Describe() + " has no kernels for " +
                                         libraries::Describe(gpu, libs) + ": " +
                                         Join(lacking, "; "),
                                     std::move(evidence), std::move(params)));
    }
    if (!covered.empty()) {
      good.push_back(install.Describe() + " carries code for " + Join(covered) +
                     (bundles ? "" : " (from its rocBLAS Tensile files)"));
    }
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  if (good.empty()) {
    return CheckOutcome::Skip("targets not readable from files: " + Join(unknown, "; ") +
                              "; frameworks.torch_gpu judges torch.cuda.get_arch_list()");
  }
  return CheckOutcome::Pass(Join(good, "; "));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
