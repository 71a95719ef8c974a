// SPDX-License-Identifier: MIT
#pragma once
// rocm-doctor fleet baseline: a fleet's own floors, from many nodes' reports, in the format
// `bench --thresholds FILE` and `check --thresholds FILE` read (checks/data/README.md): per GPU
// model and partition, each benchmark figure's median and MAD over the fleet's GPUs
// (fleet_stats.h), a floor k MADs below the median (a ceiling k MADs above it for times), the
// node count and the date. A group is a GPU model as the runtime names it and, where the reports
// say (gpus[].compute_partition, memory_partition), its partition: an MI300X in CPX mode has 1/8
// of the compute units of one in SPX and names the same device. The row's `gpu` is the model,
// which the thresholds match case-insensitively against the runtime's device name, and its
// `partition` column the partition ("CPX/NPS4"), which they match against the GPU's sysfs modes;
// a group without a partition writes the six columns of before.
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "fleet/fleet_summary.h"

namespace rocm_doctor::fleet {

struct BaselineOptions {
  double mads = 5.0;  // kDefaultBaselineMads
  std::string date;   // "2026-12-05": when the baseline was built (UTC)
};

struct BaselineRow {
  std::string benchmark, unit;
  bool ceiling = false;  // a time: lower is better, the row is a `max`
  double median = 0, mad = 0, spread = 0, limit = 0;
  bool spread_floored = false;
  std::size_t nodes = 0, gpus = 0;
  // The built-in row the nodes were judged with, whose `unstable` limit the baseline keeps
  // (empty: none; the baseline then judges the median only).
  std::optional<double> unstable;
  std::string unstable_origin;
};

// A figure the baseline has no row for, and why ("2 nodes: fewer than 3 ...").
struct BaselineGap {
  std::string benchmark, reason;
};

struct BaselineGroup {
  std::string model;
  std::string partition;  // "CPX/NPS4"; empty when the reports name none
  std::size_t nodes = 0;  // nodes with at least one figure of this model and partition
  std::vector<BaselineRow> rows;
  std::vector<BaselineGap> gaps;
  std::string Name() const;  // "AMD Instinct MI300X, CPX/NPS4", or the model alone
  std::string Slug() const;  // "amd-instinct-mi300x-cpx-nps4": a file name part
};

std::vector<BaselineGroup> BuildBaseline(const FleetSummary& summary,
                                         const BaselineOptions& options);
// The thresholds CSV of one group: '#' provenance lines, the header, one row per figure.
void WriteBaselineCsv(const BaselineGroup& group, const BaselineOptions& options,
                      std::ostream& out);

}  // namespace rocm_doctor::fleet
