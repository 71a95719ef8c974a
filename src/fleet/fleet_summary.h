// SPDX-License-Identifier: MIT
#pragma once
// A fleet summary: many nodes' reports folded into groups, counts and benchmark outliers.
// Reports are added one at a time (FleetBuilder::Add) and only their NodeReport is kept, so
// memory grows with the number of nodes, not with the bytes of the reports.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fleet/node_report.h"

namespace rocm_doctor::fleet {

struct SkippedFile {
  std::string path;
  std::string reason;  // "not JSON: expected ',' or '}' at byte 1234", "Permission denied", ...
};

// The nodes that share a root cause (their first), or "healthy" / "could not tell" / "run
// failed" for the nodes without one. Node indexes point into FleetSummary::nodes.
struct NodeGroup {
  std::string key;    // a finding code, or one of the kGroup* names
  std::string label;  // what the reader sees
  std::vector<std::size_t> nodes;
};
inline constexpr std::string_view kGroupHealthy = "(healthy)";
inline constexpr std::string_view kGroupWarnings = "(warnings only)";
inline constexpr std::string_view kGroupUnknown = "(could not tell)";
inline constexpr std::string_view kGroupRunFailed = "(run failed)";

struct CodeCount {
  std::string code;
  std::size_t nodes = 0;
};

struct ValueCount {
  std::string value;      // "6.2.0", "unknown"
  std::size_t count = 0;  // nodes (GPUs for the GPU model list)
};

struct VersionList {
  std::string what;                // "rocm-doctor", "ROCm", "kernel", "OS", "GPU models"
  std::vector<ValueCount> values;  // most common first
};

// One benchmark on one GPU model and partition across the fleet: an MI300X in CPX mode (1/8 of
// its compute units) is compared with CPX partitions only, never with whole GPUs.
// `higher_is_better` is false for times (unit "s") and error counts.
struct FigureStats {
  std::string name, unit, model;
  std::string partition;  // "CPX/NPS4" (BenchFigure::partition); empty: the model alone
  // What the reader sees: "AMD Instinct MI300X, CPX/NPS4", or the model alone.
  std::string Group() const { return partition.empty() ? model : model + ", " + partition; }
  bool higher_is_better = true;
  std::size_t count = 0;
  double median = 0, min = 0, max = 0;
  struct Point {
    std::size_t node;
    std::string gpu;
    double value;
    double deviation;  // value / median - 1; 0 when the median is 0
    bool outlier;
    // MADs on the worse side of the median ((median - value) / spread for a rate, the other
    // way for a time); negative on the better side.
    double mads_worse = 0;
    bool trailing = false;  // more than FleetOptions::outlier_mads of them (fleet_stats.h)
    // The node's own judgement of the figure (BenchFigure): its floor or ceiling and verdict.
    std::optional<double> limit;
    bool ceiling = false;
    std::string verdict;
  };
  std::vector<Point> points;  // every GPU's figure, worst first
  std::size_t outliers = 0;
  // Robust spread across the fleet (fleet_stats.h): judged only with kMinNodesForMad nodes or
  // more, and never for error counts (any error is already an outlier).
  std::size_t node_count = 0;  // distinct nodes with this figure
  double mad = 0, spread = 0;
  bool spread_floored = false;  // MAD below kMinSpreadFraction of the median (0: values alike)
  bool mad_judged = false;
  std::string not_judged;  // why not: "2 nodes: fewer than 3 give no outlier judgement"
  std::size_t trailing = 0;
};

// A node whose figure trails its group's fleet (model and partition) by more than k MADs:
// listed first, whether or not the figure passed its floor in the node's own report.
struct TrailingFigure {
  std::size_t figure;  // index into FleetSummary::figures
  std::size_t point;   // index into that figure's points
};

struct FleetOptions {
  // A figure further than this fraction from its model's fleet median is an outlier; an
  // "errors" figure is one whenever it is above 0.
  double outlier_fraction = 0.10;
  // A figure more than this many MADs on the worse side of its model's median trails the fleet.
  double outlier_mads = 3.0;  // kDefaultOutlierMads
};

struct FleetSummary {
  FleetOptions options;
  std::vector<NodeReport> nodes;  // sorted by node name
  std::size_t files_read = 0;     // reports parsed (superseded ones included)
  std::size_t superseded = 0;     // older reports of a node that has a later one
  std::vector<SkippedFile> skipped;
  std::map<std::string, std::size_t> verdicts;  // "pass" -> nodes
  std::vector<NodeGroup> groups;                // biggest problem group first; healthy last
  std::vector<CodeCount> root_causes;           // nodes per root cause code (any position)
  std::vector<CodeCount> codes;  // nodes per failing/warning/indeterminate finding code
  std::vector<VersionList> versions;
  std::vector<FigureStats> figures;        // by name, then model, then partition
  std::vector<std::size_t> node_outliers;  // per node (same index): its outlying figures
  std::vector<TrailingFigure> trailing;    // every trailing figure, most MADs first
  std::vector<std::size_t> node_trailing;  // per node (same index): its trailing figures
};

class FleetBuilder {
 public:
  explicit FleetBuilder(FleetOptions options = {}) : options_(options) {}
  void Add(NodeReport report);
  void Skip(std::string path, std::string reason);
  FleetSummary Finish() &&;

 private:
  FleetOptions options_;
  std::vector<NodeReport> nodes_;
  std::map<std::string, std::size_t> index_;  // node name -> nodes_
  std::size_t files_read_ = 0;
  std::size_t superseded_ = 0;
  std::vector<SkippedFile> skipped_;
};

}  // namespace rocm_doctor::fleet
