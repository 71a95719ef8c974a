// SPDX-License-Identifier: MIT
#pragma once
// Whether at least one GPU was seen through the stack in this run: the evidence behind "ready for
// ROCm work" (a verdict of nothing failed says nothing when nothing was looked at: a replay whose
// probes were not recorded skips most checks and fails none).
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor {

// The definition, in one place. A GPU counts as seen when either
//   Linux:  an AMD GPU on the PCI bus (vendor 0x1002, display or accelerator class) is bound to
//           the amdgpu driver, and the KFD topology (/sys/class/kfd/kfd/topology) has a GPU node
//           for it (a node whose PCI address is that GPU's; a node that states no address counts
//           for any bound GPU). This is the path ROCm itself takes: amdgpu brings the device up,
//           KFD hands it to the ROCm runtime.
//   WSL2:   the platform is WSL, /dev/dxg exists (ROCm's WSL path: the Windows driver through
//           DirectX, there is no amdgpu or KFD in the guest), and the HIP runtime's own
//           enumeration, run in this run by the HIP probe (or recorded in the capture), listed at
//           least one device.
// Nothing else counts: a PCI device alone, a loaded module, a /dev/kfd node or a runtime that
// loads are each a step, not a GPU at work. Reads only facts a check already collected, except
// the PCI, KFD, device-node and platform facts (plain sysfs and /dev reads, as the report's GPU
// list does); the HIP probe is never started for this.
GpuSighting SeeGpuThroughStack(const FactStore& facts);

}  // namespace rocm_doctor
