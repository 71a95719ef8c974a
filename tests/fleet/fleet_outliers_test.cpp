// SPDX-License-Identifier: MIT
// Nodes that trail their fleet (median and MAD, src/fleet/fleet_stats.h) and the baseline
// thresholds built from a fleet (src/fleet/fleet_baseline.h), read back by the thresholds parser.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "fleet/fleet_baseline.h"
#include "fleet/fleet_reporters.h"
#include "fleet/fleet_stats.h"
#include "fleet/fleet_summary.h"
#include "rocm_doctor/bench_thresholds.h"

namespace rocm_doctor::fleet {
namespace {

NodeReport Node(std::string name) {
  NodeReport n;
  n.node = std::move(name);
  n.verdict = "pass";
  n.started_at = "2026-12-01T10:00:00Z";
  return n;
}

BenchFigure Figure(std::string name, std::string unit, double value, double limit,
                   std::string model = "AMD Instinct MI300X") {
  BenchFigure f{std::move(name), std::move(unit), "0000:0c:00.0", std::move(model), value};
  f.limit = limit;
  f.ceiling = f.unit == "s";
  f.verdict = f.ceiling ? (value <= limit ? "pass" : "fail") : (value >= limit ? "pass" : "fail");
  return f;
}

// Six MI300X nodes whose triad varies by a few GB/s, and node-4 10% slower: far above the
// 3.45 TB/s floor, and 40 MADs below its peers.
FleetSummary SixNodes(double slow_factor = 0.90) {
  FleetBuilder b;
  const double triad[] = {4.33e12, 4.335e12, 4.325e12, 4.33e12 * slow_factor, 4.34e12, 4.32e12};
  for (int i = 0; i < 6; ++i) {
    NodeReport n = Node("node-" + std::to_string(i + 1));
    n.figures.push_back(Figure("memory.triad", "B/s", triad[i], 3.445e12));
    n.figures.push_back(Figure("launch.roundtrip", "s", 10.1e-6 + i * 0.01e-6, 50e-6));
    b.Add(std::move(n));
  }
  return std::move(b).Finish();
}

const FigureStats& Stats(const FleetSummary& s, std::string_view name) {
  for (const FigureStats& f : s.figures) {
    if (f.name == name) return f;
  }
  throw std::runtime_error("no figure " + std::string(name));
}

TEST(FleetStats, MedianAndMad) {
  EXPECT_DOUBLE_EQ(MedianOf({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(MedianOf({4, 1, 2, 3}), 2.5);
  // |1-3|, |2-3|, |3-3|, |4-3|, |100-3| = 2, 1, 0, 1, 97: median 1.
  EXPECT_DOUBLE_EQ(MadOf({1, 2, 3, 4, 100}, 3), 1);
  RobustSpread r = SpreadOf({100, 100, 100, 100, 90});
  EXPECT_DOUBLE_EQ(r.mad, 0);
  EXPECT_TRUE(r.floored);
  EXPECT_DOUBLE_EQ(r.spread, 1) << "1% of the median when the MAD is 0";
}

TEST(FleetOutliers, OneSlowButPassingNodeTrailsAndOnlyIt) {
  FleetSummary s = SixNodes();
  ASSERT_EQ(s.trailing.size(), 1u);
  const FigureStats& triad = s.figures[s.trailing[0].figure];
  const FigureStats::Point& p = triad.points[s.trailing[0].point];
  EXPECT_EQ(triad.name, "memory.triad");
  EXPECT_EQ(s.nodes[p.node].node, "node-4");
  EXPECT_EQ(p.verdict, "pass") << "above its floor, flagged all the same";
  EXPECT_GT(p.mads_worse, 3);
  EXPECT_TRUE(triad.mad_judged);
  EXPECT_EQ(triad.node_count, 6u);
  for (std::size_t i = 0; i < s.nodes.size(); ++i) {
    EXPECT_EQ(s.node_trailing[i], s.nodes[i].node == "node-4" ? 1u : 0u) << s.nodes[i].node;
  }
  // Latency: lower is better, and no node trails (they differ by 10 ns steps, below 1%).
  EXPECT_EQ(Stats(s, "launch.roundtrip").trailing, 0u);
  EXPECT_FALSE(Stats(s, "launch.roundtrip").higher_is_better);
}

TEST(FleetOutliers, AFasterNodeDoesNotTrail) {
  FleetSummary s = SixNodes(1.10);
  EXPECT_TRUE(s.trailing.empty());
}

TEST(FleetOutliers, ASlowLatencyTrailsAboveTheMedian) {
  FleetBuilder b;
  for (int i = 0; i < 5; ++i) {
    NodeReport n = Node("n" + std::to_string(i));
    n.figures.push_back(Figure("launch.roundtrip", "s", i == 2 ? 14e-6 : 10e-6, 50e-6));
    b.Add(std::move(n));
  }
  FleetSummary s = std::move(b).Finish();
  ASSERT_EQ(s.trailing.size(), 1u);
  EXPECT_EQ(s.nodes[s.figures[0].points[s.trailing[0].point].node].node, "n2");
  // Four of five alike: MAD 0, spread floored at 1% of the median (0.1 us), 40 spreads above.
  EXPECT_TRUE(s.figures[0].spread_floored);
  EXPECT_NEAR(s.figures[0].points[s.trailing[0].point].mads_worse, 40, 1e-6);
}

TEST(FleetOutliers, FewerThanThreeNodesAreNotJudgedAndSaySo) {
  FleetBuilder b;
  for (double v : {4.3e12, 3.6e12}) {
    NodeReport n = Node(v > 4e12 ? "fast" : "slow");
    n.figures.push_back(Figure("memory.triad", "B/s", v, 3.445e12));
    b.Add(std::move(n));
  }
  FleetSummary s = std::move(b).Finish();
  EXPECT_TRUE(s.trailing.empty());
  EXPECT_FALSE(s.figures[0].mad_judged);
  EXPECT_EQ(s.figures[0].not_judged, "2 nodes: fewer than 3 give no outlier judgement");
  std::ostringstream text;
  WriteFleetTerminal(s, text);
  EXPECT_NE(text.str().find("no MAD judgement: 2 nodes: fewer than 3"), std::string::npos)
      << text.str();
}

TEST(FleetOutliers, EveryValueAlikeTrailsNothing) {
  FleetBuilder b;
  for (int i = 0; i < 4; ++i) {
    NodeReport n = Node("n" + std::to_string(i));
    n.figures.push_back(Figure("memory.triad", "B/s", 4.3e12, 3.445e12));
    b.Add(std::move(n));
  }
  FleetSummary s = std::move(b).Finish();
  EXPECT_TRUE(s.trailing.empty());
  EXPECT_DOUBLE_EQ(s.figures[0].mad, 0);
  EXPECT_TRUE(s.figures[0].spread_floored);
}

TEST(FleetOutliers, RenderersListTheTrailingNodeFirst) {
  FleetSummary s = SixNodes();
  std::ostringstream terminal, html;
  WriteFleetTerminal(s, terminal);
  const std::string t = terminal.str();
  const std::size_t trailing = t.find("Trailing the fleet");
  ASSERT_NE(trailing, std::string::npos) << t;
  EXPECT_LT(trailing, t.find("Nodes by root cause"));
  EXPECT_NE(t.find("node-4 0000:0c:00.0  memory.triad"), std::string::npos) << t;
  EXPECT_NE(t.find("passes its floor of 3.44 TB/s"), std::string::npos) << t;

  nlohmann::json j = FleetToJson(s);
  ASSERT_EQ(j["trailing"].size(), 1u);
  EXPECT_EQ(j["trailing"][0]["node"], "node-4");
  EXPECT_EQ(j["trailing"][0]["verdict"], "pass");
  EXPECT_DOUBLE_EQ(j["trailing"][0]["median"].get<double>(), Stats(s, "memory.triad").median);

  WriteFleetHtml(s, html);
  const std::string h = html.str();
  const std::size_t section = h.find("<section id=\"trailing\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_LT(section, h.find("<section id=\"nodes\">")) << "listed before the node table";
  EXPECT_NE(h.find("<td>node-4</td>", section), std::string::npos);
  EXPECT_NE(h.find("3.90 TB/s", section), std::string::npos) << "the figure";
  EXPECT_NE(h.find("4.33 TB/s", section), std::string::npos) << "the median";
}

TEST(FleetBaseline, RowsParseAsThresholdsAndJudgeTheMedian) {
  FleetSummary s = SixNodes();
  BaselineOptions options{.mads = 5, .date = "2026-12-05"};
  std::vector<BaselineGroup> groups = BuildBaseline(s, options);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].Slug(), "amd-instinct-mi300x");
  EXPECT_EQ(groups[0].nodes, 6u);
  std::ostringstream csv;
  WriteBaselineCsv(groups[0], options, csv);
  EXPECT_NE(csv.str().find("\ngpu,benchmark,basis,value,unstable,source\n"), std::string::npos)
      << "reports without partition modes: the six columns of before\n"
      << csv.str();
  auto parsed = BenchThresholds::Parse(csv.str(), "baseline.csv");
  ASSERT_TRUE(parsed) << parsed.error() << "\n" << csv.str();
  ASSERT_EQ(parsed->rows().size(), 2u);
  const ThresholdRow* triad = nullptr;
  const ThresholdRow* roundtrip = nullptr;
  for (const ThresholdRow& r : parsed->rows()) {
    (r.benchmark == "memory.triad" ? triad : roundtrip) = &r;
  }
  ASSERT_TRUE(triad && roundtrip);
  const FigureStats& t = Stats(s, "memory.triad");
  EXPECT_EQ(triad->gpu, "AMD Instinct MI300X");
  EXPECT_EQ(triad->basis, FloorBasis::kMin);
  EXPECT_NEAR(triad->value, t.median - 5 * t.spread, t.median * 1e-5);
  EXPECT_NE(triad->source.find("median 4.33 TB/s"), std::string::npos) << triad->source;
  EXPECT_NE(triad->source.find("over 6 nodes"), std::string::npos) << triad->source;
  EXPECT_NE(triad->source.find("2026-12-05"), std::string::npos) << triad->source;
  EXPECT_EQ(roundtrip->basis, FloorBasis::kMax) << "a time gets a ceiling";
  EXPECT_GT(roundtrip->value, Stats(s, "launch.roundtrip").median);

  // The round trip: a GPU of the model measured at the slow node's triad fails the baseline's
  // floor, though the built-in one (3.45 TB/s) passes it.
  Measurement m;
  m.name = "memory.triad";
  m.unit = "B/s";
  m.best = m.median = 4.33e12 * 0.90;
  BenchGpu gpu;
  gpu.runtime_name = "AMD Instinct MI300X";
  gpu.gfx = "gfx942";
  // Kept in a local: the judgement's row points into the thresholds it was judged by.
  const BenchThresholds thresholds = BenchThresholds::Builtin().WithOverrides(*parsed);
  BenchJudgement j = JudgeMeasurement(m, gpu, thresholds);
  EXPECT_TRUE(j.judged);
  EXPECT_TRUE(j.out_of_limit);
  ASSERT_NE(j.row, nullptr);
  EXPECT_EQ(j.row->origin.rfind("baseline.csv:", 0), 0u) << j.row->origin;
}

TEST(FleetBaseline, FewNodesAndErrorCountsGetNoRowAndSayWhy) {
  FleetBuilder b;
  for (int i = 0; i < 2; ++i) {
    NodeReport n = Node("n" + std::to_string(i));
    n.figures.push_back(Figure("memory.triad", "B/s", 4.3e12, 3.445e12));
    n.figures.push_back({"memtest.random", "errors", "0000:0c:00.0", "AMD Instinct MI300X", 0});
    b.Add(std::move(n));
  }
  BaselineOptions options{.mads = 5, .date = "2026-12-05"};
  std::vector<BaselineGroup> groups = BuildBaseline(std::move(b).Finish(), options);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_TRUE(groups[0].rows.empty());
  ASSERT_EQ(groups[0].gaps.size(), 2u);
  std::ostringstream csv;
  WriteBaselineCsv(groups[0], options, csv);
  EXPECT_NE(csv.str().find("# no row for memory.triad: 2 nodes: fewer than 3"), std::string::npos)
      << csv.str();
  EXPECT_TRUE(BenchThresholds::Parse(csv.str(), "b.csv")) << "a header and no rows still reads";
}

}  // namespace
}  // namespace rocm_doctor::fleet
