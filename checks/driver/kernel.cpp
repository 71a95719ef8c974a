// SPDX-License-Identifier: MIT
// driver.kernel: the running kernel and how amdgpu comes with it.
#include "amdgpu_module_info.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kernel.unknown",
     .severity = Status::kUnknown,
     .title = "The running kernel release is not known",
     .remediation = "uname gave no release and /proc names none. On a replayed machine "
                    "directory, add \"uname\": {\"release\": ...} to .rocm-doctor/machine.json."},
};

constexpr CheckInfo kInfo{
    .id = "driver.kernel", .layer = Layer::kDriver, .title = "Kernel", .findings = kFindings};

CheckOutcome Run(const CheckContext& ctx) {
  const KernelFacts& k = ctx.facts.Kernel();
  if (!k.release.known()) {
    return CheckOutcome::FromFindings({MakeFinding(
        "driver.kernel.unknown", "The running kernel release is not known: " + k.release.error,
        {{k.release.source, k.release.error, "a release such as 6.8.0-45-generic"}})});
  }
  std::string summary = "Linux " + *k.release;
  if (k.amdgpu_version.known()) {
    summary += " · amdgpu DKMS " + *k.amdgpu_version;
  } else if (driver::AmdgpuPresent(k)) {
    bool builtin = k.amdgpu_builtin.known() && *k.amdgpu_builtin;
    summary += builtin ? " · amdgpu built in" : " · amdgpu in-tree";
  } else if (driver::AmdgpuKnownAbsent(k)) {
    summary += " · amdgpu not loaded";
    if (driver::IsDkmsModulePath(k)) summary += " (DKMS module installed)";
  }
  std::vector<Evidence> evidence{{k.release.source, *k.release, ""}};
  if (k.amdgpu_version.known()) evidence.push_back({k.amdgpu_version.source, *k.amdgpu_version, ""});
  return CheckOutcome::Pass(summary, std::move(evidence));
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
