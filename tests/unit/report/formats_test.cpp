// SPDX-License-Identifier: MIT
// The JUnit, Prometheus and Markdown reporters against golden files, on a report that has what
// they must handle: per-GPU checks, a waived finding, every status, benchmark figures, a policy,
// and hostile text from the machine (markup, quotes, control bytes, invalid UTF-8).
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "report/text_escape.h"
#include "core/report_summary.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/reporters.h"
#include "support/golden.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kFormatFixCommands[] = {"sudo usermod -aG render,video {user}  # needs root"};
constexpr FindingSpec kFormatSpecs[] = {
    {.code = "test.formats.kfd_denied",
     .severity = Status::kFail,
     .title = "no access to /dev/kfd",
     .remediation = "Add {user} to the render group, then log out and back in.",
     .commands = kFormatFixCommands,
     .requires_root = true},
    {.code = "test.formats.link_slow",
     .severity = Status::kWarn,
     .title = "slow link",
     .remediation = "Reseat the card."},
    {.code = "test.formats.probe_timeout",
     .severity = Status::kTimeout,
     .title = "the probe hung",
     .remediation = "Look at the kernel log."},
    {.code = "test.formats.gpu_found", .severity = Status::kInfo, .title = "a GPU"},
};
ROCMDOC_REGISTER_FINDINGS(kFormatSpecs);

constexpr char kHostile[] =
    "<b>bold</b> & \"quoted\" 'single' | pipe *star* _under_ `tick` \x01 \xff";

CheckRecord MakeRecord(std::string id, Layer layer, std::string title, Status status,
                   std::string summary, std::vector<Finding> findings = {},
                   std::string blocked_by = {}, bool per_gpu = false) {
  CheckRecord r;
  r.id = std::move(id);
  r.layer = layer;
  r.title = std::move(title);
  r.outcome.status = status;
  r.outcome.summary = std::move(summary);
  r.outcome.findings = std::move(findings);
  r.blocked_by = std::move(blocked_by);
  r.per_gpu = per_gpu;
  r.duration_ms = 2.0;
  return r;
}

Finding WithBdf(Finding f, std::string bdf) {
  f.params["bdf"] = std::move(bdf);
  return f;
}

