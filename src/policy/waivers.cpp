// SPDX-License-Identifier: MIT
#include <algorithm>

#include "rocm_doctor/check.h"
#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

const PolicyWaiver* WaiverFor(const Policy& policy, const Finding& finding) {
  for (const PolicyWaiver& w : policy.waivers) {
    if (w.code != finding.code) continue;
    if (w.gpu) {
      auto bdf = finding.params.find("bdf");
      if (bdf == finding.params.end() || bdf->second != *w.gpu) continue;
    }
    return &w;
  }
  return nullptr;
}

}  // namespace

void ApplyWaivers(const Policy& policy, CheckOutcome& outcome) {
  if (policy.waivers.empty()) return;
  bool any = false;
  for (Finding& f : outcome.findings) {
    if (f.waived) continue;
    if (const PolicyWaiver* w = WaiverFor(policy, f)) {
      f.waived = true;
      f.waiver = w->reason;
      any = true;
    }
  }
  if (!any) return;
  Status status = Status::kPass;
  for (const Finding& f : outcome.findings) {
    if (!f.waived) status = Worse(status, f.status);
  }
  outcome.status = status;
}

}  // namespace rocm_doctor
