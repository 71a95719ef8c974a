// SPDX-License-Identifier: MIT
// policy.gpu_models: every AMD GPU is one of the models the policy's [gpus] models allow.
#include <map>
#include <string>
#include <vector>

#include "policy_gpu.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kGpuCommands[] = {"lspci -nn -d 1002:"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "policy.gpu_model.mismatch",
     .severity = Status::kFail,
     .title = "A GPU is not a model the policy allows",
     .remediation =
         "The GPU at {bdf} is {model}, which none of the policy's [gpus] models ({allowed}) "
         "matches. Put the node in the pool whose policy lists this model, or add the model to "
         "the policy.",
     .commands = kGpuCommands},
    {.code = "policy.gpu_model.unknown",
     .severity = Status::kUnknown,
     .title = "A GPU's model could not be told, so the policy's models were not judged",
     .remediation =
         "The GPU at {bdf} has no readable PCI device ID, or one the GPU table does not know, so "
         "it "
         "cannot be matched against the policy's [gpus] models. Name it by PCI ID "
         "(\"1002:74a1\") in the policy, or see hardware.gpus for why its ID is unreadable.",
     .commands = kGpuCommands},
};

constexpr CheckInfo kInfo{.id = "policy.gpu_models",
                          .layer = Layer::kPolicy,
                          .title = "GPU models",
                          .prerequisites = kPrereqs,
                          .per_gpu = true,
                          .findings = kFindings};

std::string Hex4(std::uint16_t value) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04x", value);
  return buf;
}

// "AMD Instinct MI250X (gfx90a, 1002:740c)"
std::string Describe(const GpuIdentity& gpu) {
  std::string ids;
  if (gpu.gfx) ids = *gpu.gfx;
  if (gpu.device_id) ids += (ids.empty() ? "" : ", ") + std::string("1002:") + Hex4(*gpu.device_id);
  std::string name = gpu.name ? *gpu.name : "a GPU not in the GPU table";
  return ids.empty() ? name : name + " (" + ids + ")";
}

CheckOutcome Run(const CheckContext& ctx) {
  const Policy* policy = ctx.options.policy.get();
  if (policy == nullptr) return CheckOutcome::Skip("no --policy given");
  if (policy->gpu_models.empty()) return CheckOutcome::Skip("the policy sets no GPU models");
  const PciInventory& pci = ctx.facts.Pci();
  if (!pci.error.empty()) {
    return CheckOutcome::Skip("the PCI bus could not be listed (see hardware.gpus)");
  }
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  if (gpus.empty()) return CheckOutcome::Skip("no AMD GPU to judge");

  std::string allowed;
  for (const GpuModelRule& rule : policy->gpu_models) {
    allowed += (allowed.empty() ? "" : ", ") + rule.text;
  }
  std::string label = policy_checks::PolicyLabel(*policy);
  std::vector<Finding> findings;
  std::map<std::string, int> matched;  // description -> count, for the pass summary
  for (const PciDevice* dev : gpus) {
    GpuIdentity gpu = policy_checks::IdentityOf(ctx, *dev);
    std::string what = Describe(gpu);
    const GpuModelRule* rule = nullptr;
    for (const GpuModelRule& r : policy->gpu_models) {
      if (Matches(r, gpu)) {
        rule = &r;
        break;
      }
    }
    Evidence seen{dev->sysfs_path, what, allowed};
    if (rule != nullptr) {
      ++matched[gpu.name ? *gpu.name : what];
      continue;
    }
    // Without a name and an ID a rule may have failed for want of facts, not because the GPU
    // is another model: that is "could not tell".
    bool unknown = !gpu.device_id || (!gpu.name && !gpu.gfx);
    if (unknown) {
      findings.push_back(
          MakeFinding("policy.gpu_model.unknown",
                      dev->bdf + " is " + what + "; it matches none of " + label + "'s models (" +
                          allowed + "), and without its table entry that may be for want of facts",
                      {seen}, {{"bdf", dev->bdf}}));
      continue;
    }
    findings.push_back(
        MakeFinding("policy.gpu_model.mismatch",
                    dev->bdf + " is " + what + "; " + label + " allows " + allowed + ".",
                    {seen, {policy->gpu_models.front().where.ToString(), "[gpus] models", allowed}},
                    {{"bdf", dev->bdf}, {"model", what}, {"allowed", allowed}}));
  }
  if (findings.empty()) {
    std::string summary;
    for (const auto& [name, count] : matched) {
      summary += (summary.empty() ? "" : ", ") + std::to_string(count) + " × " + name;
    }
    return CheckOutcome::Pass(summary + ", as the policy allows");
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
