// SPDX-License-Identifier: MIT
// Fleet groups per GPU model and partition (issue 19): an MI300X in CPX mode is eight logical
// GPUs of 38 compute units each, one in SPX one GPU of 304, and both name the same device. Their
// figures are compared, and their baselines written, each within its own partition.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "fleet/fleet_baseline.h"
#include "fleet/fleet_reporters.h"
#include "fleet/fleet_summary.h"
#include "rocm_doctor/bench_thresholds.h"

namespace rocm_doctor::fleet {
namespace {

constexpr char kMi300x[] = "AMD Instinct MI300X";

BenchFigure Triad(double value, const std::string& partition) {
  BenchFigure f;
  f.name = "memory.triad";
  f.unit = "B/s";
  f.gpu = "0000:0c:00.0";  // the logical GPUs of a partitioned GPU share its address
  f.model = kMi300x;
  f.partition = partition;
  f.value = value;
  return f;
}

// `spx` nodes of one MI300X in SPX (triad about 4.33 TB/s) and `cpx` nodes of one MI300X in
// CPX, eight partitions each (about 0.62 TB/s a partition); `slow_cpx` makes the last CPX node's
// partitions that much slower. With `partitions` false the reports say no partition (as before
// issue 19).
FleetSummary Mixed(int spx, int cpx, double slow_cpx = 1.0, bool partitions = true) {
  FleetBuilder b;
  for (int i = 0; i < spx; ++i) {
    NodeReport n;
    n.node = "spx-" + std::to_string(i);
    n.verdict = "pass";
    n.figures.push_back(Triad(4.33e12 + i * 2e9, partitions ? "SPX/NPS1" : ""));
    b.Add(std::move(n));
  }
  for (int i = 0; i < cpx; ++i) {
    NodeReport n;
    n.node = "cpx-" + std::to_string(i);
    n.verdict = "pass";
    const double k = i == cpx - 1 ? slow_cpx : 1.0;
    for (int p = 0; p < 8; ++p) {
      n.figures.push_back(Triad((0.62e12 + i * 1e9 + p * 0.2e9) * k, partitions ? "CPX/NPS1" : ""));
    }
    b.Add(std::move(n));
  }
  return std::move(b).Finish();
}

const FigureStats* Group(const FleetSummary& s, const std::string& partition) {
  for (const FigureStats& f : s.figures) {
    if (f.name == "memory.triad" && f.partition == partition) return &f;
  }
  return nullptr;
}

TEST(FleetPartitions, CpxAndSpxNodesOfOneModelAreTwoGroups) {
  const FleetSummary s = Mixed(4, 3);
  ASSERT_EQ(s.figures.size(), 2u);
  const FigureStats* spx = Group(s, "SPX/NPS1");
  const FigureStats* cpx = Group(s, "CPX/NPS1");
  ASSERT_TRUE(spx && cpx);
  EXPECT_EQ(spx->model, kMi300x);
  EXPECT_EQ(cpx->Group(), "AMD Instinct MI300X, CPX/NPS1");
  EXPECT_EQ(spx->node_count, 4u);
  EXPECT_EQ(cpx->node_count, 3u);
  EXPECT_EQ(cpx->count, 24u) << "eight partitions a node";
  EXPECT_NEAR(cpx->median, 0.6217e12, 0.001e12);
  EXPECT_TRUE(cpx->mad_judged && spx->mad_judged);
  EXPECT_TRUE(s.trailing.empty()) << "a CPX partition is no outlier against whole GPUs";
  EXPECT_EQ(cpx->outliers + spx->outliers, 0u);
}

// One CPX node among ten SPX nodes: with the partition it is a group of its own (too few nodes
// to judge, and its partitions alike); without it, the SPX median makes each of its eight
// partitions an outlier and a trailing figure, which is what grouping by model alone did.
TEST(FleetPartitions, ACpxNodeAmongSpxNodesIsNoOutlier) {
  const FleetSummary s = Mixed(10, 1);
  ASSERT_EQ(s.figures.size(), 2u);
  EXPECT_TRUE(s.trailing.empty());
  for (const FigureStats& f : s.figures) EXPECT_EQ(f.outliers, 0u) << f.Group();
  const FigureStats* cpx = Group(s, "CPX/NPS1");
  ASSERT_NE(cpx, nullptr);
  EXPECT_FALSE(cpx->mad_judged);
  EXPECT_EQ(cpx->not_judged, "1 node: fewer than 3 give no outlier judgement");

  const FleetSummary model_only = Mixed(10, 1, 1.0, false);
  ASSERT_EQ(model_only.figures.size(), 1u);
  EXPECT_EQ(model_only.figures[0].Group(), kMi300x);
  EXPECT_EQ(model_only.figures[0].outliers, 8u);
  EXPECT_EQ(model_only.trailing.size(), 8u);
  for (std::size_t i = 0; i < model_only.nodes.size(); ++i) {
    const bool cpx_node = model_only.nodes[i].node == "cpx-0";
    EXPECT_EQ(model_only.node_trailing[i], cpx_node ? 8u : 0u) << model_only.nodes[i].node;
  }
}

TEST(FleetPartitions, ASlowCpxNodeStillTrailsItsCpxPeers) {
  const FleetSummary s = Mixed(4, 4, 0.85);
  ASSERT_FALSE(s.trailing.empty());
  for (const TrailingFigure& t : s.trailing) {
    const FigureStats& f = s.figures[t.figure];
    EXPECT_EQ(f.partition, "CPX/NPS1");
    EXPECT_EQ(s.nodes[f.points[t.point].node].node, "cpx-3");
  }
  EXPECT_EQ(s.trailing.size(), 8u) << "each of its eight partitions";
}

TEST(FleetPartitions, RenderersNameThePartition) {
  const FleetSummary s = Mixed(4, 4, 0.85);
  std::ostringstream terminal;
  WriteFleetTerminal(s, terminal);
  EXPECT_NE(terminal.str().find("memory.triad · AMD Instinct MI300X, CPX/NPS1"), std::string::npos)
      << terminal.str();
  const nlohmann::json j = FleetToJson(s);
  EXPECT_EQ(j["trailing"][0]["partition"], "CPX/NPS1");
  EXPECT_EQ(j["trailing"][0]["model"], kMi300x);
  int with_partition = 0;
  for (const auto& f : j["benchmarks"]) with_partition += f["partition"].is_string() ? 1 : 0;
  EXPECT_EQ(with_partition, 2);
  EXPECT_TRUE(FleetToJson(Mixed(3, 0, 1.0, false))["benchmarks"][0]["partition"].is_null());
}

TEST(FleetPartitions, BaselineWritesOneGroupPerPartition) {
  const FleetSummary s = Mixed(4, 3);
  const BaselineOptions options{.mads = 5, .date = "2026-12-05"};
  const std::vector<BaselineGroup> groups = BuildBaseline(s, options);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].Name(), "AMD Instinct MI300X, CPX/NPS1");
  EXPECT_EQ(groups[0].Slug(), "amd-instinct-mi300x-cpx-nps1");
  EXPECT_EQ(groups[0].nodes, 3u);
  EXPECT_EQ(groups[1].Slug(), "amd-instinct-mi300x-spx-nps1");
  EXPECT_EQ(groups[1].nodes, 4u);
  ASSERT_EQ(groups[0].rows.size(), 1u);
  EXPECT_LT(groups[0].rows[0].limit, 0.63e12) << "the CPX floor is a CPX partition's figure";
  EXPECT_GT(groups[1].rows[0].limit, 4e12);
}

