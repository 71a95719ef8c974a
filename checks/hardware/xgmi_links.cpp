// SPDX-License-Identifier: MIT
// hardware.xgmi_links: every GPU of an XGMI hive sees every other GPU of the hive over an XGMI
// link in the KFD topology (io_links of type 11, CRAT_IOLINK_TYPE_XGMI, kfd_crat.h; enabled =
// flags bit 0, CRAT_IOLINK_FLAGS_ENABLED). KFD nodes of one hive share their properties'
// hive_id (kfd_topology.c: dev->node_props.hive_id = gpu->kfd->hive_id), and each partition of a
// GPU in DPX/QPX/CPX is a node of its own, linked to its sibling partitions by XGMI too (real
// captures: 8 x MI300X in CPX, 63 XGMI links per node; MI308X, 31 per node). A link that is
// missing means traffic between those GPUs falls back to PCIe or fails (RCCL, P2P copies).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "rocm_doctor/check.h"
#include "rocm_doctor/facts/kfd.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kLinkCommands[] = {
    "grep -H . /sys/class/kfd/kfd/topology/nodes/*/io_links/*/properties | grep -E 'type 11|node_to'",
    "sudo dmesg | grep -iE 'xgmi|psp.*topology'  # needs root",
};

constexpr FindingSpec kFindings[] = {
    {.code = "hardware.xgmi.link_missing",
     .severity = Status::kFail,
     .title = "A GPU of an XGMI hive has no XGMI link to another GPU of the hive",
     .remediation =
         "The KFD topology shows the hive without one of its XGMI links, so that pair of GPUs "
         "talks over PCIe or not at all: collective operations (RCCL) slow down or hang. Take the "
         "node out of service, look at the kernel log for XGMI or PSP topology errors, and have "
         "the hive's cabling and baseboard checked; a link that stays down after a cold boot is a "
         "hardware fault.",
     .commands = kLinkCommands,
     .requires_root = true,
     .action = FindingAction::kIsolate,
     .next_step = "Drain the node; cold-boot it, and if the link stays down have the hive's XGMI "
                  "cabling and baseboard checked."},
};

constexpr CheckInfo kInfo{.id = "hardware.xgmi_links",
                          .layer = Layer::kHardware,
                          .title = "XGMI hive links",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

// The node a KFD GPU node stands for, for messages: "node 5 (0000:26:00.0)".
std::string NodeName(const KfdNode& n) {
  std::string bdf = n.PciBdf();
  return "node " + std::to_string(n.index) + (bdf.empty() ? "" : " (" + bdf + ")");
}

bool IsEnabledXgmi(const KfdIoLink& link) {
  if (!link.type.known() || *link.type != 11 || !link.node_to.known()) return false;
  return !link.flags.known() || (*link.flags & 1u) != 0;
}

CheckOutcome Run(const CheckContext& ctx) {
  const KfdTopology& kfd = ctx.facts.Kfd();
  std::map<std::uint64_t, std::vector<const KfdNode*>> hives;
  for (const KfdNode* n : kfd.GpuNodes()) {
    if (auto hive = n->Get("hive_id"); hive && *hive != 0) hives[*hive].push_back(n);
  }
  for (auto it = hives.begin(); it != hives.end();) {
    it = it->second.size() < 2 ? hives.erase(it) : std::next(it);
  }
  if (hives.empty()) return CheckOutcome::Skip("no KFD GPU nodes share an XGMI hive_id");

  std::vector<Finding> findings;
  std::vector<std::string> summary;
  std::vector<Evidence> evidence;
  for (const auto& [hive, nodes] : hives) {
    std::set<std::uint64_t> weights;
    for (const KfdNode* a : nodes) {
      std::set<int> linked;
      for (const KfdIoLink& link : a->io_links) {
        if (!IsEnabledXgmi(link)) continue;
        linked.insert(*link.node_to);
        if (auto w = link.weight; w.known()) weights.insert(*w);
      }
      std::vector<std::string> missing;
      for (const KfdNode* b : nodes) {
        if (b != a && !linked.count(b->index)) missing.push_back(NodeName(*b));
      }
      if (missing.empty()) continue;
      std::string list;
      for (std::size_t i = 0; i < missing.size() && i < 8; ++i) list += (i ? ", " : "") + missing[i];
      if (missing.size() > 8) list += " and " + std::to_string(missing.size() - 8) + " more";
      const std::size_t peers = nodes.size() - 1;
      findings.push_back(MakeFinding(
          "hardware.xgmi.link_missing",
          "KFD " + NodeName(*a) + " of XGMI hive " + std::to_string(hive) + " has enabled XGMI "
              "links to " + std::to_string(peers - missing.size()) + " of the " +
              std::to_string(peers) + " other GPU nodes of its hive; none to " + list + ".",
          {{a->source.empty() ? kfd.source : a->source,
            std::to_string(peers - missing.size()) + " XGMI io_links (type 11) to hive peers",
            std::to_string(peers)}},
          {{"bdf", a->PciBdf()}, {"hive_id", std::to_string(hive)}}));
    }
    std::string w;
    for (std::uint64_t x : weights) w += (w.empty() ? "" : ", ") + std::to_string(x);
    summary.push_back("hive " + std::to_string(hive) + ": " + std::to_string(nodes.size()) +
                      " GPU nodes, each linked to the other " + std::to_string(nodes.size() - 1) +
                      " over XGMI" + (w.empty() ? "" : " (weights " + w + ")"));
    evidence.push_back({kfd.source, summary.back(), "every pair of the hive linked"});
  }
  if (!findings.empty()) return CheckOutcome::FromFindings(std::move(findings));
  std::string text;
  for (const std::string& s : summary) text += (text.empty() ? "" : "; ") + s;
  return CheckOutcome::Pass(text, std::move(evidence));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
