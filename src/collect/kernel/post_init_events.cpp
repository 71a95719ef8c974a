// SPDX-License-Identifier: MIT
#include "collect/kernel/post_init_events.h"

#include "base/text_parse.h"
#include "collect/kernel/kernel_log_parse.h"

namespace rocm_doctor::parse {
namespace {

using Kind = KernelLogEvent::Kind;

}  // namespace

std::optional<KernelLogEvent> ClassifyPostInitLine(std::string_view line) {
  // Every matcher below needs the line to come from amdgpu (its dev_* prefix "amdgpu
  // 0000:03:00.0:", pr_* "amdgpu:" or "[drm:amdgpu_..."): "resume of IP block" or "GPU reset"
  // alone could be another driver's.
  if (!IsAmdgpuLine(line)) return std::nullopt;
  // amdgpu_device.c amdgpu_device_ip_resume_phase{1,2,3}(): "resume of IP block <%s> failed %d";
  // amdgpu_device_resume(): "amdgpu_device_ip_resume failed (%d)."; the PCI core's
  // pci_power_up() on a device that does not come back from D3cold: "Unable to change power
  // state from D3cold to D0, device inaccessible" (a failed runtime resume of a dGPU).
  if ((Contains(line, "resume of IP block <") && Contains(line, "failed")) ||
      Contains(line, "amdgpu_device_ip_resume failed") ||
      (Contains(line, "Unable to change power state from ") &&
       Contains(line, "device inaccessible"))) {
    return MakeKernelLogEvent(Kind::kResumeFailed, line);
  }
  // amdgpu_smu.c smu_start_smc_engine(): "SMC is not ready"; smu_resume()/smu_hw_init():
  // "SMC engine is not correctly up!"; smu_cmn.c: "SMU: I'm not done with your previous
  // command: SMN_C2PMSG_66:0x... SMN_C2PMSG_82:0x..." (the SMU stopped answering).
  if (Contains(line, "SMC is not ready") || Contains(line, "SMU is not ready") ||
      Contains(line, "SMC engine is not correctly up") ||
      Contains(line, "SMU: I'm not done with your previous command")) {
    return MakeKernelLogEvent(Kind::kSmuNotReady, line);
  }
  // mes_v11_0.c: "MES failed to response msg=%d" (older kernels), "MES failed to respond to
  // msg=%s (%s)"; amdgpu_mes.c: "MES might be in unrecoverable state, issue a GPU reset".
  if (Contains(line, "MES failed to respon") ||
      Contains(line, "MES might be in unrecoverable state")) {
    return MakeKernelLogEvent(Kind::kMesFailed, line);
  }
  // amdgpu_device_gpu_recover(): "GPU reset(%d) failed" (the success twin is "GPU reset(%d)
  // succeeded!") and "GPU Recovery Failed: %d".
  if ((Contains(line, "GPU reset(") && Contains(line, ") failed")) ||
      Contains(line, "GPU Recovery Failed")) {
    return MakeKernelLogEvent(Kind::kResetFailed, line);
  }
  return std::nullopt;
}

}  // namespace rocm_doctor::parse
