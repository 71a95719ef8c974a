// SPDX-License-Identifier: MIT
// runtime.igpu_order: an integrated GPU (Ryzen 7000/9000 Raphael gfx1036, Rembrandt gfx1035,
// Renoir gfx90c, Phoenix gfx1103) that the installed ROCm does not support, visible to HIP before
// the discrete GPU: programs take device 0, which has no code objects in the libraries
// (failure-modes #32; ROCm/ROCm#3401, ROCm/ROCm#2594 MI100 + gfx1036).
#include <algorithm>
#include <string>
#include <vector>

#include "knowledge/env_parse.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/runtime_env.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"driver.kfd_topology"};
constexpr std::string_view kIgpuCommands[] = {"export ROCR_VISIBLE_DEVICES={devices}"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "runtime.igpu.first",
     .severity = Status::kWarn,
     .title = "An integrated GPU ROCm does not support is enumerated before the discrete GPU",
     .remediation =
         "Programs use device 0 by default, and this is the integrated GPU: it has no code "
         "objects in the prebuilt libraries and little memory, and some runtimes crash loading "
         "kernels for every visible device. Hide it with ROCR_VISIBLE_DEVICES naming the "
         "discrete GPUs (or HIP_VISIBLE_DEVICES), or disable the iGPU in the firmware setup. "
         "Do not set a global HSA_OVERRIDE_GFX_VERSION that also rewrites the iGPU.",
     .commands = kIgpuCommands},
};

constexpr CheckInfo kInfo{.id = "runtime.igpu_order",
                          .layer = Layer::kRuntime,
                          .title = "iGPU order",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

std::string Label(const KfdNode& node) { return node.GfxTarget() + " at " + node.PciBdf(); }

// Supported by the installed release; when the release or its row is unknown, whether any
// release in the support data lists the target (none lists an iGPU).
bool Supported(const std::string& gfx, const RocmFacts& rocm, const SupportMatrix& matrix,
               std::string& basis) {
  Fact<std::string> release = InstalledRocmRelease(rocm);
  if (release.known()) {
    Result<ReleaseMatch> match = matrix.MatchRelease(*release);
    if (match) {
      if (const SupportRow* row = matrix.Find(match->release, gfx)) {
        basis = "ROCm " + match->release + ": " + std::string(ToString(row->status));
        return row->status == GfxSupport::kOfficial;
      }
    }
  }
  std::string first = matrix.FirstOfficial(gfx);
  basis = first.empty() ? "no ROCm release lists it" : "supported from ROCm " + first;
  return !first.empty();
}

CheckOutcome Run(const CheckContext& ctx) {
  const std::vector<const KfdNode*> gpus = ctx.facts.Kfd().GpuNodes();
  std::vector<bool> integrated;
  bool any_integrated = false;
  bool any_discrete = false;
  for (const KfdNode* n : gpus) {
    integrated.push_back(IsIntegratedGpu(*n, ctx.facts.Pci(), ctx.facts.Table()));
    any_integrated |= integrated.back();
    any_discrete |= !integrated.back();
  }
  if (!any_integrated || !any_discrete) {
    return CheckOutcome::Skip(any_integrated ? "only integrated GPUs"
                                             : "no integrated GPU next to a discrete one");
  }
  const RuntimeEnvFacts& env = ctx.facts.Get<RuntimeEnvFacts>();
  std::vector<std::uint64_t> ids;
  for (const KfdNode* n : gpus) ids.push_back(n->Get("unique_id").value_or(0));
  const env_parse::Visibility vis = env_parse::ResolveVisibility(env, ids);

  // ROCr indices (KFD GPU order) of the discrete GPUs: what ROCR_VISIBLE_DEVICES should name.
  std::string discrete;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (!integrated[i]) discrete += (discrete.empty() ? "" : ",") + std::to_string(i);
  }
  std::string notes;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    if (!integrated[i]) continue;
    std::string basis;
    const std::string gfx = gpus[i]->GfxTarget();
    if (Supported(gfx, ctx.facts.Get<RocmFacts>(), SupportMatrix::Builtin(), basis)) {
      notes += (notes.empty() ? "" : "; ") + ("integrated " + Label(*gpus[i]) + " is supported");
      continue;
    }
    auto pos = std::find(vis.hip.begin(), vis.hip.end(), i);
    if (pos == vis.hip.end()) {
      notes += (notes.empty() ? "" : "; ") + ("integrated " + Label(*gpus[i]) + " is hidden");
      continue;
    }
    const auto device = static_cast<std::size_t>(pos - vis.hip.begin());
    std::size_t first_discrete = vis.hip.size();
    for (std::size_t d = 0; d < vis.hip.size(); ++d) {
      if (!integrated[vis.hip[d]]) {
        first_discrete = d;
        break;
      }
    }
    if (device > first_discrete) {
      notes +=
          (notes.empty() ? "" : "; ") + ("integrated " + Label(*gpus[i]) +
                                         " (unsupported) is HIP device " + std::to_string(device) +
                                         ", after the discrete GPU; hide it with "
                                         "ROCR_VISIBLE_DEVICES=" +
                                         discrete + " if programs use every device");
      continue;
    }
    std::vector<Evidence> evidence{
        {gpus[i]->source,
         "KFD node " + std::to_string(gpus[i]->index) + ": " + gpus[i]->GfxTarget() +
             " (integrated), HIP device " + std::to_string(device),
         "the discrete GPU first"},
        {"checks/data/rocm_support.csv", gfx + ": " + basis, "official"}};
    if (first_discrete < vis.hip.size()) {
      const KfdNode& d = *gpus[vis.hip[first_discrete]];
      evidence.push_back({d.source,
                          "KFD node " + std::to_string(d.index) + ": " + d.GfxTarget() +
                              " (discrete), HIP device " + std::to_string(first_discrete),
                          "HIP device 0"});
    }
    return CheckOutcome::FromFindings({MakeFinding(
        "runtime.igpu.first",
        "the integrated " + Label(*gpus[i]) + ", which ROCm does not support (" + basis +
            "), is HIP device " + std::to_string(device) + " before the discrete GPU" +
            (first_discrete < vis.hip.size() ? " " + Label(*gpus[vis.hip[first_discrete]]) : "") +
            ": programs that use device 0 get no kernels for it",
        std::move(evidence), {{"devices", discrete}})});
  }
  return CheckOutcome::Pass(notes);
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