Measurement Measured(double median) {
  Measurement m;
  m.name = "memory.triad";
  m.unit = "B/s";
  m.best = m.median = m.worst = median;
  return m;
}

BenchGpu Mi300xIn(std::optional<std::string> compute, std::optional<std::string> memory) {
  BenchGpu gpu;
  gpu.runtime_name = kMi300x;
  gpu.gfx = "gfx942";
  gpu.compute_partition = std::move(compute);
  gpu.memory_partition = std::move(memory);
  return gpu;
}

// The CPX group's CSV reads back as thresholds and judges CPX partitions only: an SPX GPU (or
// one whose modes are unknown) is judged by the built-in rows as if the file were not given.
TEST(FleetPartitions, ACpxBaselineRoundTripsAndJudgesOnlyCpx) {
  const FleetSummary s = Mixed(4, 3);
  const BaselineOptions options{.mads = 5, .date = "2026-12-05"};
  const std::vector<BaselineGroup> groups = BuildBaseline(s, options);
  ASSERT_EQ(groups.size(), 2u);
  std::ostringstream csv;
  WriteBaselineCsv(groups[0], options, csv);
  EXPECT_NE(csv.str().find("gpu,benchmark,basis,value,unstable,source,pattern,partition\n"),
            std::string::npos)
      << csv.str();
  EXPECT_NE(csv.str().find("baseline for AMD Instinct MI300X, CPX/NPS1"), std::string::npos);
  auto parsed = BenchThresholds::Parse(csv.str(), "cpx.csv");
  ASSERT_TRUE(parsed) << parsed.error() << "\n" << csv.str();
  ASSERT_EQ(parsed->rows().size(), 1u);
  EXPECT_EQ(parsed->rows()[0].gpu, kMi300x);
  EXPECT_EQ(parsed->rows()[0].partition, "CPX/NPS1");
  const double floor = parsed->rows()[0].value;
  EXPECT_NEAR(floor, groups[0].rows[0].limit, floor * 1e-5);

  const BenchThresholds thresholds = BenchThresholds::Builtin().WithOverrides(*parsed);
  // A CPX partition 15% below its peers fails the CPX floor...
  BenchJudgement slow =
      JudgeMeasurement(Measured(0.62e12 * 0.85), Mi300xIn("CPX", "NPS1"), thresholds);
  ASSERT_NE(slow.row, nullptr);
  EXPECT_EQ(slow.row->origin.rfind("cpx.csv:", 0), 0u) << slow.row->origin;
  EXPECT_TRUE(slow.out_of_limit);
  // ... and one at the median passes it.
  BenchJudgement fine = JudgeMeasurement(Measured(0.622e12), Mi300xIn("CPX", "NPS1"), thresholds);
  EXPECT_FALSE(fine.out_of_limit);
  // Whole GPUs and GPUs of unknown mode: not this file's rows.
  for (const BenchGpu& other :
       {Mi300xIn("SPX", "NPS1"), Mi300xIn(std::nullopt, std::nullopt), Mi300xIn("CPX", "NPS4")}) {
    BenchJudgement j = JudgeMeasurement(Measured(4.3e12), other, thresholds);
    if (j.row != nullptr) EXPECT_NE(j.row->origin.rfind("cpx.csv:", 0), 0u) << j.row->origin;
  }
  // The SPX group's file, given together, judges the whole GPUs.
  std::ostringstream spx_csv;
  WriteBaselineCsv(groups[1], options, spx_csv);
  auto spx = BenchThresholds::Parse(spx_csv.str(), "spx.csv");
  ASSERT_TRUE(spx) << spx.error();
  const BenchThresholds both = thresholds.WithMoreOverrides(spx->rows());
  EXPECT_EQ(JudgeMeasurement(Measured(4.3e12), Mi300xIn("SPX", "NPS1"), both)
                .row->origin.rfind("spx.csv:", 0),
            0u);
  EXPECT_EQ(JudgeMeasurement(Measured(0.62e12), Mi300xIn("CPX", "NPS1"), both)
                .row->origin.rfind("cpx.csv:", 0),
            0u);
}

}  // namespace
}  // namespace rocm_doctor::fleet
