// SPDX-License-Identifier: MIT
#include "knowledge/path_capacity.h"

#include <fmt/format.h>

#include <cmath>

#include "rocm_doctor/bench_thresholds.h"

namespace rocm_doctor::path_capacity {
namespace {

// "63.0 GB/s", "5.30 TB/s", "48.0 GB/s": three significant digits, as the examples people
// compare with are written.
std::string Gbs(double bps) {
  const bool tera = std::abs(bps) >= 1e12;
  const double v = bps / (tera ? 1e12 : 1e9);
  const double a = std::abs(v);
  const std::string digits = a >= 100  ? fmt::format("{:.0f}", v)
                             : a >= 10 ? fmt::format("{:.1f}", v)
                                       : fmt::format("{:.2f}", v);
  return digits + (tera ? " TB/s" : " GB/s");
}

std::string LinkText(std::optional<double> gts, std::optional<int> width) {
  std::string text = gts ? fmt::format("{:.1f} GT/s", *gts) : "unknown speed";
  return text + (width ? fmt::format(" x{}", *width) : " xunknown");
}

// "Gen5 x16" from 32.0 GT/s and 16 lanes.
std::string GenText(double gts, int width) {
  auto gen = PcieGenFromGts(gts);
  return gen ? fmt::format("PCIe Gen{} x{}", *gen, width) : fmt::format("{:.1f} GT/s x{}", gts, width);
}

std::optional<double> LinkBps(std::optional<double> gts, std::optional<int> width,
                              bool bidirectional) {
  if (!gts || !width || *width <= 0) return std::nullopt;
  auto gen = PcieGenFromGts(*gts);
  if (!gen) return std::nullopt;
  auto one_way = PcieBytesPerSecond(*gen, *width);
  if (!one_way) return std::nullopt;
  return bidirectional ? 2 * *one_way : *one_way;
}

}  // namespace

Efficiency ExpectedEfficiency(PathKind kind) {
  switch (kind) {
    case PathKind::kHostLink:
    case PathKind::kPeerPcie:
      return {0.80,
              "pinned copies reach 80-90% of the PCIe link's theoretical rate after protocol "
              "overhead: 55.4 of 63.0 GB/s (88%) on this project's H200 at Gen5 x16 "
              "(checks/data/bench_thresholds.csv, host.h2d_pinned)"};
    case PathKind::kHostLinkBidir:
      return {0.75,
              "both directions at once: 100.5 of 126 GB/s (80%) on this project's H200 at Gen5 "
              "x16 (checks/data/bench_thresholds.csv, host.bidir_pinned)"};
    case PathKind::kPeerXgmi:
      return {0.75,
              "ROCm/rccl#1210 (https://github.com/ROCm/rccl/issues/1210), gilbertlee-amd: \"After "
              "protocol and error correction overheads, the max theoretical per-direction "
              "bandwidth for gfx94 devices is 48GB/s.\" (48 of a 64 GB/s link: 75%); AMD's "
              "'Understanding RCCL Bandwidth and xGMI Performance on AMD Instinct MI300X' "
              "(https://rocm.blogs.amd.com/software-tools-optimization/mi300x-rccl-xgmi/README.html): "
              "\"usable bandwidth to approximately 48 GB/s per link. This represents about 75% of the "
              "theoretical peak bandwidth\""};
    case PathKind::kMemory:
      return {0.75,
              "streaming kernels reach 75-90% of the HBM peak: BabelStream 81% of 5.3 TB/s on "
              "MI300X, copy 74% / triad 83% of 4.8 TB/s on this project's H200 "
              "(checks/data/bench_thresholds.csv, memory.*)"};
  }
  return {0.75, ""};
}

PathCapacity HostLinkCapacity(const LinkState& link, bool bidirectional) {
  PathCapacity c;
  c.kind = bidirectional ? PathKind::kHostLinkBidir : PathKind::kHostLink;
  c.source = link.source;
  c.bps = LinkBps(link.current_gts, link.current_width, bidirectional);
  if (!c.bps) {
    c.unknown_reason = "the link's current speed or width is unknown (" +
                       LinkText(link.current_gts, link.current_width) + ")";
    return c;
  }
  c.description = fmt::format("{}, {} {}", GenText(*link.current_gts, *link.current_width),
                              Gbs(*c.bps), bidirectional ? "both ways" : "one way");
  return c;
}

std::optional<PathFault> DowntrainedLink(const LinkState& link, std::optional<double> measured_bps,
                                         bool bidirectional) {
  if (!link.current_gts || !link.max_gts || !link.current_width || !link.max_width) {
    return std::nullopt;
  }
  const bool narrow = *link.current_width < *link.max_width;
  const bool slow = *link.current_gts + 0.05 < *link.max_gts;
  if (!narrow && !slow) return std::nullopt;
  const auto now = LinkBps(link.current_gts, link.current_width, bidirectional);
  const auto full = LinkBps(link.max_gts, link.max_width, bidirectional);
  // Faster than the link as read: it was read while idle, trained down to save power, and ran
  // faster under the benchmark. Width does not retrain with load; speed does (pcie_link.cpp).
  if (!narrow && measured_bps && now && *measured_bps > *now) return std::nullopt;
  PathFault f;
  f.source = link.source;
  f.observed = LinkText(link.current_gts, link.current_width) + " (max " +
               LinkText(link.max_gts, link.max_width) + ")";
  f.text = fmt::format("the link trained at {} of its {}", LinkText(link.current_gts, link.current_width),
                       LinkText(link.max_gts, link.max_width));
  if (now && full) f.text += fmt::format(" ({} of {})", Gbs(*now), Gbs(*full));
  if (!narrow) f.text += "; an idle GPU trains its speed down, a busy one should not";
  return f;
}

std::optional<XgmiRate> XgmiLinkRate(std::string_view gfx) {
  // One way, one link. MI300 (gfx942): 64 GB/s, the MI300A data sheet's figure that ROCm/rccl#1210
  // cites ("MI300A platform shows 64GB/s connectivity as well as 128GB/s bidirectional bandwidth
  // of MI300X platform"); RCCL plans with 48 GB/s after overheads. MI250 (gfx90a): "Each of the
  // AMD Infinity Fabric links between GPUs can run at up to 25 GT/sec, which correlates to a peak
  // transfer bandwidth of 50 GB/sec for a 16-wide link" (ROCm docs, MI250 microarchitecture).
  if (gfx == "gfx942") {
    return XgmiRate{64e9, "MI300X/MI300A data sheets as cited in https://github.com/ROCm/rccl/issues/1210"};
  }
  if (gfx == "gfx90a") {
    return XgmiRate{50e9, "https://rocm.docs.amd.com/en/latest/reference/gpu-arch/mi250.html"};
  }
  return std::nullopt;
}

PathCapacity XgmiCapacity(int links, std::optional<double> per_link_bps, std::string rate_source,
                          std::optional<double> kfd_max_bandwidth_bps, std::string source) {
  PathCapacity c;
  c.kind = PathKind::kPeerXgmi;
  c.links = links;
  c.source = std::move(source);
  if (links <= 0) {
    c.unknown_reason = "no xGMI link between the pair (KFD io_links of type 11)";
    return c;
  }
  if (per_link_bps && *per_link_bps > 0) {
    c.bps = links * *per_link_bps;
    c.description = fmt::format("{} xGMI link{} of {}", links, links == 1 ? "" : "s",
                                Gbs(*per_link_bps));
    c.source += "; per-link rate: " + rate_source;
    return c;
  }
  if (kfd_max_bandwidth_bps && *kfd_max_bandwidth_bps > 0) {
    c.bps = *kfd_max_bandwidth_bps;
    c.description = fmt::format("xGMI, {} as KFD states it (io_link max_bandwidth)",
                                Gbs(*kfd_max_bandwidth_bps));
    return c;
  }
  c.unknown_reason = "no per-link xGMI rate is known for this GPU and KFD states none";
  return c;
}

PathCapacity MemoryCapacity(std::optional<double> peak_bps, std::string source) {
  PathCapacity c;
  c.kind = PathKind::kMemory;
  c.source = std::move(source);
  if (!peak_bps || *peak_bps <= 0) {
    c.unknown_reason = "no datasheet memory bandwidth for this GPU";
    return c;
  }
  c.bps = peak_bps;
  c.description = "the HBM peak of " + Gbs(*peak_bps);
  return c;
}

std::optional<PathFault> Throttled(std::optional<double> clock_mhz_seen,
                                   std::optional<double> clock_mhz_peak, std::string source) {
  if (!clock_mhz_seen || !clock_mhz_peak || *clock_mhz_peak <= 0) return std::nullopt;
  if (10 * *clock_mhz_seen >= 9 * *clock_mhz_peak) return std::nullopt;
  return PathFault{fmt::format("the clock was {:.0f} of its {:.0f} MHz (power or thermal limits)",
                               *clock_mhz_seen, *clock_mhz_peak),
                   std::move(source), fmt::format("{:.0f} MHz", *clock_mhz_seen)};
}

std::optional<PathFault> ErrorCounter(std::string_view what, std::optional<double> count,
                                      std::string source) {
  if (!count || !(*count > 0)) return std::nullopt;
  return PathFault{fmt::format("{} counted {:.0f} error{}", what, *count, *count == 1 ? "" : "s"),
                   std::move(source), fmt::format("{:.0f}", *count)};
}

std::string_view ToString(Verdict verdict) {
  switch (verdict) {
    case Verdict::kWithinPath:
      return "within_path";
    case Verdict::kPathLimited:
      return "path_limited";
    case Verdict::kFault:
      return "fault";
    case Verdict::kUnexplained:
      return "unexplained";
    case Verdict::kUnknown:
      return "unknown";
  }
  return "unknown";
}

Explanation Explain(std::string_view figure, double measured_bps, const PathCapacity& capacity,
                    std::vector<PathFault> faults, std::optional<double> headline_bps) {
  Explanation e;
  const Efficiency expected = ExpectedEfficiency(capacity.kind);
  const bool short_of_path = [&] {
    if (!capacity.bps) return false;
    return measured_bps / *capacity.bps < expected.fraction - kShortfallMargin;
  }();
  const bool short_of_headline = headline_bps && measured_bps < expected.fraction * *headline_bps;
  // A fault explains a figure short of its path, or one whose path the fault narrowed (a
  // downtrained link: the path as read is already the reduced one).
  if (!faults.empty() && (short_of_path || short_of_headline || !capacity.bps)) {
    e.verdict = Verdict::kFault;
    e.faults = std::move(faults);
    std::string causes;
    for (const PathFault& f : e.faults) causes += (causes.empty() ? "" : "; ") + f.text;
    e.text = fmt::format("{} {}: a fault on its path explains it: {}", figure, Gbs(measured_bps),
                         causes);
    if (capacity.bps) {
      e.fraction = measured_bps / *capacity.bps;
      e.text = fmt::format("{} {} is {:.0f}% of {}: a fault on its path explains it: {}", figure,
                           Gbs(measured_bps), 100 * *e.fraction, capacity.description, causes);
    }
    return e;
  }
  if (!capacity.bps) {
    e.verdict = Verdict::kUnknown;
    e.text = fmt::format("{} {}: what its path carries is not known: {}", figure, Gbs(measured_bps),
                         capacity.unknown_reason);
    return e;
  }
  e.fraction = measured_bps / *capacity.bps;
  const double percent = 100 * *e.fraction;
  if (short_of_path) {
    e.verdict = Verdict::kUnexplained;
    const std::string_view look =
        capacity.kind == PathKind::kMemory
            ? "look at the memory itself (HBM stacks or channels disabled, a memory clock held "
              "low) and at what else ran on the GPU"
            : "look at what else shares it (NUMA placement of the buffers, the IOMMU, other "
              "traffic)";
    e.text = fmt::format(
        "{} {} is only {:.0f}% of {} (a healthy path gives about {:.0f}%), and no fault was found on "
        "the path: {}",
        figure, Gbs(measured_bps), percent, capacity.description, 100 * expected.fraction, look);
    return e;
  }
  if (short_of_headline) {
    e.verdict = Verdict::kPathLimited;
    std::string why = capacity.kind == PathKind::kPeerXgmi
                          ? fmt::format("expected for {}", capacity.links == 1
                                                               ? std::string("a single link")
                                                               : fmt::format("{} links", capacity.links))
                          : "expected for this path";
    e.text = fmt::format("{} {} is {:.0f}% of {}: {} (the GPU's headline figure is {})", figure,
                         Gbs(measured_bps), percent, capacity.description, why,
                         Gbs(*headline_bps));
    return e;
  }
  e.verdict = Verdict::kWithinPath;
  e.text = fmt::format("{} {} is {:.0f}% of {}: what the path carries", figure, Gbs(measured_bps),
                       percent, capacity.description);
  if (capacity.kind == PathKind::kPeerXgmi && capacity.links == 1) {
    e.text = fmt::format("{} {} is {:.0f}% of one {} xGMI link: expected for a single link", figure,
                         Gbs(measured_bps), percent, Gbs(*capacity.bps));
  }
  return e;
}

}  // namespace rocm_doctor::path_capacity
