// SPDX-License-Identifier: MIT
// Issue 15, "output scales": identical root causes on N GPUs are one block ("8 GPUs: ..."), lines
// wrap to the terminal's width (COLUMNS, the tty, else 100) while a fix command stays on one line,
// and long lists in summaries end in a count.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/short_list.h"
#include "core/report_summary.h"
#include "core/root_cause_groups.h"
#include "hostile/doctor_run.h"
#include "report/shell_lint.h"
#include "report/terminal_layout.h"
#include "report/terminal_style.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/reporters.h"
#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kScaleCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap:|LnkSta:'  # needs root",
    "sudo dmesg | grep -iE '{bdf}|amdgpu'  # needs root",
    "mokutil --sb-state",
    "echo {bdf}",
};
constexpr FindingSpec kScaleSpecs[] = {
    {.code = "test.scale.link",
     .severity = Status::kWarn,
     .title = "slow link",
     .remediation = "Reseat the card at {bdf}.",
     .commands = kScaleCommands,
     .requires_root = true},
};
ROCMDOC_REGISTER_FINDINGS(kScaleSpecs);

// The eight GPUs of a real MI300X host (tests/machines/mi300x-healthy): two PCI domains.
const std::vector<std::string> kEight = {"0000:0a:00.0", "0000:80:00.0", "0000:a4:00.0",
                                         "0000:c8:00.0", "0001:0b:00.0", "0001:81:00.0",
                                         "0001:a5:00.0", "0001:c9:00.0"};

RootCause Cause(const std::string& bdf, const std::string& lanes = "4") {
  Finding f = MakeFinding("test.scale.link",
                          "AMD Instinct MI300X (gfx942) at " + bdf + " runs its PCIe link on " +
                              lanes + " of its 16 lanes.",
                          {{"/sys/bus/pci/devices/" + bdf + "/current_link_width", lanes, "16"}},
                          {{"bdf", bdf}});
  RootCause c;
  c.check_id = "hardware.pcie_link";
  c.finding = f;
  c.remediation = Catalog::Instance().RemediationFor(f);
  return c;
}

Report ScaleReport(const std::vector<RootCause>& causes) {
  Report report;
  report.tool_version = "0.1.0";
  report.host.system = "live host";
  CheckRecord link;
  link.id = "hardware.pcie_link";
  link.layer = Layer::kHardware;
  link.title = "PCIe link";
  link.outcome.status = Status::kWarn;
  link.outcome.summary = "A GPU's PCIe link runs below its maximum";
  link.per_gpu = true;
  for (const RootCause& c : causes) link.outcome.findings.push_back(c.finding);
  report.checks = {link};
  report.root_causes = causes;
  report.verdict = Verdict::kWarn;
  report.exit_code = 0;
  SummarizeReport(report);
  return report;
}

std::string Render(const Report& report, std::size_t width, bool verbose = false) {
  std::ostringstream out;
  WriteTerminalReport(report, out, TerminalStyle{false, verbose, width});
  return out.str();
}