Report FleetReport() {
  Report report;
  report.tool_version = "0.1.0";
  report.host.hostname = "node17";
  report.host.kernel = "6.8.0-45-generic";
  report.host.os = "Ubuntu 22.04.5 LTS";
  report.host.user = "alice";
  report.host.system = "live host";
  report.host.rocm_release = "6.2.0";
  report.started_at = "2026-12-01T00:00:00Z";
  report.started_at_unix = 1796083200;
  report.duration_ms = 1250;
  report.policy = PolicySummary{"mi300x-node", "/etc/rocm-doctor/mi300x-node.toml", 1};

  Finding denied = MakeFinding(
      "test.formats.kfd_denied",
      "/dev/kfd is crw-rw---- root:render, and alice is not in group render.",
      {{"/dev/kfd", "crw-rw---- root:render", "read-write for alice"}}, {{"user", "alice"}});
  Finding slow_a =
      WithBdf(MakeFinding("test.formats.link_slow", "0000:03:00.0 runs at 8.0 GT/s x16",
                          {{"/sys/bus/pci/devices/0000:03:00.0/current_link_speed", "8.0 GT/s PCIe",
                            "16.0 GT/s PCIe"}}),
              "0000:03:00.0");
  slow_a.waived = true;
  slow_a.waiver = "riser runs Gen3 (OPS-1)";
  Finding slow_b =
      WithBdf(MakeFinding("test.formats.link_slow", "0000:04:00.0 runs at 2.5 GT/s x16",
                          {{"/sys/bus/pci/devices/0000:04:00.0/current_link_speed", "2.5 GT/s PCIe",
                            "16.0 GT/s PCIe"}}),
              "0000:04:00.0");
  Finding hung = MakeFinding("test.formats.probe_timeout", "hip-probe did not finish in 30 s",
                             {{"hip-probe", "killed at the deadline", ""}});
  Finding gpu_a = WithBdf(
      MakeFinding("test.formats.gpu_found", "AMD Instinct MI300X at 0000:03:00.0"), "0000:03:00.0");
  Finding hostile = MakeFinding("test.formats.gpu_found", kHostile, {{"/proc/x", kHostile, ""}});

  report.checks = {
      MakeRecord("hardware.gpus", Layer::kHardware, "GPUs", Status::kPass,
             "2 × AMD Instinct MI300X (gfx942)", {gpu_a}),
      MakeRecord("hardware.pcie_link", Layer::kHardware, "PCIe link", Status::kWarn, slow_b.message,
             {slow_a, slow_b}, {}, /*per_gpu=*/true),
      MakeRecord("hardware.bar", Layer::kHardware, "BAR", Status::kSkip, "no VRAM size reported", {},
             {}, /*per_gpu=*/true),
      MakeRecord("driver.kfd_access", Layer::kDriver, "/dev/kfd access", Status::kFail,
             "permission denied for alice", {denied}),
      MakeRecord("driver.weird", Layer::kDriver, "Hostile text", Status::kInfo, kHostile, {hostile}),
      MakeRecord("runtime.hip_devices", Layer::kRuntime, "HIP devices", Status::kTimeout, hung.message,
             {hung}, "driver.kfd_access"),
      MakeRecord("runtime.env", Layer::kRuntime, "Environment", Status::kSkip,
             "blocked by /dev/kfd access", {}, "driver.kfd_access"),
      MakeRecord("policy.gpu_count", Layer::kPolicy, "GPU count", Status::kPass,
             "2 AMD GPUs, as the policy expects"),
  };
  RootCause cause;
  cause.check_id = "driver.kfd_access";
  cause.finding = denied;
  cause.remediation = Catalog::Instance().RemediationFor(denied);
  cause.blocked_checks = {"runtime.env"};
  cause.symptoms = {Symptom{"runtime.hip_devices", hung}};
  RootCause warn;
  warn.check_id = "hardware.pcie_link";
  warn.finding = slow_b;
  warn.remediation = Catalog::Instance().RemediationFor(slow_b);
  report.root_causes = {cause, warn};
  report.gpus = {GpuSummary{"0000:03:00.0", "0x1002", "0x74a1", "0x00", "AMD Instinct MI300X",
                            "gfx942", "amdgpu", 0},
                 GpuSummary{"0000:04:00.0", "0x1002", "0x74a1", "0x00", "AMD Instinct MI300X",
                            "gfx942", "amdgpu", 1}};

  BenchmarkResult triad;
  triad.check = "bench.memory";
  triad.device = 0;
  triad.device_name = "AMD Instinct MI300X";
  triad.pci = "0000:03:00.0";
  triad.name = "memory.triad";
  triad.status = "ok";
  triad.unit = "B/s";
  triad.best = 4.2e12;
  triad.median = 4.1e12;
  triad.worst = 3.9e12;
  triad.limit = 3.8e12;
  triad.datasheet = 5.3e12;
  triad.percent_of_peak = 77.358490566;
  triad.verdict = Status::kPass;
  BenchmarkResult launch;
  launch.check = "bench.launch";
  launch.device = 0;
  launch.pci = "0000:03:00.0";
  launch.name = "launch.roundtrip";
  launch.status = "ok";
  launch.unit = "s";
  launch.best = 7.5e-6;
  launch.median = 7.9e-6;
  launch.worst = 9.0e-6;
  launch.limit = 50e-6;
  launch.limit_is_ceiling = true;
  launch.verdict = Status::kPass;
  BenchmarkResult odd;  // a unit the Prometheus reporter does not know: left out there
  odd.name = "stress.mixed";
  odd.status = "skipped";
  odd.unit = "score";
  odd.verdict = Status::kSkip;
  report.benchmarks = {triad, launch, odd};
  report.verdict = Verdict::kFail;
  report.exit_code = 1;
  SummarizeReport(report);  // counts and verdict in words, as BuildReport sets them
  return report;
}

std::string Junit(const Report& report) {
  std::ostringstream out;
  WriteJunitReport(report, out);
  return out.str();
}

std::size_t Count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(JunitReporter, MatchesGolden) {
  EXPECT_EQ(testing::CompareWithGolden("report/junit.xml", Junit(FleetReport())), "");
}

