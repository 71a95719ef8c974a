// driver.wsl: on WSL2 the GPU is reached through /dev/dxg and the Windows driver, not amdgpu/KFD;
// say so instead of letting /dev/kfd checks fail.
#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{.id = "driver.wsl", .layer = Layer::kDriver, .title = "WSL2"};

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
