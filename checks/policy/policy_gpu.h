// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the policy checks. Header-only on purpose: every .cpp under checks/ counts
// as one check (the registry-count test).
#include <string>

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor::policy_checks {

// "policy mi300x-node (docs/policies/mi300x-node.toml)"
inline std::string PolicyLabel(const Policy& policy) {
  return "policy " + policy.name + " (" + policy.path + ")";
}

// A GPU as the model rules see it: PCI IDs, the table's name, and the ISA the KFD reports for
// it (else the table's).
inline GpuIdentity IdentityOf(const CheckContext& ctx, const PciDevice& dev) {
  GpuIdentity gpu;
  if (dev.vendor_id.known()) gpu.vendor_id = *dev.vendor_id;
  if (dev.device_id.known()) {
    gpu.device_id = *dev.device_id;
    std::optional<std::uint8_t> revision;
    if (dev.revision.known()) revision = *dev.revision;
    if (const GpuModel* model = ctx.facts.Table().Find(*dev.device_id, revision)) {
      gpu.name = model->name;
      if (!model->gfx_target.empty()) gpu.gfx = model->gfx_target;
    }
  }
  for (const KfdNode* node : ctx.facts.Kfd().GpuNodes()) {
    if (node->PciBdf() == dev.bdf && !node->GfxTarget().empty()) gpu.gfx = node->GfxTarget();
  }
  return gpu;
}

}  // namespace rocm_doctor::policy_checks