TEST(JunitReporter, OneCasePerCheckAndPerGpuForPerGpuChecks) {
  std::string xml = Junit(FleetReport());
  // 8 checks, two of them per GPU on 2 GPUs: 10 testcases.
  EXPECT_EQ(Count(xml, "<testcase "), 10u);
  // One failing check, one failure: the warning (pcie_link) leaves exit 0 and is no <failure>.
  EXPECT_NE(xml.find("<testsuites name=\"rocm-doctor\" tests=\"10\" failures=\"1\" errors=\"1\" "
                     "skipped=\"3\""),
            std::string::npos)
      << xml;
  // The waived finding on 0000:03:00.0 leaves that GPU's case passing; 0000:04:00.0 warns: its
  // finding is in system-out, marked warn, and the case passes.
  std::size_t a = xml.find("name=\"hardware.pcie_link [0000:03:00.0]\"");
  std::size_t b = xml.find("name=\"hardware.pcie_link [0000:04:00.0]\"");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  EXPECT_EQ(xml.substr(a, b - a).find("<failure"), std::string::npos);
  EXPECT_EQ(xml.substr(b, 600).find("<failure"), std::string::npos);
  EXPECT_NE(xml.substr(b, 600).find("warn [test.formats.link_slow] 0000:04:00.0 runs at 2.5 GT/s"),
            std::string::npos);
  // A per-GPU check skipped without naming a GPU is skipped on each.
  EXPECT_EQ(Count(xml, "<skipped message=\"no VRAM size reported\"/>"), 2u);
  EXPECT_NE(xml.find("<error message=\"hip-probe did not finish in 30 s\" "
                     "type=\"test.formats.probe_timeout\">"),
            std::string::npos);
}

TEST(JunitReporter, EscapesMachineTextIntoValidXml) {
  std::string xml = Junit(FleetReport());
  EXPECT_EQ(xml.find("<b>"), std::string::npos);
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
  EXPECT_EQ(xml.find('\xff'), std::string::npos);
  EXPECT_NE(xml.find("&lt;b&gt;bold&lt;/b&gt; &amp; \"quoted\""), std::string::npos);
}

TEST(JunitReporter, AReportWithoutGpusHasOneCasePerCheck) {
  Report report = FleetReport();
  report.gpus.clear();
  EXPECT_EQ(Count(Junit(report), "<testcase "), 8u);
}

std::string Prometheus(const Report& report) {
  std::ostringstream out;
  WritePrometheusReport(report, out);
  return out.str();
}

TEST(PrometheusReporter, MatchesGolden) {
  EXPECT_EQ(testing::CompareWithGolden("report/prometheus.prom", Prometheus(FleetReport())), "");
}

