// SPDX-License-Identifier: MIT
#include "core/gpu_seen.h"

#include <fmt/format.h>

#include "rocm_doctor/facts/device_nodes.h"
#include "rocm_doctor/facts/hip_probe.h"
#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/facts/platform.h"

namespace rocm_doctor {
namespace {

// Linux: amdgpu bound and a KFD GPU node for the same PCI address.
void SeeThroughKfd(const FactStore& facts, GpuSighting& out) {
  const std::vector<const PciDevice*> gpus = facts.Pci().AmdGpus();
  if (gpus.empty()) {
    out.not_verified.push_back("a GPU: no AMD GPU on the PCI bus (" +
                               (facts.Pci().source.empty() ? std::string("/sys/bus/pci/devices")
                                                           : facts.Pci().source) +
                               ")");
    return;
  }
  const KfdTopology& kfd = facts.Kfd();
  const std::vector<const KfdNode*> nodes = kfd.GpuNodes();
  for (const PciDevice* gpu : gpus) {
    const bool bound = gpu->driver.known() && *gpu->driver == "amdgpu";
    if (!bound) {
      out.not_verified.push_back(fmt::format(
          "{}: not bound to amdgpu (driver: {})", gpu->bdf,
          !gpu->driver.known() ? "unknown" : gpu->driver->empty() ? "none" : *gpu->driver));
      continue;
    }
    const KfdNode* node = nullptr;
    for (const KfdNode* n : nodes) {
      const std::string bdf = n->PciBdf();
      if (bdf == gpu->bdf || (bdf.empty() && node == nullptr)) node = n;
      if (bdf == gpu->bdf) break;
    }
    if (node == nullptr) {
      out.not_verified.push_back(fmt::format(
          "{}: bound to amdgpu, but KFD has no GPU node for it ({})", gpu->bdf,
          kfd.present ? "/sys/class/kfd/kfd/topology/nodes" : "no /sys/class/kfd/kfd/topology"));
      continue;
    }
    const std::string gfx = node->GfxTarget();
    out.evidence.push_back(fmt::format("{} bound to amdgpu, KFD node {}{}", gpu->bdf, node->index,
                                       gfx.empty() ? "" : " (" + gfx + ")"));
  }
}

// WSL2: /dev/dxg and the HIP runtime's own enumeration.
void SeeThroughDxg(const FactStore& facts, GpuSighting& out) {
  if (!facts.DeviceNodes().dxg_present) {
    out.not_verified.push_back("a GPU: WSL without /dev/dxg (the GPU is not shared with WSL)");
    return;
  }
  const HipProbeFacts* probe = facts.IfCollected<HipProbeFacts>();
  if (probe == nullptr) {
    out.not_verified.push_back(
        "the HIP runtime's devices on /dev/dxg: the HIP probe did not run (no check asked for it)");
    return;
  }
  if (probe->state == HipProbeState::kNotRecorded) {
    out.not_verified.push_back(
        "the HIP runtime's devices on /dev/dxg: the HIP probe is not recorded in this capture");
    return;
  }
  if (probe->state != HipProbeState::kParsed) {
    out.not_verified.push_back(fmt::format("the HIP runtime's devices on /dev/dxg: the HIP probe "
                                           "ended {}",
                                           ToString(probe->state)));
    return;
  }
  if (probe->report.backend != "hip" || probe->report.devices.empty()) {
    out.not_verified.push_back(
        "the HIP runtime's devices on /dev/dxg: the HIP runtime lists no device");
    return;
  }
  for (const HipDevice& d : probe->report.devices) {
    out.evidence.push_back(fmt::format("/dev/dxg, HIP device {}{}", d.index,
                                       d.arch ? " (" + d.BaseArch() + ")" : ""));
  }
}

}  // namespace

GpuSighting SeeGpuThroughStack(const FactStore& facts) {
  GpuSighting out;
  if (facts.Platform().wsl) {
    SeeThroughDxg(facts, out);
  } else {
    SeeThroughKfd(facts, out);
  }
  out.seen = !out.evidence.empty();
  if (out.seen) out.not_verified.clear();  // one GPU at work is enough; the checks judge the rest
  return out;
}

}  // namespace rocm_doctor