std::size_t CountOf(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

// The page with its wrapped lines joined again: a wrapped line continues after a newline and
// its indent.
std::string Flat(const std::string& page) {
  std::string out;
  for (std::size_t i = 0; i < page.size(); ++i) {
    if (page[i] == '\n' && i + 1 < page.size() && page[i + 1] == ' ') {
      while (i + 1 < page.size() && page[i + 1] == ' ') ++i;
      out += ' ';
    } else {
      out += page[i];
    }
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The "Fix:" line and the command lines under it, as test_fix_lines reads them.
std::vector<std::string> FixCommands(const std::string& page) {
  std::vector<std::string> out;
  bool in_fix = false;
  for (const std::string& line : Lines(page)) {
    if (line.rfind("  Fix:   ", 0) == 0) {
      in_fix = true;
      out.push_back(line.substr(9));
    } else if (in_fix && line.rfind("         ", 0) == 0 && line.size() > 9 && line[9] != ' ') {
      out.push_back(line.substr(9));
    } else {
      in_fix = false;
    }
  }
  return out;
}

TEST(RootCauseGroups, TheSameFindingOnEightGpusIsOneBlock) {
  std::vector<RootCause> causes;
  for (const std::string& bdf : kEight) causes.push_back(Cause(bdf));
  const std::string page = Render(ScaleReport(causes), 100);
  EXPECT_EQ(CountOf(page, "Root cause"), 1u) << page;
  EXPECT_NE(Flat(page).find("8 GPUs: AMD Instinct MI300X (gfx942) at 0000:{0a,80,a4,c8}:00.0, "
                      "0001:{0b,81,a5,c9}:00.0 runs its PCIe link on 4 of its 16 lanes."),
            std::string::npos)
      << page;
  const std::vector<std::string> fixes = FixCommands(page);
  ASSERT_EQ(fixes.size(), 4u) << page;
  EXPECT_EQ(fixes[0],
            "for gpu in 0000:{0a,80,a4,c8}:00.0 0001:{0b,81,a5,c9}:00.0; do sudo lspci -vv -s "
            "\"$gpu\" | grep -E 'LnkCap:|LnkSta:'; done  # needs root");
  EXPECT_EQ(fixes[1],
            "for gpu in 0000:{0a,80,a4,c8}:00.0 0001:{0b,81,a5,c9}:00.0; do sudo dmesg | grep "
            "-iE ''\"$gpu\"'|amdgpu'; done  # needs root");
  EXPECT_EQ(fixes[2], "mokutil --sb-state");  // the same for all: once
}

// The Markdown report (a GitHub issue) groups them as the terminal does: one block, the same
// "8 GPUs: ..." message and loop, every member's evidence.
TEST(RootCauseGroups, TheMarkdownReportGroupsThemToo) {
  std::vector<RootCause> causes;
  for (const std::string& bdf : kEight) causes.push_back(Cause(bdf));
  const Report report = ScaleReport(causes);
  ASSERT_EQ(report.root_cause_groups.size(), 1u);
  EXPECT_EQ(report.root_cause_groups[0].members,
            (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  std::ostringstream out;
  WriteMarkdownReport(report, out);
  const std::string md = out.str();
  EXPECT_EQ(CountOf(md, "Root cause"), 1u) << md;
  EXPECT_EQ(CountOf(md, "### ⚠️ Also"), 0u) << md;
  EXPECT_NE(md.find("8 GPUs: AMD Instinct MI300X (gfx942) at 0000:{0a,80,a4,c8}:00.0, "
                    "0001:{0b,81,a5,c9}:00.0 runs its PCIe link on 4 of its 16 lanes."),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("\nfor gpu in 0000:{0a,80,a4,c8}:00.0 0001:{0b,81,a5,c9}:00.0; do sudo lspci "
                    "-vv -s \"$gpu\" | grep -E 'LnkCap:|LnkSta:'; done  # needs root\n"),
            std::string::npos)
      << md;
  EXPECT_EQ(CountOf(md, "\nmokutil --sb-state\n"), 1u) << md;
  for (const std::string& bdf : kEight) {
    EXPECT_NE(md.find("/sys/bus/pci/devices/" + bdf + "/current_link_width"), std::string::npos)
        << bdf;
  }
}

// The loop pastes into bash and visits every GPU, in order.
TEST(RootCauseGroups, TheLoopRunsOverEveryGpu) {
  std::vector<RootCause> causes;
  for (const std::string& bdf : kEight) causes.push_back(Cause(bdf));
  const std::vector<std::string> fixes = FixCommands(Render(ScaleReport(causes), 100));
  ASSERT_EQ(fixes.size(), 4u);
  CommandSpec spec;
  spec.name = "bash";
  spec.argv = {"/bin/bash", "-c", fixes[3]};
  spec.timeout = std::chrono::seconds(20);
  const CommandOutcome run = RunCommand(spec);
  ASSERT_EQ(run.state, CommandOutcome::State::kExited);
  std::string want;
  for (const std::string& bdf : kEight) want += bdf + "\n";
  EXPECT_EQ(run.out, want);
  std::vector<testing::PastedCommand> pasted;
  for (const std::string& f : fixes) pasted.push_back({f, "group"});
  EXPECT_EQ(testing::Describe(testing::LintCommands(pasted, testing::HaveShellcheck())), "");
}

TEST(RootCauseGroups, DifferentFindingsAndMalformedAddressesStayApart) {
  // Another lane count is another finding; a GPU listed twice is one GPU.
  std::vector<RootCause> causes = {Cause(kEight[0]), Cause(kEight[1], "8"), Cause(kEight[2]),
                                   Cause(kEight[2])};
  std::vector<RootCauseGroup> groups = GroupRootCauses(causes);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].bdfs, (std::vector<std::string>{kEight[0], kEight[2]}));
  EXPECT_TRUE(groups[1].bdfs.empty());
  EXPECT_TRUE(groups[2].bdfs.empty());
  // Addresses a hostile machine could write never group and never reach a loop's word list.
  const std::vector<std::string> hostile = {
      "0000:03:00.0; rm -rf ~", "$(id):00:00.0", "0000:0g:00.0", "0000:03:00.8",
      "0000:03:00", "0000:{a,b}:00.0", "", "0000:03:00.0\n", "0000;03:00.0", "0000:03:0`.0"};
  std::vector<RootCause> bad;
  for (const std::string& bdf : hostile) {
    EXPECT_FALSE(IsPciAddress(bdf)) << bdf;
    bad.push_back(Cause(bdf));
    bad.push_back(Cause(bdf));
  }
  groups = GroupRootCauses(bad);
  EXPECT_EQ(groups.size(), bad.size());
  EXPECT_EQ(CountOf(Render(ScaleReport(bad), 100), "for gpu in"), 0u);
}

TEST(RootCauseGroups, AddressesAreBracedByBus) {
  EXPECT_EQ(CompactAddresses({"0000:03:00.0"}), "0000:03:00.0");
  EXPECT_EQ(CompactAddresses({"0000:03:00.0", "0000:23:00.0", "0000:43:00.0"}),
            "0000:{03,23,43}:00.0");
  EXPECT_EQ(CompactAddresses({"0000:03:00.0", "0000:03:00.1"}),
            "0000:03:00.0, 0000:03:00.1");
  EXPECT_EQ(CompactAddresses(kEight, " "),
            "0000:{0a,80,a4,c8}:00.0 0001:{0b,81,a5,c9}:00.0");
}

TEST(TerminalWidth, ColumnsThenTheTtyThenAHundred) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);  // not a terminal: TIOCGWINSZ fails
  const int fd = pipe_fds[0];
  EXPECT_EQ(terminal::PageWidth("80", fd), 80u);
  EXPECT_EQ(terminal::PageWidth("132", fd), 132u);
  EXPECT_EQ(terminal::PageWidth(nullptr, fd), 100u);
  EXPECT_EQ(terminal::PageWidth("10", fd), terminal::kMinWidth);
  EXPECT_EQ(terminal::PageWidth("5000", fd), terminal::kMaxWidth);
  for (const char* bad : {"", "abc", "-1", " 80", "80 ", "80x", "0", "99999999999999999999999",
                          "1e3", "0x50"}) {
    EXPECT_EQ(terminal::PageWidth(bad, fd), 100u) << bad;
  }
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
}

// No line passes the width but a fix command, which stays whole (it must paste), and a word
// longer than a line.
TEST(TerminalWidth, EveryLineButAFixCommandFitsTheWidth) {
  std::vector<RootCause> causes;
  for (const std::string& bdf : kEight) causes.push_back(Cause(bdf));
  causes.push_back(Cause("0000:e3:00.0", "2"));
  Report report = ScaleReport(causes);
  report.checks.front().outcome.summary =
      "a long summary that names many things one after the other, " + std::string(30, 'x') +
      " and then even more words so that it must wrap more than once at forty columns";
  for (std::size_t width : {40u, 60u, 80u, 100u, 132u}) {
    for (bool verbose : {false, true}) {
      const std::string page = Render(report, width, verbose);
      const std::vector<std::string> fixes = FixCommands(page);
      for (const std::string& line : Lines(page)) {
        if (terminal::Columns(line) <= width) continue;
        const bool fix = std::any_of(fixes.begin(), fixes.end(), [&](const std::string& f) {
          return line.size() >= f.size() && line.compare(line.size() - f.size(), f.size(), f) == 0;
        });
        // The counts and verdict line stays whole too: scripts read it.
        const bool verdict = line.find(" — ") != std::string::npos &&
                             line.find("(exit ") != std::string::npos;
        // A word longer than the line (a sysfs path at 40 columns) is not split.
        const std::size_t text = line.find_first_not_of(' ');
        const bool one_word = line.find(' ', text) == std::string::npos;
        EXPECT_TRUE(fix || verdict || one_word) << "width " << width << ": " << line;
      }
      // The lone GPU's commands are the catalog's own, whole.
      EXPECT_NE(page.find("  Fix:   sudo lspci -vv -s 0000:e3:00.0 | grep -E 'LnkCap:|LnkSta:'  "
                          "# needs root\n"),
                std::string::npos)
          << page;
    }
  }
}

TEST(ShortList, NamesAFewAndCountsTheRest) {
  using text::ShortList;
  EXPECT_EQ(ShortList({}), "");
  EXPECT_EQ(ShortList({"gfx90a"}), "gfx90a");
  EXPECT_EQ(ShortList({"a", "b", "c", "d", "e"}), "a, b, c, d, e");  // "and 1 more" says less
  EXPECT_EQ(ShortList({"gfx90a", "gfx942", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k",
                       "l"},
                      2),
            "gfx90a, gfx942 and 12 more");
  EXPECT_EQ(ShortList({"a", "b", "c"}, 0), "3 more");
  EXPECT_EQ(ShortList({"a", "b"}, SIZE_MAX), "a, b");
}

// The real thing: mi300x-healthy with all eight GPUs' links at x4 (a copy; the machine's own
// directory stays as generated) is one root-cause block with one loop, and the 32-GPU summary
// of runtime.visible_devices ends in a count.
TEST(RootCauseGroups, AReplayedEightGpuHostWithEveryLinkDegraded) {
  testing::TempTree tree;
  const fs::path machine = fs::path(tree.path()) / "mi300x-x4";
  fs::copy(fs::path(ROCMDOC_SOURCE_DIR) / "tests/machines/mi300x-healthy", machine,
           fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  std::size_t degraded = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(machine / "sys/devices")) {
    for (const fs::directory_entry& d : fs::recursive_directory_iterator(e.path())) {
      if (d.path().filename() != "mem_info_vram_total") continue;
      std::ofstream(d.path().parent_path() / "current_link_width") << "4\n";
      ++degraded;
    }
  }
  ASSERT_EQ(degraded, 8u);
  const testing::DoctorRun run =
      testing::RunDoctor({"check", "--sysroot", machine.string()}, std::chrono::seconds(60),
                         {{"COLUMNS", "100"}});
  const std::string& page = run.outcome.out;
  EXPECT_EQ(CountOf(page, "Root cause"), 1u) << page;
  EXPECT_NE(Flat(page).find("8 GPUs: AMD Instinct MI308X (gfx942) at 0000:{0a,80,a4,c8}:00.0, "
                      "0001:{0b,81,a5,c9}:00.0 runs its"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("  Fix:   for gpu in 0000:{0a,80,a4,c8}:00.0 0001:{0b,81,a5,c9}:00.0; do "),
            std::string::npos)
      << page;
  EXPECT_NE(Flat(page).find("all 32 GPUs visible (0 = gfx942 at 0000:0a:00.0, 1 = gfx942 at "),
            std::string::npos)
      << page;
  EXPECT_NE(Flat(page).find("and 28 more)"), std::string::npos) << page;
  for (const std::string& line : Lines(page)) {
    if (line.rfind("  Fix:", 0) == 0 || line.find(" — ") != std::string::npos) continue;
    EXPECT_LE(terminal::Columns(line), 100u) << line;
  }
}

}  // namespace
}  // namespace rocm_doctor
