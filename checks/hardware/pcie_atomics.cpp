// SPDX-License-Identifier: MIT
// hardware.pcie_atomics: ROCm needs PCIe AtomicOps routed from the GPU to the CPU root port.
// Evidence: KFD marks a GPU's link to its CPU with CRAT_IOLINK_FLAGS_NO_ATOMICS_32_BIT (bit 2)
// and _64_BIT (bit 3) when amdgpu could not enable atomics (kfd_topology.c
// kfd_set_iolink_no_atomics); KFD refuses GPUs that require them outright ("skipped device
// 1002:67df, PCI rejects atomics"), so then only the kernel log tells. APUs reach memory without
// PCIe and are not judged.
//
// What the absence costs depends on KFD's own decision: a GPU KFD refused has no node and is
// invisible to ROCm (fail); a GPU KFD added although its link has no atomics (gfx9 and newer "can
// get by without PCI atomics", AMD in ROCm/ROCm#825; an RX 6600 XT on PCIe 2.0 with "amdgpu:
// PCIE atomic ops is not supported" in its log ran OpenCL fine, ROCm/ROCm#157) enumerates and
// runs, but device-side hostcalls (printf, malloc in kernels) fail with "Pcie atomics not
// enabled, hostcall not supported" (ROCm/ROCm#2429): a warning.
#include <cstdio>
#include <map>
#include <set>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"hardware.gpus"};
constexpr std::string_view kAtomicsCommands[] = {
    "sudo lspci -vvv -s {bdf} | grep -i atomic  # needs root",
    "lspci -tv",
    "sudo dmesg | grep -i atomic  # needs root",
};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.pcie.atomics_unsupported",
     .severity = Status::kFail,
     .title = "PCIe atomics are not available on the path to the GPU",
     .remediation =
         "ROCm requires PCIe AtomicOps between the GPU and the CPU root port. Something on the "
         "path does not route them: an old CPU (pre-Haswell, pre-Zen), a PCIe switch, riser or "
         "chipset root port, a Thunderbolt enclosure. Move the GPU to a CPU-attached x16 slot "
         "without risers or switches, or use a platform that supports atomics.",
     .commands = kAtomicsCommands,
     .requires_root = true},
    {.code = "hardware.pcie.atomics_absent",
     .severity = Status::kWarn,
     .title = "no PCIe atomics on the GPU's link: it runs, but device-side hostcalls fail",
     .remediation =
         "KFD added this GPU although its PCIe link carries no AtomicOps, which GPUs of gfx9 and "
         "newer allow: it enumerates and runs kernels. What needs atomics fails: device-side "
         "printf and malloc (hostcall: 'Pcie atomics not enabled, hostcall not supported'), and "
         "some libraries' atomics-based paths. To have them, move the GPU to a CPU-attached slot "
         "without risers or switches on a platform that routes AtomicOps.",
     .commands = kAtomicsCommands,
     .requires_root = true},
};

constexpr CheckInfo kInfo{.id = "hardware.pcie_atomics",
                          .layer = Layer::kHardware,
                          .title = "PCIe atomics",
                          .prerequisites = kPrereqs,
                          .findings = kFindings};

constexpr std::uint32_t kNoAtomics = (1u << 2) | (1u << 3);
constexpr int kLinkTypePcie = 2;

bool IsApu(const GpuTable& table, std::optional<std::uint64_t> device_id) {
  if (!device_id || *device_id > 0xffff) return false;
  const GpuModel* model = table.Find(static_cast<std::uint16_t>(*device_id), std::nullopt);
  return model != nullptr && model->apu;
}

// "0000:03:00.0"
bool IsBdf(const std::string& s) {
  return s.size() == 12 && s[4] == ':' && s[7] == ':' && s[10] == '.';
}

const PciDevice* FindPci(const PciInventory& pci, const std::string& bdf) {
  for (const PciDevice& d : pci.devices) {
    if (d.bdf == bdf) return &d;
  }
  return nullptr;
}

