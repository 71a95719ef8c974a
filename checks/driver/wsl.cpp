// SPDX-License-Identifier: MIT
// driver.wsl: on WSL2 the GPU is reached through /dev/dxg and the Windows driver, not amdgpu/KFD;
// say so instead of letting /dev/kfd checks fail.
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kWslCommands[] = {
    "amdgpu-install -y --usecase=wsl,rocm --no-dkms  # needs root (it runs sudo itself)",
    "export HSA_ENABLE_DXG_DETECTION=1",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "platform.wsl.no_kfd",
     .severity = Status::kInfo,
     .title = "WSL2: ROCm reaches the GPU through /dev/dxg, not /dev/kfd",
     .remediation =
         "WSL2 has no amdgpu or KFD; the Windows driver exposes the GPU through /dev/dxg. Install "
         "the Adrenalin driver with WSL support on Windows and ROCm's WSL user space in Linux "
         "(amdgpu-install --usecase=wsl,rocm --no-dkms, or librocdxg for ROCm 7.x), and set "
         "HSA_ENABLE_DXG_DETECTION=1 where the release requires it. Checks of /dev/kfd, render "
         "nodes and the KFD topology do not apply.",
     .commands = kWslCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{
    .id = "driver.wsl", .layer = Layer::kDriver, .title = "WSL2", .findings = kFindings};

CheckOutcome Run(const CheckContext& ctx) {
  const PlatformFacts& platform = ctx.facts.Platform();
  if (!platform.wsl) return CheckOutcome::Skip("not WSL");
  std::vector<Evidence> evidence;
  for (const std::string& line : platform.wsl_evidence) evidence.push_back({"wsl", line, ""});
  const bool dxg = ctx.facts.DeviceNodes().dxg_present;
  evidence.push_back({std::string(paths::kDevDxg), dxg ? "exists" : "does not exist", "exists"});
  std::string message = "WSL2 detected (" + platform.wsl_evidence.front() +
                        "): ROCm must use the "
                        "WSL path through /dev/dxg";
  if (!dxg) message += ", and /dev/dxg does not exist: the Windows GPU driver exposes no GPU";
  return CheckOutcome::FromFindings(
      {MakeFinding("platform.wsl.no_kfd", std::move(message), std::move(evidence))},
      dxg ? "WSL2 with /dev/dxg: ROCm's WSL path applies" : "WSL2 without /dev/dxg");
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
