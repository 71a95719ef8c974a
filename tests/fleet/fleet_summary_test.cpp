// SPDX-License-Identifier: MIT
#include "fleet/fleet_summary.h"

#include <gtest/gtest.h>

#include <sstream>

#include "fleet/figure_format.h"
#include "fleet/fleet_reporters.h"

namespace rocm_doctor::fleet {
namespace {

NodeReport Node(std::string name, std::string verdict, std::vector<std::string> causes = {}) {
  NodeReport n;
  n.node = std::move(name);
  n.verdict = std::move(verdict);
  n.root_causes = std::move(causes);
  n.problem_codes = n.root_causes;
  n.tool_version = "0.1.0";
  n.started_at = "2026-12-01T10:00:00Z";
  return n;
}

void AddTriad(NodeReport& n, double value, std::string gpu = "0000:c1:00.0",
              std::string model = "AMD Instinct MI300X") {
  n.figures.push_back({"memory.triad", "B/s", std::move(gpu), std::move(model), value});
}

TEST(FleetBuilder, GroupsNodesByTheirFirstRootCauseHealthyLast) {
  FleetBuilder b;
  b.Add(Node("n3", "fail", {"driver.kfd.permission_denied", "hardware.bar.small"}));
  b.Add(Node("n1", "pass"));
  b.Add(Node("n2", "fail", {"driver.kfd.permission_denied"}));
  b.Add(Node("n4", "fail", {"hardware.gpu.none_found"}));
  b.Add(Node("n5", "unknown"));
  NodeReport failed_run = Node("n6", "unknown");
  failed_run.run_error = "--sysroot: No such file";
  b.Add(failed_run);
  b.Add(Node("n7", "warn"));
  FleetSummary s = std::move(b).Finish();

  ASSERT_EQ(s.nodes.size(), 7u);
  EXPECT_EQ(s.nodes.front().node, "n1") << "sorted by name";
  ASSERT_EQ(s.groups.size(), 6u);
  EXPECT_EQ(s.groups[0].key, "driver.kfd.permission_denied");
  ASSERT_EQ(s.groups[0].nodes.size(), 2u);
  EXPECT_EQ(s.nodes[s.groups[0].nodes[0]].node, "n2");
  EXPECT_EQ(s.groups.back().key, kGroupHealthy);
  auto group = [&](std::string_view key) -> const NodeGroup* {
    for (const NodeGroup& g : s.groups) {
      if (g.key == key) return &g;
    }
    return nullptr;
  };
  ASSERT_NE(group(kGroupUnknown), nullptr);
  ASSERT_NE(group(kGroupRunFailed), nullptr);
  ASSERT_NE(group(kGroupWarnings), nullptr);
  // Every root cause code counts its nodes, first or not.
  ASSERT_GE(s.root_causes.size(), 3u);
  EXPECT_EQ(s.root_causes[0].code, "driver.kfd.permission_denied");
  EXPECT_EQ(s.root_causes[0].nodes, 2u);
  EXPECT_EQ(s.verdicts["fail"], 3u);
  EXPECT_EQ(s.verdicts["unknown"], 2u);
}

TEST(FleetBuilder, TheLaterReportOfANodeWins) {
  FleetBuilder b;
  NodeReport old_run = Node("n1", "fail", {"hardware.gpu.none_found"});
  old_run.started_at = "2026-12-01T09:00:00Z";
  NodeReport new_run = Node("n1", "pass");
  new_run.started_at = "2026-12-02T09:00:00Z";
  b.Add(new_run);
  b.Add(old_run);
  FleetSummary s = std::move(b).Finish();
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].verdict, "pass");
  EXPECT_EQ(s.files_read, 2u);
  EXPECT_EQ(s.superseded, 1u);
}

TEST(FleetBuilder, VersionsCountNodesAndGpuModelsCountGpus) {
  FleetBuilder b;
  NodeReport a = Node("a", "pass");
  a.rocm_release = "6.2.0";
  a.gpu_models = {"MI300X", "MI300X"};
  NodeReport c = Node("c", "pass");
  c.gpu_models = {"MI210"};
  b.Add(a);
  b.Add(c);
  FleetSummary s = std::move(b).Finish();
  const VersionList* rocm = nullptr;
  const VersionList* models = nullptr;
  for (const VersionList& v : s.versions) {
    if (v.what == "ROCm") rocm = &v;
    if (v.what == "GPU models") models = &v;
  }
  ASSERT_NE(rocm, nullptr);
  ASSERT_EQ(rocm->values.size(), 2u);
  EXPECT_EQ(rocm->values[0].value, "6.2.0");
  EXPECT_EQ(rocm->values[1].value, "unknown");
  ASSERT_NE(models, nullptr);
  EXPECT_EQ(models->values[0].value, "MI300X");
  EXPECT_EQ(models->values[0].count, 2u);
}