TEST(PrometheusReporter, BaseUnitsStateSetsAndNoRepeatedSeries) {
  std::string text = Prometheus(FleetReport());
  EXPECT_NE(text.find("rocm_doctor_run_duration_seconds 1.25\n"), std::string::npos);
  EXPECT_NE(text.find("rocm_doctor_last_run_timestamp_seconds 1796083200\n"), std::string::npos);
  EXPECT_NE(text.find("rocm_doctor_check_status{check=\"driver.kfd_access\",layer=\"driver\","
                      "status=\"fail\"} 1\n"),
            std::string::npos);
  EXPECT_NE(text.find("rocm_doctor_benchmark_bytes_per_second{benchmark=\"memory.triad\","
                      "device=\"0\",pci=\"0000:03:00.0\",stat=\"median\"} 4100000000000"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("rocm_doctor_benchmark_seconds{benchmark=\"launch.roundtrip\",device=\"0\","
                      "pci=\"0000:03:00.0\",stat=\"median\"} 7.9e-06"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("score"), std::string::npos);
  // Every sample line is unique (node-exporter drops a file that repeats one).
  std::istringstream lines(text);
  std::set<std::string> seen;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::string series = line.substr(0, line.rfind(' '));
    EXPECT_TRUE(seen.insert(series).second) << "repeated: " << series;
  }
  // Label values escape quotes, backslashes and newlines.
  Report report = FleetReport();
  report.host.os = "Odd \"OS\" \\ name\nline two";
  EXPECT_NE(Prometheus(report).find("os=\"Odd \\\"OS\\\" \\\\ name\\nline two\""),
            std::string::npos);
}

std::string Markdown(const Report& report) {
  std::ostringstream out;
  WriteMarkdownReport(report, out);
  return out.str();
}

TEST(MarkdownReporter, MatchesGolden) {
  EXPECT_EQ(testing::CompareWithGolden("report/markdown.md", Markdown(FleetReport())), "");
}

TEST(MarkdownReporter, RootCauseFirstThenTheFixThenFoldedDetails) {
  std::string md = Markdown(FleetReport());
  std::size_t cause = md.find("Root cause: `test.formats.kfd_denied`");
  std::size_t fix = md.find("sudo usermod -aG render,video alice");
  std::size_t checks = md.find("### Checks");
  std::size_t details = md.find("<details><summary>Findings and evidence</summary>");
  ASSERT_NE(cause, std::string::npos) << md;
  EXPECT_LT(cause, fix);
  EXPECT_LT(fix, checks);
  EXPECT_LT(checks, details);
  EXPECT_EQ(md.find("<b>"), std::string::npos) << "machine text must not become markup";
  EXPECT_NE(md.find("&lt;b&gt;bold&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(md.find("\\| pipe"), std::string::npos);
  EXPECT_NE(md.find("*(waived: riser runs Gen3 (OPS-1))*"), std::string::npos);
}

TEST(TerminalReporter, ShowsThePolicyAndMarksWaivedFindings) {
  std::ostringstream plain, verbose;
  WriteTerminalReport(FleetReport(), plain, TerminalStyle{false, false});
  WriteTerminalReport(FleetReport(), verbose, TerminalStyle{false, true});
  EXPECT_NE(plain.str().find("policy mi300x-node (/etc/rocm-doctor/mi300x-node.toml), 1 finding "
                             "waived\n"),
            std::string::npos)
      << plain.str();
  EXPECT_NE(plain.str().find("(waived: test.formats.link_slow)"), std::string::npos);
  EXPECT_NE(verbose.str().find("(waived: riser runs Gen3 (OPS-1))"), std::string::npos);
}

TEST(TerminalReporter, MachineTextCannotDriveTheTerminal) {
  // A file on a hostile machine holding a window-title OSC, a screen clear and a C1 CSI.
  Report report = FleetReport();
  const std::string evil = "fine\x1b]0;owned\x07 \x1b[2J\r\x08 \xc2\x9b" "31m end";
  report.checks.front().outcome.summary = evil;
  report.checks.front().outcome.findings.front().message = evil;
  for (bool color : {false, true}) {
    std::ostringstream out;
    WriteTerminalReport(report, out, TerminalStyle{color, true});
    const std::string text = out.str();
    for (std::size_t at = text.find('\x1b'); at != std::string::npos;
         at = text.find('\x1b', at + 1)) {
      const std::size_t m = text.find_first_not_of("0123456789;", at + 2);
      EXPECT_TRUE(text.compare(at, 2, "\x1b[") == 0 && m != std::string::npos && text[m] == 'm')
          << "a non-colour escape at " << at;
    }
    EXPECT_EQ(text.find('\x07'), std::string::npos);
    EXPECT_EQ(text.find('\r'), std::string::npos);
    EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
    EXPECT_NE(text.find("fine?]0;owned? ?[2J?? ?31m end"), std::string::npos) << text;
  }
  // A colour change in the data is data too (issue 13: ESC[8m hid text that is still copied);
  // only the painter's codes (report_text::PainterCode) become escapes.
  EXPECT_EQ(report_text::TerminalText("a\x1b[1;31mred\x1b[0m\tb\n"), "a?[1;31mred?[0m\tb\n");
}

TEST(RedactReport, EveryFormatRendersTheRedactedReport) {
  Report report = FleetReport();
  report.checks[4].outcome.summary = "node17 at 10.1.2.3 (aa:bb:cc:dd:ee:ff) for alice";
  RedactReport(report);
  ASSERT_TRUE(report.redacted);
  std::set<std::string> kinds;
  for (const RedactionSummary& r : *report.redacted) kinds.insert(r.kind);
  EXPECT_TRUE(kinds.count("hostname"));
  EXPECT_TRUE(kinds.count("user name"));
  EXPECT_TRUE(kinds.count("IPv4 address"));
  EXPECT_TRUE(kinds.count("MAC address"));
  std::ostringstream json, terminal;
  WriteJsonReport(report, json);
  WriteTerminalReport(report, terminal, TerminalStyle{false, true});
  for (const std::string& text :
       {Junit(report), Prometheus(report), Markdown(report), json.str(), terminal.str()}) {
    for (std::string_view secret : {"node17", "alice", "10.1.2.3", "aa:bb:cc:dd:ee:ff"}) {
      EXPECT_EQ(text.find(secret), std::string::npos) << secret << " in:\n" << text.substr(0, 400);
    }
  }
  EXPECT_NE(json.str().find("\"redacted\""), std::string::npos);
  EXPECT_NE(terminal.str().find("redacted: "), std::string::npos);
}

}  // namespace
}  // namespace rocm_doctor
