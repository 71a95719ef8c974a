// SPDX-License-Identifier: MIT
// Judging benchmark figures between two reports: direction, noise band, matching by device.
#include <gtest/gtest.h>

#include "diff/report_diff.h"

namespace rocm_doctor::diff {
namespace {

using Row = fleet::ReportDetails::Benchmark;

Row Figure(std::string name, std::string unit, double median, std::optional<double> spread,
           std::string pci = "0000:0c:00.0", std::int64_t device = 0) {
  Row r;
  r.check = "bench.memory";
  r.name = std::move(name);
  r.unit = std::move(unit);
  r.status = "ok";
  r.device = device;
  r.device_name = "AMD Instinct MI300X";
  r.pci = std::move(pci);
  r.median = median;
  r.best = median * 1.01;
  r.spread = spread;
  return r;
}

TEST(JudgeFigureTest, BandwidthBelowTheBandIsARegression) {
  const Row base = Figure("memory.triad", "B/s", 4.33e12, 0.018);
  const Row now = Figure("memory.triad", "B/s", 4.33e12 * 0.9, 0.020);
  const FigureChange f = JudgeFigure(&base, &now);
  EXPECT_EQ(f.change, Change::kRegression);
  EXPECT_EQ(f.better, Better::kHigher);
  ASSERT_TRUE(f.ratio);
  EXPECT_NEAR(*f.ratio, 0.9, 1e-9);
  ASSERT_TRUE(f.band);
  EXPECT_DOUBLE_EQ(*f.band, 0.020);  // the wider of the two runs' spreads
  EXPECT_EQ(f.band_basis, "spread");
  EXPECT_EQ(f.statistic, "median");
}

TEST(JudgeFigureTest, WithinTheSpreadIsNoise) {
  const Row base = Figure("memory.triad", "B/s", 4.33e12, 0.018);
  const Row now = Figure("memory.triad", "B/s", 4.33e12 * 0.985, 0.010);
  EXPECT_EQ(JudgeFigure(&base, &now).change, Change::kNone);
  const Row better = Figure("memory.triad", "B/s", 4.33e12 * 1.05, 0.010);
  EXPECT_EQ(JudgeFigure(&base, &better).change, Change::kImprovement);
}

TEST(JudgeFigureTest, LatencyIsBetterLower) {
  const Row base = Figure("launch.roundtrip", "s", 10.1e-6, 0.19);
  const Row slower = Figure("launch.roundtrip", "s", 10.1e-6 * 1.15, 0.15);
  const Row much_slower = Figure("launch.roundtrip", "s", 10.1e-6 * 1.5, 0.15);
  const Row faster = Figure("launch.roundtrip", "s", 10.1e-6 * 0.7, 0.15);
  EXPECT_EQ(JudgeFigure(&base, &slower).change, Change::kNone);  // ±19%: launch noise
  EXPECT_EQ(JudgeFigure(&base, &much_slower).change, Change::kRegression);
  EXPECT_EQ(JudgeFigure(&base, &faster).change, Change::kImprovement);
  EXPECT_EQ(JudgeFigure(&base, &faster).better, Better::kLower);
}

TEST(JudgeFigureTest, TheReportsLimitKindWinsOverTheUnit) {
  Row base = Figure("custom.thing", "launch/s", 100, 0.01);
  Row now = Figure("custom.thing", "launch/s", 150, 0.01);
  base.limit_kind = now.limit_kind = "ceiling";  // judged against a ceiling: lower is better
  EXPECT_EQ(JudgeFigure(&base, &now).better, Better::kLower);
  EXPECT_EQ(JudgeFigure(&base, &now).change, Change::kRegression);
}

TEST(JudgeFigureTest, DefaultBandWithoutSpreadAndMinimumBand) {
  const Row base = Figure("host.h2d_pinned", "B/s", 50e9, std::nullopt);
  const Row minus4 = Figure("host.h2d_pinned", "B/s", 48e9, std::nullopt);
  const Row minus6 = Figure("host.h2d_pinned", "B/s", 47e9, std::nullopt);
  FigureChange f = JudgeFigure(&base, &minus4);
  EXPECT_EQ(f.change, Change::kNone);
  EXPECT_EQ(f.band_basis, "default");
  EXPECT_DOUBLE_EQ(*f.band, 0.05);
  EXPECT_EQ(JudgeFigure(&base, &minus6).change, Change::kRegression);
  // --band 10: the default band is wider.
  EXPECT_EQ(JudgeFigure(&base, &minus6, {.default_band = 0.10, .min_band = 0.01}).change,
            Change::kNone);

  // A spread of 0.1% would flag a 0.5% drift between runs; the minimum band holds.
  const Row tight = Figure("memory.copy", "B/s", 4.2e12, 0.001);
  const Row drift = Figure("memory.copy", "B/s", 4.2e12 * 0.995, 0.001);
  f = JudgeFigure(&tight, &drift);
  EXPECT_EQ(f.change, Change::kNone);
  EXPECT_EQ(f.band_basis, "minimum");
  EXPECT_DOUBLE_EQ(*f.band, 0.01);
  EXPECT_EQ(JudgeFigure(&tight, &drift, {.default_band = 0.05, .min_band = 0}).change,
            Change::kRegression);
}

TEST(JudgeFigureTest, MemoryErrorsAreCountsNotNoise) {
  Row base = Figure("memtest.random", "errors", 0, std::nullopt);
  Row now = Figure("memtest.random", "errors", 3, std::nullopt);
  base.best = 0;
  now.best = 3;
  FigureChange f = JudgeFigure(&base, &now);
  EXPECT_EQ(f.change, Change::kRegression);
  EXPECT_FALSE(f.ratio);  // no ratio to 0
  EXPECT_EQ(JudgeFigure(&now, &base).change, Change::kImprovement);
  EXPECT_EQ(JudgeFigure(&base, &base).change, Change::kNone);
}

TEST(JudgeFigureTest, BestWhenAReportHasNoMedian) {
  Row base = Figure("memory.copy", "B/s", 4.2e12, 0.02);
  Row now = Figure("memory.copy", "B/s", 3.0e12, 0.02);
  base.median.reset();
  base.best = 4.2e12;
  now.best = 3.0e12;
  const FigureChange f = JudgeFigure(&base, &now);
  EXPECT_EQ(f.statistic, "best");
  EXPECT_EQ(f.change, Change::kRegression);
}

TEST(JudgeFigureTest, ABenchmarkThatBrokeIsARegression) {
  const Row base = Figure("memory.triad", "B/s", 4.33e12, 0.018);
  Row now = base;
  now.status = "timeout";
  now.reason = "killed after 60 s";
  now.median.reset();
  now.best.reset();
  FigureChange f = JudgeFigure(&base, &now);
  EXPECT_EQ(f.change, Change::kRegression);
  EXPECT_EQ(f.note, "now timeout: killed after 60 s");
  EXPECT_TRUE(f.base);
  EXPECT_FALSE(f.current);
  EXPECT_EQ(JudgeFigure(&now, &base).change, Change::kImprovement);

  Row skipped = now;
  skipped.status = "skipped";
  skipped.reason = "no peers: 1 GPU";
  f = JudgeFigure(&base, &skipped);
  EXPECT_EQ(f.change, Change::kChanged);  // not measured now: not a regression by itself
  EXPECT_EQ(f.note, "ok -> skipped: no peers: 1 GPU");
}

TEST(JudgeFigureTest, UnknownUnitIsListedNotJudged) {
  const Row base = Figure("custom.thing", "widgets", 10, 0.01);
  const Row now = Figure("custom.thing", "widgets", 1, 0.01);
  const FigureChange f = JudgeFigure(&base, &now);
  EXPECT_EQ(f.change, Change::kChanged);
  EXPECT_EQ(f.better, Better::kUnknown);
  EXPECT_NEAR(*f.ratio, 0.1, 1e-12);
}

TEST(CompareFiguresTest, MatchesByPciThenByOrdinalOfTheSameModel) {
  // Two GPUs; in the current report (another host) they sit at other PCI addresses.
  std::vector<Row> base = {Figure("memory.triad", "B/s", 4.3e12, 0.02, "0000:0c:00.0", 0),
                           Figure("memory.triad", "B/s", 4.4e12, 0.02, "0000:1c:00.0", 1)};
  std::vector<Row> now = {Figure("memory.triad", "B/s", 4.4e12, 0.02, "0000:2c:00.0", 1),
                          Figure("memory.triad", "B/s", 2.0e12, 0.02, "0000:3c:00.0", 0)};
  std::vector<FigureChange> f = CompareFigures(base, now);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].device, "0000:1c:00.0 -> 0000:2c:00.0");
  EXPECT_EQ(f[0].change, Change::kNone);
  EXPECT_EQ(f[1].device, "0000:0c:00.0 -> 0000:3c:00.0");
  EXPECT_EQ(f[1].change, Change::kRegression);

