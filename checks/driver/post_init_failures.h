// SPDX-License-Identifier: MIT
#pragma once
// What went wrong with a GPU after amdgpu brought it up, from its runtime PM state
// (power/runtime_status) and the kernel log's post-init events. Shared by driver.gpu_health,
// which judges it, and runtime.hip_devices, which names it as the reason HIP sees no GPU.
// GPUs are picked by vendor 0x1002 and display/accelerator class (PciInventory::AmdGpus), never
// by DRM card number: card0 is often a BMC's ASPEED VGA on servers (ROCm/rocm_smi_lib#217).
#include <string>
#include <vector>

#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/finding.h"

namespace rocm_doctor::post_init {

struct GpuAfterInit {
  const PciDevice* gpu = nullptr;
  bool runtime_pm_error = false;                // power/runtime_status reads "error"
  std::vector<const KernelLogEvent*> resume;    // kResumeFailed
  std::vector<const KernelLogEvent*> smu;       // kSmuNotReady
  std::vector<const KernelLogEvent*> reset_failed;  // kResetFailed
  std::vector<const KernelLogEvent*> hangs;     // kRingTimeout, kMesFailed

  // The GPU is unusable until a reboot (or a successful reset): the runtime cannot open it.
  bool Broken() const { return runtime_pm_error || !resume.empty() || !reset_failed.empty(); }
  bool HungSinceBoot() const { return !hangs.empty() || !smu.empty(); }
};

// One entry per AMD GPU bound to amdgpu, in BDF order. A log line that names no PCI address
// ("[drm:amdgpu_device_ip_resume_phase2 [amdgpu]] *ERROR* resume of IP block <gfx_v11_0> failed
// -110") is counted for the GPU only when amdgpu drives exactly one.
std::vector<GpuAfterInit> Judge(const PciInventory& pci, const KernelLogFacts& log);

// The evidence of one GPU: power/runtime_status when "error", then its log lines (at most
// `max_lines`, in log order by kind: resume, SMU, reset, hangs).
std::vector<Evidence> EvidenceOf(const GpuAfterInit& g, const std::string& log_source,
                                 std::size_t max_lines = 6);
// The first line that says what broke ("resume of IP block <smu> failed -5"), or "".
std::string FirstLine(const GpuAfterInit& g);

}  // namespace rocm_doctor::post_init
