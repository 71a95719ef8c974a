// SPDX-License-Identifier: MIT
// bench.path: "why below spec". Every bandwidth figure of a bench run set against what its path
// can carry (src/knowledge/path_capacity.h): the host link from sysfs (PCIe generation x width),
// peer copies from the xGMI links between the GPUs (KFD io_links of type 11), memory from the HBM
// peak of the GPU table; a shortfall says whether the path explains it or a fault does (a
// downtrained link, throttling, an error counter). The floors stay the family checks' business
// (bench_judge.cpp); this check names the cause.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "bench_support.h"
#include "knowledge/path_capacity.h"
#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/facts/xgmi.h"

namespace rocm_doctor {
namespace {

namespace pc = path_capacity;

constexpr std::string_view kFaultCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap:|LnkSta:'  # needs root",
    "grep . /sys/bus/pci/devices/{bdf}/current_link_* /sys/bus/pci/devices/{bdf}/max_link_*",
};
constexpr std::string_view kUnexplainedCommands[] = {
    "numactl --hardware",
    "cat /sys/bus/pci/devices/{bdf}/numa_node",
};

constexpr FindingSpec kFindings[] = {
    {.code = "bench.path.fault",
     .severity = Status::kWarn,
     .title = "A bandwidth figure falls short because of a fault on its path",
     .remediation =
         "The path the figure travels is degraded: a PCIe link trained below its width or speed "
         "(reseat the card, use a CPU-attached x16 slot, check riser and bifurcation settings), a "
         "clock held down by power or thermal limits (check cooling and the power cap), or an "
         "error counter on the link (xGMI or PCIe errors: a cable, bridge or board fault for the "
         "vendor). The evidence names the fault and where it was read.",
     .commands = kFaultCommands,
     .requires_root = true},
    {.code = "bench.path.unexplained",
     .severity = Status::kInfo,
     .title = "A bandwidth figure is well below what its path carries, with no fault found",
     .remediation =
         "The link or memory is healthy as far as sysfs, KFD and the counters tell, yet the figure "
         "is well below what the path carries: something shares the path or the buffers sit in "
         "the wrong place. Check the NUMA node of the buffers against the GPU's, the IOMMU mode "
         "(iommu=pt), other traffic on the link, and run the benchmark again on an idle GPU.",
     .commands = kUnexplainedCommands},
    {.code = "bench.path.limited",
     .severity = Status::kInfo,
     .title = "A bandwidth figure is below the GPU's headline figure because of its path",
     .remediation =
         "Nothing is broken: the figure is what its path carries (a single xGMI link between the "
         "pair, a slot narrower than the GPU's link). A topology with more links, or a wider "
         "slot, gives more.",
     .commands = {}},
};

constexpr CheckInfo kInfo{.id = "bench.path",
                          .layer = Layer::kBenchmarks,
                          .title = "Bandwidth against its path",
                          .prerequisites = bench::kFamilyPrerequisites,
                          .cost = Cost::kBenchmark,
                          .deadline = bench::kCheckDeadline,
                          .findings = kFindings};

const PciDevice* FindPci(const CheckContext& ctx, const std::string& bdf) {
  for (const PciDevice& d : ctx.facts.Pci().devices) {
    if (d.bdf == bdf) return &d;
  }
  return nullptr;
}

pc::LinkState LinkOf(const PciDevice& d) {
  auto opt = [](const auto& fact) {
    using T = std::decay_t<decltype(*fact)>;
    return fact.known() ? std::optional<T>(*fact) : std::optional<T>();
  };
  return {opt(d.current_link_speed_gts), opt(d.max_link_speed_gts), opt(d.current_link_width),
          opt(d.max_link_width), d.sysfs_path + "/current_link_* and max_link_*"};
}

// RAS counters of the block on the figure's path above 0 ("umc" for memory, "xgmi_wafl" for
// peers, "pcie_bif" for the host link), uncorrectable ones first.
std::vector<pc::PathFault> RasFaults(const PciDevice* d, std::string_view block) {
  std::vector<pc::PathFault> out;
  if (d == nullptr) return out;
  for (const RasCounter& r : d->ras) {
    if (r.block != block) continue;
    auto count = [](const Fact<std::uint64_t>& f) {
      return f.known() ? std::optional<double>(static_cast<double>(*f)) : std::nullopt;
    };
    if (auto f = pc::ErrorCounter("RAS " + r.block + " uncorrectable", count(r.uncorrectable),
                                  r.source)) {
      out.push_back(*f);
    }
    if (auto f = pc::ErrorCounter("RAS " + r.block + " correctable", count(r.correctable),
                                  r.source)) {
      out.push_back(*f);
    }
  }
  return out;
}

// The xGMI path from the measured GPU to its peers: links per peer from the KFD io_links of type
// 11 (one io_link per peer; on MI250 its max_bandwidth holds links x the per-link rate).
pc::PathCapacity PeerPath(const CheckContext& ctx, const BenchGpu& gpu, const std::string& bdf) {
  const KfdTopology& kfd = ctx.facts.Kfd();
  const KfdNode* self = nullptr;
  for (const KfdNode* n : kfd.GpuNodes()) {
    if (n->PciBdf() == bdf) self = n;
  }
  const auto rate = pc::XgmiLinkRate(gpu.gfx);
  if (self == nullptr) {
    return pc::XgmiCapacity(0, std::nullopt, "", std::nullopt, kfd.source);
  }
  std::map<int, int> links_to;  // peer node -> links
  std::optional<double> kfd_bps;
  for (const KfdIoLink& l : self->io_links) {
    if (!l.type.known() || *l.type != 11 || !l.node_to.known()) continue;
    int links = 1;
    if (l.max_bandwidth_mbs.known() && *l.max_bandwidth_mbs > 0) {
      const double bps = static_cast<double>(*l.max_bandwidth_mbs) * 1e6;
      kfd_bps = kfd_bps ? std::min(*kfd_bps, bps) : bps;
      if (rate) links = std::max(1, static_cast<int>(std::lround(bps / rate->bps)));
    }
    links_to[*l.node_to] = std::max(links_to[*l.node_to], links);
  }
  int fewest = 0;  // the figure is over every pair: the pair with the fewest links bounds it
  for (const auto& [peer, n] : links_to) fewest = fewest == 0 ? n : std::min(fewest, n);
  return pc::XgmiCapacity(fewest, rate ? std::optional<double>(rate->bps) : std::nullopt,
                          rate ? std::string(rate->source) : std::string(), kfd_bps,
                          self->source + " io_links (type 11)");
}

struct Judged {
  std::vector<Finding> findings;
  std::vector<Evidence> evidence;
  std::size_t figures = 0;
};

void JudgeRun(const CheckContext& ctx, const BenchRun& run, Judged& out) {
  const BenchGpu gpu = bench::Identify(ctx, run);
  const std::string bdf =
      run.report.device && run.report.device->pci_bus_id ? *run.report.device->pci_bus_id : "";
  const PciDevice* pci = bdf.empty() ? nullptr : FindPci(ctx, bdf);
  const std::optional<double> peak_clock =
      run.report.device && run.report.device->clock_mhz
          ? std::optional<double>(static_cast<double>(*run.report.device->clock_mhz))
          : std::nullopt;
  for (const Measurement& m : run.report.benchmarks) {
    if (m.status != MeasurementStatus::kOk || m.unit != "B/s" || !m.median) continue;
    const std::string family(m.Family());
    const bool bidir = m.name == "host.bidir_pinned";
    pc::PathCapacity capacity;
    std::vector<pc::PathFault> faults;
    std::optional<double> headline;
    if (family == "memory") {
      capacity = pc::MemoryCapacity(gpu.peak_memory_bps, gpu.datasheet_source);
      auto seen = m.clock_mhz_seen ? std::optional<double>(static_cast<double>(*m.clock_mhz_seen))
                                   : std::nullopt;
      if (auto t = pc::Throttled(seen, peak_clock, run.run.source + " (" + m.name + ")")) {
        faults.push_back(*t);
      }
      for (auto& f : RasFaults(pci, "umc")) faults.push_back(std::move(f));
    } else if (family == "host" && m.name.ends_with("_pinned") && pci != nullptr) {
      const pc::LinkState link = LinkOf(*pci);
      capacity = pc::HostLinkCapacity(link, bidir);
      if (auto f = pc::DowntrainedLink(link, m.median, bidir)) faults.push_back(*f);
      for (auto& f : RasFaults(pci, "pcie_bif")) faults.push_back(std::move(f));
      if (auto h = gpu.HostLinkBps()) headline = bidir ? 2 * *h : *h;
    } else if (family == "peer") {
      capacity = PeerPath(ctx, gpu, bdf);
      if (!capacity.bps && capacity.links == 0 && pci != nullptr) {
        // No xGMI link to a peer: the copies cross PCIe, at most this GPU's own link.
        const pc::LinkState link = LinkOf(*pci);
        capacity = pc::HostLinkCapacity(link, false);
        capacity.kind = pc::PathKind::kPeerPcie;
        if (capacity.bps) capacity.description += " (no xGMI link to its peers)";
        if (auto f = pc::DowntrainedLink(link, m.median, false)) faults.push_back(*f);
      }
      for (auto& f : RasFaults(pci, "xgmi_wafl")) faults.push_back(std::move(f));
      for (const XgmiDevice& x : ctx.facts.Get<XgmiFacts>().devices) {
        if (x.bdf != bdf || !x.error_count.known()) continue;
        if (auto f = pc::ErrorCounter("xgmi_error", static_cast<double>(*x.error_count),
                                      x.sysfs_path + "/xgmi_error")) {
          faults.push_back(*f);
        }
      }
    } else {
      continue;  // pageable copies: bound by the host's memcpy, not by a link
    }
    ++out.figures;
    pc::Explanation e = pc::Explain(m.name, *m.median, capacity, std::move(faults), headline);
    out.evidence.push_back({run.run.source + " (" + m.name + ")", e.text,
                            capacity.source.empty() ? "" : "path: " + capacity.source});
    std::map<std::string, std::string> params = bench::Params(run, m.name);
    if (!bdf.empty()) params["bdf"] = bdf;
    std::vector<Evidence> evidence{{run.run.source + " (" + m.name + ")", e.text, ""}};
    for (const pc::PathFault& f : e.faults) evidence.push_back({f.source, f.observed, ""});
    if (!capacity.source.empty()) evidence.push_back({capacity.source, capacity.description, ""});
    const std::string message = bench::DescribeDevice(run) + ": " + e.text;
    if (e.verdict == pc::Verdict::kFault) {
      out.findings.push_back(MakeFinding("bench.path.fault", message, evidence, params));
    } else if (e.verdict == pc::Verdict::kUnexplained) {
      evidence.push_back({"path_capacity expected share",
                          fmt::format("{:.0f}%", 100 * pc::ExpectedEfficiency(capacity.kind).fraction),
                          std::string(pc::ExpectedEfficiency(capacity.kind).source)});
      out.findings.push_back(MakeFinding("bench.path.unexplained", message, evidence, params));
    } else if (e.verdict == pc::Verdict::kPathLimited) {
      out.findings.push_back(MakeFinding("bench.path.limited", message, evidence, params));
    }
  }
}

CheckOutcome Run(const CheckContext& ctx) {
  const BenchFacts& facts = bench::Facts(ctx);
  Judged out;
  for (const BenchRun& run : facts.runs) {
    if (run.run.state != HelperRunState::kOk) continue;
    JudgeRun(ctx, run, out);
  }
  if (out.figures == 0) return CheckOutcome::Skip("no bandwidth figure was measured");
  if (out.findings.empty()) {
    return CheckOutcome::Pass(fmt::format("{} bandwidth figure{} within what {} path carries",
                                          out.figures, out.figures == 1 ? "" : "s",
                                          out.figures == 1 ? "its" : "each"),
                              std::move(out.evidence));
  }
  return CheckOutcome::FromFindings(std::move(out.findings));
}

}  // namespace
ROCMDOC_REGISTER_CHECK(kInfo, Run);
}  // namespace rocm_doctor
