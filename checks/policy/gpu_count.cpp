// SPDX-License-Identifier: MIT
// policy.gpu_count: exactly as many AMD GPUs as the policy's [gpus] count.
#include <string>
#include <vector>

#include "policy_gpu.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kGpuCommands[] = {"lspci -nn -d 1002:"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "policy.gpu_count.mismatch",
     .severity = Status::kFail,
     .title = "Not as many AMD GPUs as the policy expects",
     .remediation =
         "The policy ({policy}) expects {expected} AMD GPUs and the PCI bus shows {found}. A GPU "
         "missing from the bus is seated badly, powered off, disabled in firmware or fell off the "
         "bus (see the kernel log); a node with another GPU count needs another policy.",
     .commands = kGpuCommands},
};

constexpr CheckInfo kInfo{.id = "policy.gpu_count",
                          .layer = Layer::kPolicy,
                          .title = "GPU count",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

std::string Gpus(int n) { return std::to_string(n) + " AMD GPU" + (n == 1 ? "" : "s"); }

CheckOutcome Run(const CheckContext& ctx) {
  const Policy* policy = ctx.options.policy.get();
  if (policy == nullptr) return CheckOutcome::Skip("no --policy given");
  if (!policy->gpu_count) return CheckOutcome::Skip("the policy sets no GPU count");
  const PciInventory& pci = ctx.facts.Pci();
  if (!pci.error.empty()) {
    return CheckOutcome::Skip("the PCI bus could not be listed (see hardware.gpus)");
  }
  int expected = *policy->gpu_count;
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  int found = static_cast<int>(gpus.size());
  std::string label = policy_checks::PolicyLabel(*policy);
  if (found == expected) return CheckOutcome::Pass(Gpus(found) + ", as the policy expects");
  std::string bdfs;
  for (const PciDevice* dev : gpus) bdfs += (bdfs.empty() ? "" : ", ") + dev->bdf;
  std::string message = Gpus(found) + (found == 0 ? "" : " (" + bdfs + ")") + "; " + label +
                        " expects " + std::to_string(expected) + ".";
  // [gpus] count counts physical GPUs (PCI functions); a partitioned GPU (DPX/QPX/CPX) shows
  // several logical GPUs, KFD nodes (ROCm/rocm-systems#8529: "8 instead of 32 on an 8x MI308X").
  const int logical = static_cast<int>(ctx.facts.Kfd().GpuNodes().size());
  if (logical > found && found > 0) {
    message += std::string(" [gpus] count counts physical GPUs; partitioned, these show as ") +
               std::to_string(logical) + " logical GPUs" +
               (logical == expected ? ", the number the policy gives." : ".");
  }
  std::vector<Evidence> evidence = {
      {pci.source, Gpus(found) + (bdfs.empty() ? "" : ": " + bdfs), std::to_string(expected)},
      {policy->gpus_where.ToString(), "[gpus] count = " + std::to_string(expected), ""}};
  return CheckOutcome::FromFindings(
      {MakeFinding("policy.gpu_count.mismatch", message, std::move(evidence),
                   {{"expected", std::to_string(expected)},
                    {"found", std::to_string(found)},
                    {"policy", label}})});
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