TEST(FleetBuilder, OutliersAreFarFromTheirModelsMedianWorstFirst) {
  FleetBuilder b(FleetOptions{.outlier_fraction = 0.10});
  const double tb = 1e12;
  const double values[] = {4.10, 4.12, 4.08, 4.11, 3.00, 4.70, 4.09};
  for (int i = 0; i < 7; ++i) {
    NodeReport n = Node("n" + std::to_string(i), "pass");
    AddTriad(n, values[i] * tb);
    b.Add(n);
  }
  // Another model is compared with itself only: 1.6 TB/s is not an MI300X outlier.
  NodeReport other = Node("m", "pass");
  AddTriad(other, 1.6 * tb, "0000:01:00.0", "AMD Instinct MI210");
  b.Add(other);
  NodeReport errors = Node("e", "fail", {"bench.memtest.errors"});
  errors.figures.push_back({"memtest.random", "errors", "0000:c1:00.0", "AMD Instinct MI300X", 3});
  b.Add(errors);
  NodeReport clean = Node("f", "pass");
  clean.figures.push_back({"memtest.random", "errors", "0000:c1:00.0", "AMD Instinct MI300X", 0});
  b.Add(clean);
  FleetSummary s = std::move(b).Finish();

  ASSERT_EQ(s.figures.size(), 3u);
  const FigureStats* mi300x = nullptr;
  const FigureStats* memtest = nullptr;
  for (const FigureStats& f : s.figures) {
    if (f.name == "memory.triad" && f.model == "AMD Instinct MI300X") mi300x = &f;
    if (f.name == "memtest.random") memtest = &f;
  }
  ASSERT_NE(mi300x, nullptr);
  EXPECT_EQ(mi300x->count, 7u);
  EXPECT_DOUBLE_EQ(mi300x->median, 4.10 * tb);
  EXPECT_EQ(mi300x->outliers, 2u);
  EXPECT_EQ(s.nodes[mi300x->points.front().node].node, "n4") << "the slowest first";
  EXPECT_TRUE(mi300x->points.front().outlier);
  EXPECT_NEAR(mi300x->points.front().deviation, 3.00 / 4.10 - 1, 1e-12);
  EXPECT_TRUE(mi300x->points.back().outlier) << "4.70 is odd too: 14.6% above";
  ASSERT_NE(memtest, nullptr);
  EXPECT_FALSE(memtest->higher_is_better);
  EXPECT_EQ(memtest->outliers, 1u) << "any memory error is odd";
  EXPECT_EQ(s.nodes[memtest->points.front().node].node, "e");
}

TEST(FleetBuilder, LatencyIsLowerIsBetter) {
  FleetBuilder b;
  const double us[] = {8, 8.2, 7.9, 12};
  for (int i = 0; i < 4; ++i) {
    NodeReport n = Node("n" + std::to_string(i), "pass");
    n.figures.push_back({"launch.roundtrip", "s", "device 0", "NVIDIA H200", us[i] * 1e-6});
    b.Add(n);
  }
  FleetSummary s = std::move(b).Finish();
  ASSERT_EQ(s.figures.size(), 1u);
  EXPECT_FALSE(s.figures[0].higher_is_better);
  EXPECT_EQ(s.nodes[s.figures[0].points.front().node].node, "n3") << "the longest time first";
  EXPECT_EQ(s.figures[0].outliers, 1u);
}

TEST(FormatFigure, BaseUnitsWithDecimalPrefixes) {
  EXPECT_EQ(FormatFigure(4.12e12, "B/s"), "4.12 TB/s");
  EXPECT_EQ(FormatFigure(51.2e12, "FLOP/s"), "51.2 TFLOP/s");
  EXPECT_EQ(FormatFigure(812e9, "FLOP/s"), "812 GFLOP/s");
  EXPECT_EQ(FormatFigure(8.31e-6, "s"), "8.31 µs");
  EXPECT_EQ(FormatFigure(0.0125, "s"), "12.5 ms");
  EXPECT_EQ(FormatFigure(250e-9, "s"), "250 ns");
  EXPECT_EQ(FormatFigure(2.5, "s"), "2.50 s");
  EXPECT_EQ(FormatFigure(3, "errors"), "3 errors");
  EXPECT_EQ(FormatFigure(1, "errors"), "1 error");
  EXPECT_EQ(FormatFigure(120000, "launch/s"), "120 klaunch/s");
  EXPECT_EQ(FormatFigure(0, "B/s"), "0.00 B/s");
  EXPECT_EQ(FormatDeviation(-0.248), "-24.8%");
  EXPECT_EQ(FormatDeviation(0.031), "+3.1%");
}

