// SPDX-License-Identifier: MIT
#include "post_init_failures.h"

namespace rocm_doctor::post_init {
namespace {

using Kind = KernelLogEvent::Kind;

void Add(GpuAfterInit& g, const KernelLogEvent& e) {
  switch (e.kind) {
    case Kind::kResumeFailed:
      g.resume.push_back(&e);
      break;
    case Kind::kSmuNotReady:
      g.smu.push_back(&e);
      break;
    case Kind::kResetFailed:
      g.reset_failed.push_back(&e);
      break;
    case Kind::kRingTimeout:
    case Kind::kMesFailed:
      g.hangs.push_back(&e);
      break;
    default:
      break;
  }
}

}  // namespace

std::vector<GpuAfterInit> Judge(const PciInventory& pci, const KernelLogFacts& log) {
  std::vector<GpuAfterInit> out;
  for (const PciDevice* gpu : pci.AmdGpus()) {
    if (!gpu->driver.known() || *gpu->driver != "amdgpu") continue;
    GpuAfterInit g;
    g.gpu = gpu;
    g.runtime_pm_error = gpu->runtime_status.known() && *gpu->runtime_status == "error";
    out.push_back(std::move(g));
  }
  if (!log.readable) return out;
  for (const KernelLogEvent& e : log.events) {
    for (GpuAfterInit& g : out) {
      if (e.bdf == g.gpu->bdf || (e.bdf.empty() && out.size() == 1)) Add(g, e);
    }
  }
  return out;
}

std::vector<Evidence> EvidenceOf(const GpuAfterInit& g, const std::string& log_source,
                                 std::size_t max_lines) {
  std::vector<Evidence> out;
  if (g.runtime_pm_error) {
    out.push_back({g.gpu->runtime_status.source, "error", "active or suspended"});
  }
  std::size_t lines = 0;
  for (const auto* group : {&g.resume, &g.smu, &g.reset_failed, &g.hangs}) {
    for (const KernelLogEvent* e : *group) {
      if (lines++ >= max_lines) break;
      out.push_back({log_source, e->line, ""});
    }
  }
  return out;
}

std::string FirstLine(const GpuAfterInit& g) {
  for (const auto* group : {&g.resume, &g.reset_failed, &g.smu, &g.hangs}) {
    if (!group->empty()) return group->front()->line;
  }
  return {};
}

}  // namespace rocm_doctor::post_init