CheckOutcome Run(const CheckContext& ctx) {
  const KfdTopology& topo = ctx.facts.Kfd();
  const KernelLogFacts& log = ctx.facts.KernelLog();
  const GpuTable& table = ctx.facts.Table();
  std::map<int, const KfdNode*> by_index;
  for (const KfdNode& n : topo.nodes) by_index[n.index] = &n;

  std::map<std::string, std::vector<Evidence>> bad;  // GPU (BDF or log text) -> evidence
  std::map<std::string, std::string> names;
  std::set<std::string> rejected;  // keys KFD refused ("PCI rejects atomics"): no node
  std::set<std::string> kfd_gpus;  // BDFs KFD added as GPU nodes
  for (const KfdNode* gpu : topo.GpuNodes()) kfd_gpus.insert(gpu->PciBdf());
  int judged = 0;
  hardware::GpuPassEvidence evidence;  // each judged GPU's link to its CPU, flags as read
  for (const KfdNode* gpu : topo.GpuNodes()) {
    if (IsApu(table, gpu->Get("device_id"))) continue;
    const std::string bdf = gpu->PciBdf();
    bool has_cpu_link = false;
    std::vector<Evidence> links;
    for (const KfdIoLink& link : gpu->io_links) {
      if (!link.node_to.known() || !link.flags.known()) continue;
      if (link.type.known() && *link.type != kLinkTypePcie) continue;  // XGMI carries atomics
      auto to = by_index.find(*link.node_to);
      if (to == by_index.end() || to->second->IsGpu() || !to->second->error.empty()) continue;
      has_cpu_link = true;
      char flags[16];
      std::snprintf(flags, sizeof flags, "0x%x", *link.flags);
      if ((*link.flags & kNoAtomics) == 0) {
        links.push_back({link.source, "flags " + std::string(flags), "bits 2 and 3 clear"});
      } else {
        bad[bdf].push_back(
            {link.source,
             "flags " + std::string(flags) + " (NO_ATOMICS_32_BIT/NO_ATOMICS_64_BIT set)",
             "bits 2 and 3 clear"});
        std::string gfx = gpu->GfxTarget();
        names[bdf] = gfx.empty() ? bdf : bdf + " (" + gfx + ")";
      }
    }
    judged += has_cpu_link ? 1 : 0;
    if (has_cpu_link) {
      evidence.Add("node " + std::to_string(gpu->index), std::move(links),
                   "NO_ATOMICS flags clear");
    }
  }
  for (const KernelLogEvent& e : log.events) {
    // kAtomicsRejected: KFD's own refusal (kfd_device.c "skipped device %x:%x, PCI rejects
    // atomics"); kAtomicsUnsupported: amdgpu's note that the link has none.
    const bool kfd_refused = e.kind == KernelLogEvent::Kind::kAtomicsRejected;
    if (!kfd_refused && e.kind != KernelLogEvent::Kind::kAtomicsUnsupported) continue;
    // KFD's "skipped device 1002:67df, PCI rejects atomics" names the PCI id, not the BDF.
    std::vector<const PciDevice*> devices;
    if (const PciDevice* dev = e.bdf.empty() ? nullptr : FindPci(ctx.facts.Pci(), e.bdf)) {
      devices.push_back(dev);
    } else if (e.bdf.empty() && !e.pci_id.empty()) {
      for (const PciDevice* gpu : ctx.facts.Pci().AmdGpus()) {
        char id[16];
        std::snprintf(id, sizeof id, "1002:%04x", gpu->device_id.known() ? *gpu->device_id : 0u);
        if (e.pci_id == id) devices.push_back(gpu);
      }
    }
    bool apu = !devices.empty();
    for (const PciDevice* dev : devices) {
      apu &= dev->device_id.known() && IsApu(table, std::optional<std::uint64_t>(*dev->device_id));
    }
    if (apu) continue;
    std::string key = e.bdf;
    if (key.empty() && devices.size() == 1) key = devices.front()->bdf;
    if (key.empty()) {
      key = e.pci_id.empty() ? "a GPU named in the kernel log" : "the GPU " + e.pci_id;
      for (std::size_t i = 0; i < devices.size(); ++i) {
        key += (i == 0 ? " (" : ", ") + devices[i]->bdf + (i + 1 == devices.size() ? ")" : "");
      }
    }
    bad[key].push_back({log.source, e.line, ""});
    if (!names.count(key)) names[key] = key;
    if (kfd_refused) rejected.insert(key);
  }

  if (!bad.empty()) {
    std::vector<Finding> findings;
    for (auto& [key, bad_evidence] : bad) {
      std::map<std::string, std::string> params;
      if (IsBdf(key)) params["bdf"] = key;
      if (!rejected.count(key) && kfd_gpus.count(key)) {
        findings.push_back(MakeFinding(
            "hardware.pcie.atomics_absent",
            "PCIe atomics are not available between " + names[key] +
                " and the CPU, but KFD added it as a GPU node: it runs; device-side printf and "
                "malloc (hostcall) will fail",
            std::move(bad_evidence), std::move(params)));
        continue;
      }
      findings.push_back(MakeFinding(
          "hardware.pcie.atomics_unsupported",
          "PCIe atomics are not available between " + names[key] +
              " and the CPU: the slot, a switch or riser on the path, or the CPU does not "
              "route AtomicOps",
          std::move(bad_evidence), std::move(params)));
    }
    return CheckOutcome::FromFindings(std::move(findings));
  }
  if (judged > 0) {
    std::vector<Evidence> read = evidence.Take("GPU node");
    if (log.readable) {
      read.push_back({log.source,
                      "no 'PCI rejects atomics' or 'PCIE atomic ops is not supported' line in " +
                          std::to_string(log.line_count) + " lines",
                      ""});
    }
    return CheckOutcome::Pass("available on the PCIe link of " + std::to_string(judged) +
                                  (judged == 1 ? " GPU node" : " GPU nodes"),
                              std::move(read));
  }
  if (!topo.GpuNodes().empty()) return CheckOutcome::Skip("APUs do not use PCIe atomics");
  return CheckOutcome::Skip(log.readable ? "no KFD GPU node to judge and no atomics line in the "
                                           "kernel log"
                                         : "no KFD GPU node to judge and the kernel log is "
                                           "unreadable");
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
