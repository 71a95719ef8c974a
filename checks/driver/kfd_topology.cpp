// SPDX-License-Identifier: MIT
// driver.kfd_topology: the GPUs KFD exposes to ROCm (/sys/class/kfd/kfd/topology/nodes), and
// whether every AMD GPU that amdgpu drives has a node. MI300 partitions give several nodes per
// GPU; a container sees the host's nodes, with EPERM for GPUs its device cgroup does not permit.
#include <map>
#include <set>

#include "rocm_doctor/check.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// After the atomics check: amdkfd skips a GPU whose PCIe path rejects atomics, so a missing
// KFD node there is that failure, not a second one.
constexpr std::string_view kPrereqs[] = {"driver.kfd", "hardware.pcie_atomics"};
constexpr std::string_view kTopologyCommands[] = {
    "ls -l /sys/class/kfd/kfd/topology/nodes/*/properties",
    "cat /proc/self/cgroup",
};
constexpr std::string_view kGpuMissingCommands[] = {
    "sudo dmesg | grep -iE 'kfd|amdgpu.*(atomic|fail)'  # needs root",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "driver.kfd_topology.unreadable",
     .severity = Status::kUnknown,
     .title = "the KFD topology could not be read",
     .remediation =
         "ROCm reads /sys/class/kfd/kfd/topology to find GPUs. EPERM on a node's properties "
         "comes from the device cgroup (the GPU is not allotted to this container or service); "
         "other errors mean sysfs is hidden or damaged.",
     .commands = kTopologyCommands},
    {.code = "driver.kfd_topology.gpu_missing",
     .severity = Status::kFail,
     .title = "an AMD GPU driven by amdgpu has no KFD compute node",
     .remediation =
         "amdgpu drives the GPU but KFD did not add it, so ROCm cannot use it. The kernel log "
         "says why: 'not supported in kfd' (an ASIC KFD does not support, e.g. GCN 1.0), "
         "'PCI rejects atomics' (see hardware.pcie.atomics_unsupported), or an init failure.",
     .commands = kGpuMissingCommands,
     .requires_root = true},
    {.code = "driver.kfd_topology.gpu_partial",
     .severity = Status::kWarn,
     .title = "some AMD GPUs driven by amdgpu have no KFD compute node",
     .remediation =
         "ROCm will use the GPUs KFD added and ignore the others. This is expected for a display "
         "GPU that KFD does not support (the kernel log says 'not supported in kfd'); otherwise "
         "the kernel log says why KFD skipped it.",
     .commands = kGpuMissingCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "driver.kfd_topology",
                          .layer = Layer::kDriver,
                          .title = "KFD topology",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// EPERM on a node's files is kfd_devcgroup_check_permission refusing a GPU this process's device
// cgroup does not allow. The collector keeps "<status>: <strerror>", and EACCES/EPERM share the
// status "permission denied".
bool IsRefused(const std::string& error) { return error.rfind("permission denied", 0) == 0; }
bool IsEperm(const std::string& error) { return error.find("not permitted") != std::string::npos; }

std::string Summary(const std::vector<const KfdNode*>& gpus) {
  std::map<std::string, int> by_gfx;
  std::set<std::string> devices;
  for (const KfdNode* n : gpus) {
    std::string gfx = n->GfxTarget();
    ++by_gfx[gfx.empty() ? "gfx?" : gfx];
    devices.insert(n->PciBdf());
  }
  std::string out =
      std::to_string(gpus.size()) + (gpus.size() == 1 ? " GPU node: " : " GPU nodes: ");
  bool first = true;
  for (const auto& [gfx, count] : by_gfx) {
    out += (first ? "" : ", ") + gfx + " \u00d7" + std::to_string(count);
    first = false;
  }
  if (devices.size() < gpus.size()) {
    out += " on " + std::to_string(devices.size()) + (devices.size() == 1 ? " device" : " devices");
  }
  return out;
}

void AddLogEvidence(const KernelLogFacts& log, const std::string& bdf,
                    std::vector<Evidence>& evidence) {
  for (const KernelLogEvent& e : log.events) {
    bool relevant = e.kind == KernelLogEvent::Kind::kKfdSkipped ||
                    e.kind == KernelLogEvent::Kind::kAtomicsUnsupported ||
                    e.kind == KernelLogEvent::Kind::kAtomicsRejected ||
                    e.kind == KernelLogEvent::Kind::kInitFailed ||
                    e.kind == KernelLogEvent::Kind::kProbeNoMemory;
    if (relevant && (e.bdf.empty() || e.bdf == bdf)) evidence.push_back({log.source, e.line, ""});
  }
}

// GPU nodes quoted as a pass's evidence at most; the node count comes first anyway.
constexpr std::size_t kMaxNodeEvidence = 4;

// What a pass read: the node count, then the first devices' target and PCI address.
std::vector<Evidence> PassEvidence(const KfdTopology& topo, const std::vector<const KfdNode*>& gpus) {
  std::vector<Evidence> evidence{
      {std::string(paths::kKfdTopologyNodes),
       std::to_string(topo.nodes.size()) + " nodes, " + std::to_string(gpus.size()) + " GPU",
       ""}};
  std::set<std::string> quoted;  // one node per device: MI300 partitions share one
  for (const KfdNode* n : gpus) {
    if (quoted.size() >= kMaxNodeEvidence) break;
    const std::string bdf = n->PciBdf();
    if (!quoted.insert(bdf).second) continue;
    const std::string gfx = n->GfxTarget();
    evidence.push_back(
        {n->source, (gfx.empty() ? "gfx?" : gfx) + " at " + (bdf.empty() ? "unknown location" : bdf),
         ""});
  }
  return evidence;
}

CheckOutcome Run(const CheckContext& ctx) {
  if (ctx.facts.Platform().wsl) return CheckOutcome::Skip("WSL2: ROCm uses /dev/dxg");
  const KfdTopology& topo = ctx.facts.Kfd();
  if (!topo.present || !topo.error.empty()) {
    std::string why = topo.present ? topo.error : topo.source + " does not exist";
    return CheckOutcome::FromFindings(
        {MakeFinding("driver.kfd_topology.unreadable", "cannot read the KFD topology: " + why,
                     {{topo.source, why, "nodes/<n>/properties"}})});
  }
  const bool in_container = !ctx.facts.Platform().container.empty();
  std::vector<const KfdNode*> gpus = topo.GpuNodes();
  std::vector<const KfdNode*> unreadable;
  bool all_refused = true;
  bool any_eperm = false;
  for (const KfdNode& n : topo.nodes) {
    if (n.error.empty()) continue;
    unreadable.push_back(&n);
    all_refused &= IsRefused(n.error);
    any_eperm |= IsEperm(n.error);
  }

  std::vector<Finding> findings;
  // Not permitted GPUs in a container are the ones it was not given: expected, not unknown.
  const bool expected_eperm = in_container && all_refused && !gpus.empty();
  if (!unreadable.empty() && !expected_eperm) {
    std::vector<Evidence> evidence;
    for (const KfdNode* n : unreadable)
      evidence.push_back({n->source, n->error, "key value lines"});
    const KfdNode& first = *unreadable.front();
    std::string message = std::to_string(unreadable.size()) + " of " +
                          std::to_string(topo.nodes.size()) + " KFD nodes unreadable, e.g. " +
                          first.source + ": " + first.error;
    if (all_refused) {
      message += any_eperm
                     ? " (EPERM: the device cgroup of this process does not permit those GPUs)"
                     : " (refused: the device cgroup or a security module denies them)";
    }
    findings.push_back(
        MakeFinding("driver.kfd_topology.unreadable", std::move(message), std::move(evidence)));
  }

  // More nodes than any real host (8 x MI300X in CPX mode has 66): a damaged or hostile
  // topology, of which only the first kMaxKfdNodes were read.
  if (topo.nodes_listed > topo.nodes.size()) {
    findings.push_back(MakeFinding(
        "driver.kfd_topology.unreadable",
        std::string(paths::kKfdTopologyNodes) + " lists " + std::to_string(topo.nodes_listed) +
            " nodes, far more than any real host has; only the first " +
            std::to_string(topo.nodes.size()) + " were read, so the topology cannot be trusted",
        {{std::string(paths::kKfdTopologyNodes), std::to_string(topo.nodes_listed) + " nodes",
          "at most " + std::to_string(kMaxKfdNodes)}}));
  }

  // Every GPU amdgpu drives should have a node, unless unreadable nodes may be it.
  std::set<std::string> node_bdfs;
  for (const KfdNode* n : gpus) node_bdfs.insert(n->PciBdf());
  std::vector<std::string> missing;
  std::vector<Evidence> missing_evidence;
  if (unreadable.empty()) {
    for (const PciDevice* gpu : ctx.facts.Pci().AmdGpus()) {
      if (gpu->driver.known() && *gpu->driver != "amdgpu") continue;
      if (node_bdfs.count(gpu->bdf)) continue;
      missing.push_back(gpu->bdf);
      missing_evidence.push_back({std::string(paths::kKfdTopologyNodes),
                                  "no node with location_id of " + gpu->bdf,
                                  "a GPU node for " + gpu->bdf});
      AddLogEvidence(ctx.facts.KernelLog(), gpu->bdf, missing_evidence);
    }
  }
  if (!missing.empty()) {
    std::string list;
    for (const std::string& b : missing) list += (list.empty() ? "" : ", ") + b;
    std::string message = "amdgpu drives " + list + " but KFD has no GPU node for " +
                          (missing.size() == 1 ? "it" : "them");
    message += gpus.empty() ? " (the topology holds CPU nodes only)"
                            : "; ROCm will use only the other GPUs (" + Summary(gpus) + ")";
    if (missing_evidence.size() > missing.size()) message += "; the kernel log says why";
    findings.push_back(MakeFinding(
        gpus.empty() ? "driver.kfd_topology.gpu_missing" : "driver.kfd_topology.gpu_partial",
        std::move(message), std::move(missing_evidence), {{"bdf", missing.front()}}));
  }

  std::string summary = gpus.empty() ? "no GPU nodes" : Summary(gpus);
  if (expected_eperm && !unreadable.empty()) {
    summary += "; " + std::to_string(unreadable.size()) +
               " more not permitted in this container (device cgroup)";
  }
  if (findings.empty()) return CheckOutcome::Pass(std::move(summary), PassEvidence(topo, gpus));
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
