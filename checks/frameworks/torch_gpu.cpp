// SPDX-License-Identifier: MIT
// frameworks.torch_gpu: what PyTorch itself says when imported by the user's interpreter - the
// live probe (src/collect/frameworks/framework_probe.py): import, torch.version.hip/cuda,
// torch.cuda.is_available(), device count, names and gcnArchName, torch.cuda.get_arch_list(),
// and a tiny tensor operation on cuda:0.
//
// A symptom check: it runs when a prerequisite failed, and then what it sees ("is_available()
// is False") is shown under that root cause. Its first prerequisite is frameworks.torch, so a
// CPU-only or CUDA build found in the files is the root cause the live result is listed under;
// the others are the lower links that make a ROCm build see no GPU. Import failures, hangs and
// crashes of the import are reported here too.
#include "framework_checks.h"
#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor {
namespace {

using frameworks::Join;

constexpr std::string_view kPrereqs[] = {"frameworks.torch", "frameworks.torch_arch",
                                         "frameworks.torch_runtime",
                                         ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr CheckInfo kInfo{.id = "frameworks.torch_gpu",
                          .layer = Layer::kFrameworks,
                          .title = "PyTorch on the GPU",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          // The probe's 30 s deadline plus margin, so its timeout is reported.
                          .deadline = std::chrono::seconds(45),
                          .runs_when_blocked = true};

constexpr char kCheckSnippet[] =
    "import torch; print(torch.version.hip, torch.cuda.is_available(), torch.cuda.device_count())";
constexpr char kOpSnippet[] =
    "import torch; print((torch.arange(16., device=\"cuda\") * 2 + 1).sum().item())";

// The arch_missing finding of a device whose gcnArchName no get_arch_list() entry serves.
std::optional<Finding> ArchMissing(const frameworks::ProbeTarget& t) {
  const FrameworkProbeReport& r = t.probe->report;
  if (!r.arch_list || r.arch_list->empty()) return std::nullopt;
  std::vector<std::string> missing;
  for (const ProbeDevice& d : r.devices) {
    if (!d.arch) continue;
    const std::string processor(ProcessorOf(*d.arch));
    bool served = false;
    for (const std::string& target : *r.arch_list) {
      served |= CodeObjectServes(target, processor, std::nullopt, std::nullopt);
    }
    if (!served && std::find(missing.begin(), missing.end(), processor) == missing.end()) {
      missing.push_back(processor);
    }
  }
  if (missing.empty()) return std::nullopt;
  auto params = frameworks::Params(*t.install, *t.env);
  params["gfx"] = missing.front();
  std::vector<std::string> quoted;  // gfx names from the machine, each one shell word
  for (const std::string& m : missing) quoted.push_back(ShellQuote(m));
  params["fix"] = "# install a PyTorch for a ROCm release that supports " + Join(quoted);
  return MakeFinding("frameworks.torch.arch_missing",
                     t.install->Describe() + " runs on " + Join(missing) +
                         " but torch.cuda.get_arch_list() is " + Join(*r.arch_list),
                     {{t.probe->source, "get_arch_list() = " + Join(*r.arch_list),
                       "an entry for " + Join(missing)}},
                     std::move(params));
}

CheckOutcome Run(const CheckContext& ctx) {
  std::optional<CheckOutcome> skip;
  std::vector<frameworks::ProbeTarget> targets =
      frameworks::ProbesOf(ctx, Framework::kTorch, &skip);
  if (skip) return *skip;
  std::vector<Finding> findings;
  std::vector<std::string> good;
  for (const frameworks::ProbeTarget& t : targets) {
    if (auto failure = frameworks::ProbeFailure(*t.probe, *t.install, *t.env)) {
      findings.push_back(std::move(*failure));
      continue;
    }
    const FrameworkProbeReport& r = t.probe->report;
    if (!r.imported) {
      findings.push_back(frameworks::ImportFailed(*t.probe, *t.install, *t.env));
      continue;
    }
    const std::string build = "torch.version.hip = " + r.hip.value_or("None") +
                              ", torch.version.cuda = " + r.cuda.value_or("None");
    std::vector<Evidence> evidence{{t.probe->source, build, "torch.version.hip set"}};
    if (r.file) evidence.push_back({t.probe->source, "imported " + *r.file, ""});
    auto params = frameworks::Params(*t.install, *t.env);
    params["index"] = "rocm<X.Y>";
    if (!r.hip && !r.cuda) {
      findings.push_back(MakeFinding("frameworks.torch.cpu_build",
                                     "torch " + r.version.value_or("?") + " imported by " +
                                         t.env->executable + " is a CPU-only build (" + build +
                                         "); torch.cuda.is_available() is " +
                                         (r.available.value_or(false) ? "True" : "False"),
                                     std::move(evidence), std::move(params)));
      continue;
    }
    if (!r.hip) {
      if (frameworks::CudaIsRight(ctx.facts)) {
        good.push_back(frameworks::LiveSummary(*t.probe, *t.install) + " (CUDA build)");
        continue;
      }
      findings.push_back(MakeFinding("frameworks.torch.cuda_build",
                                     "torch " + r.version.value_or("?") + " imported by " +
                                         t.env->executable + " is a CUDA build (" + build + ")",
                                     std::move(evidence), std::move(params)));
      continue;
    }
    if (!r.available.value_or(false) || r.device_count.value_or(0) == 0) {
      findings.push_back(
          frameworks::NotVisible(*t.probe, *t.install, *t.env,
                                 std::string("torch.cuda.is_available() is ") +
                                     (r.available ? (*r.available ? "True" : "False") : "unknown") +
                                     ", torch.cuda.device_count() is " +
                                     (r.device_count ? std::to_string(*r.device_count) : "unknown"),
                                 kCheckSnippet, ctx.facts.Platform().wsl));
      continue;
    }
    if (auto arch = ArchMissing(t)) {
      findings.push_back(std::move(*arch));
      continue;
    }
    if (auto op = frameworks::OpFailed(*t.probe, *t.install, *t.env, kOpSnippet)) {
      findings.push_back(std::move(*op));
      continue;
    }
    good.push_back(frameworks::LiveSummary(*t.probe, *t.install));
  }
  if (findings.empty()) return CheckOutcome::Pass(Join(good, "; "));
  return CheckOutcome::FromFindings(std::move(findings));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