TEST(WriteFleetHtml, NodeNamesCannotBreakOutOfThePage) {
  FleetBuilder b;
  NodeReport evil = Node("</script><script>alert(1)</script><!--", "fail", {"x.<b>y</b>"});
  evil.root_cause_message = "<img src=x onerror=alert(2)>";
  AddTriad(evil, 1e12);
  b.Add(evil);
  b.Skip("bad<name>.json", "not JSON: <oops>");
  FleetSummary s = std::move(b).Finish();
  std::ostringstream out;
  WriteFleetHtml(s, out);
  const std::string html = out.str();
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(html.find("<img src=x"), std::string::npos);
  EXPECT_EQ(html.find("<b>y</b>"), std::string::npos);
  EXPECT_EQ(html.find("bad<name>"), std::string::npos);
  EXPECT_NE(html.find("\\u003c/script>"), std::string::npos) << "escaped inside the data";
  // Exactly the page's own two scripts, and nothing is fetched.
  std::size_t scripts = 0;
  for (std::size_t at = html.find("<script"); at != std::string::npos;
       at = html.find("<script", at + 1)) {
    ++scripts;
  }
  EXPECT_EQ(scripts, 2u);
  EXPECT_EQ(html.find(" src=\""), std::string::npos);
  EXPECT_EQ(html.find(" href=\""), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
}

std::size_t Count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

// The page's layout without a browser (tests/fleet/fleet_reports_test.py checks it rendered):
// the node table comes before any chart, a figure with one value is a row of text, and warn and
// fail groups carry their own class and mark.
TEST(WriteFleetHtml, NodeTableFirstOneValueFiguresAsTextWarnApartFromFail) {
  FleetBuilder b;
  NodeReport good = Node("n1", "pass");
  AddTriad(good, 4e12);
  NodeReport slow = Node("n2", "fail", {"bench.memory_bandwidth.low"});
  AddTriad(slow, 2e12);
  NodeReport warned = Node("n3", "warn", {"hardware.pcie.link_degraded"});
  AddTriad(warned, 1.6e12, "0000:03:00.0", "AMD Instinct MI210");  // the only MI210
  b.Add(good);
  b.Add(slow);
  b.Add(warned);
  b.Add(Node("n4", "fail\" onmouseover=\"x", {"driver.kfd.missing"}));  // a hostile verdict
  FleetSummary s = std::move(b).Finish();
  std::ostringstream out;
  WriteFleetHtml(s, out);
  const std::string html = out.str();
  ASSERT_NE(html.find("id=\"node-table\""), std::string::npos);
  EXPECT_LT(html.find("id=\"node-table\""), html.find("<svg class=\"chart\""));
  EXPECT_LT(html.find("id=\"node-table\""), html.find("id=\"groups\""));
  EXPECT_EQ(Count(html, "<svg class=\"chart\""), 1u) << "only the MI300X triad has two values";
  EXPECT_EQ(Count(html, "<tr class=\"figure-text"), 1u);
  EXPECT_NE(html.find("AMD Instinct MI210</td><td class=\"num\">1</td><td class=\"num\">1.60 TB/s"),
            std::string::npos);
  EXPECT_NE(html.find("<tr class=\"group fail\"><td><code>bench.memory_bandwidth.low</code></td>"
                      "<td><span class=\"mark\" aria-hidden=\"true\">\u2717</span> fail</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<tr class=\"group warn\"><td><code>hardware.pcie.link_degraded</code>"
                      "</td><td><span class=\"mark\" aria-hidden=\"true\">!</span> warn</td>"),
            std::string::npos);
  // The row class comes from a closed set, whatever verdict a report claims.
  EXPECT_NE(html.find("\"verdict_class\":\"unknown\""), std::string::npos);
  EXPECT_EQ(html.find("onmouseover=\"x"), std::string::npos);
}

TEST(WriteFleetTerminal, SaysWhatWasSkippedAndWhy) {
  FleetBuilder b;
  b.Add(Node("n1", "pass"));
  b.Skip("reports/bad.json", "not JSON: unexpected end of text at byte 400");
  FleetSummary s = std::move(b).Finish();
  std::ostringstream out;
  WriteFleetTerminal(s, out);
  EXPECT_NE(out.str().find("1 node from 1 report, 1 skipped"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("reports/bad.json: not JSON: unexpected end of text at byte 400"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace rocm_doctor::fleet