  // The same PCI address wins over the ordinal (the runtime renumbered the GPUs).
  now = {Figure("memory.triad", "B/s", 4.3e12, 0.02, "0000:0c:00.0", 1)};
  f = CompareFigures(base, now);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].device, "0000:0c:00.0");
  EXPECT_EQ(f[0].change, Change::kNone);
  EXPECT_EQ(f[1].change, Change::kRemoved);  // the base's GPU 1 is not in the current report
}

TEST(CompareFiguresTest, AnotherModelOrAFigureOnOneSideIsListedNotJudged) {
  std::vector<Row> base = {Figure("memory.triad", "B/s", 4.3e12, 0.02)};
  Row mi210 = Figure("memory.triad", "B/s", 1.3e12, 0.02);
  mi210.device_name = "AMD Instinct MI210";
  Row dot = Figure("memory.dot", "B/s", 4.0e12, 0.02);
  Row peer = Figure("peer.copy", "B/s", 0, std::nullopt);
  peer.status = "skipped";  // skipped where it is the only row: not a figure
  std::vector<FigureChange> f = CompareFigures(base, {mi210, dot, peer});
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].name, "memory.triad");
  EXPECT_EQ(f[0].change, Change::kAdded);
  EXPECT_EQ(f[0].device_name, "AMD Instinct MI210");
  EXPECT_EQ(f[1].name, "memory.dot");
  EXPECT_EQ(f[1].change, Change::kAdded);
  EXPECT_EQ(f[2].name, "memory.triad");
  EXPECT_EQ(f[2].change, Change::kRemoved);
  for (const FigureChange& c : f) EXPECT_NE(c.change, Change::kRegression);
}

TEST(CompareFiguresTest, SkippedInBothIsNoFigure) {
  Row peer = Figure("peer.copy", "B/s", 0, std::nullopt);
  peer.status = "skipped";
  peer.median.reset();
  peer.best.reset();
  EXPECT_TRUE(CompareFigures({peer}, {peer}).empty());
}

}  // namespace
}  // namespace rocm_doctor::diff
