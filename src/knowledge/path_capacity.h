// SPDX-License-Identifier: MIT
#pragma once
// "Why below spec": a bandwidth figure set against what its path can carry, and whether the
// path explains a shortfall or a fault on it does. Pure functions over facts the doctor already
// has (architecture rule 10: judging, not reading):
//   host link   PCIe generation x width from sysfs (current_link_* and max_link_*);
//   peer copy   the xGMI links between the pair (KFD io_links of type 11) x the per-link rate;
//   memory      the HBM peak of checks/data/amd_gpus.csv (or a reference GPU's datasheet).
// A fault is a downtrained link (current below max speed or width), throttling (the clock seen
// below the peak) or an error counter above 0 on the path.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::path_capacity {

enum class PathKind { kHostLink, kHostLinkBidir, kPeerXgmi, kPeerPcie, kMemory };

// What a healthy path of each kind delivers of its theoretical rate, with the evidence.
struct Efficiency {
  double fraction;
  std::string_view source;
};
Efficiency ExpectedEfficiency(PathKind kind);
// A figure this far (absolute fraction) under the expected share is a shortfall to explain.
inline constexpr double kShortfallMargin = 0.10;

struct PathCapacity {
  PathKind kind = PathKind::kMemory;
  std::optional<double> bps;  // what the path carries in the figure's direction(s); nullopt: unknown
  std::string description;    // "PCIe Gen5 x16, 63.0 GB/s one way", "1 xGMI link of 64.0 GB/s"
  std::string source;         // where the path's facts came from
  std::string unknown_reason;  // why bps is unknown
  int links = 0;               // xGMI links between the pair
};

struct PathFault {
  std::string text;      // "the link trained at x8 of its x16"
  std::string source;    // the sysfs file, probe or counter
  std::string observed;  // "8.0 GT/s x8 (max 32.0 GT/s x16)"
};

// One PCIe link as sysfs states it; a value the collector could not read is nullopt.
struct LinkState {
  std::optional<double> current_gts, max_gts;
  std::optional<int> current_width, max_width;
  std::string source;  // "/sys/bus/pci/devices/0000:0c:00.0/current_link_*"
};

// The host link at its current speed and width (one way, or both ways when `bidirectional`).
PathCapacity HostLinkCapacity(const LinkState& link, bool bidirectional);
// A link below its maximum width or speed. `measured_bps` above what the current link carries
// means the link was read while idle (amdgpu trains an idle link's speed down): no fault then.
std::optional<PathFault> DowntrainedLink(const LinkState& link, std::optional<double> measured_bps,
                                         bool bidirectional);

// xGMI links of one GPU pair: `links` KFD io_links of type 11 from one to the other, each
// carrying `per_link_bps` one way (XgmiLinkRate) or, without a rate, the io_link's own
// max_bandwidth (MB/s, kfd_crat.c) when the kernel filled it.
PathCapacity XgmiCapacity(int links, std::optional<double> per_link_bps, std::string rate_source,
                          std::optional<double> kfd_max_bandwidth_bps, std::string source);
// The theoretical one-way rate of one xGMI link of a gfx target; nullopt when not known.
struct XgmiRate {
  double bps;
  std::string_view source;
};
std::optional<XgmiRate> XgmiLinkRate(std::string_view gfx);

PathCapacity MemoryCapacity(std::optional<double> peak_bps, std::string source);

// The shader clock during the run below 90% of its peak: power or thermal limits.
std::optional<PathFault> Throttled(std::optional<double> clock_mhz_seen,
                                   std::optional<double> clock_mhz_peak, std::string source);
// An error counter above 0 on the path (xgmi_error, a RAS block's correctable count, ...).
std::optional<PathFault> ErrorCounter(std::string_view what, std::optional<double> count,
                                      std::string source);

enum class Verdict {
  kWithinPath,   // the figure is what its path delivers
  kPathLimited,  // below the GPU's headline figure, but its path explains it (one link, x8 slot)
  kFault,        // a fault on the path explains the shortfall
  kUnexplained,  // well below its path, and no fault found
  kUnknown,      // the path's capacity is not known
};
std::string_view ToString(Verdict verdict);  // "within_path", "path_limited", ...

struct Explanation {
  Verdict verdict = Verdict::kUnknown;
  std::optional<double> fraction;  // measured / capacity
  std::string text;                // "48.0 GB/s is 75% of 1 xGMI link of 64.0 GB/s: ..."
  std::vector<PathFault> faults;   // those that explain it
};

// `headline_bps`: what a reader compares the figure with when it is more than the path (the
// GPU's PCIe generation x16 from the datasheet, all of its xGMI links); nullopt when none.
Explanation Explain(std::string_view figure, double measured_bps, const PathCapacity& capacity,
                    std::vector<PathFault> faults, std::optional<double> headline_bps = {});

}  // namespace rocm_doctor::path_capacity
