// SPDX-License-Identifier: MIT
// Issue 15, "Fix lines": every fix command the doctor prints is valid shell exactly as printed.
// Renders every replayed machine (each directory of tests/machines with an EXPECT file, as
// test_machines finds them) in the terminal, JSON and Markdown formats, and every catalog code's
// commands with sample parameters (plain ones and hostile ones), extracts every fix command and
// runs `bash -n` and `shellcheck -S error -s bash` on it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "hostile/doctor_run.h"
#include "report/shell_lint.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/fix_marks.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::PastedCommand;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> Machines() {
  std::vector<fs::path> out;
  const fs::path root = fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "machines";
  for (const fs::directory_entry& e : fs::directory_iterator(root)) {
    if (e.is_directory() && fs::is_regular_file(e.path() / "EXPECT")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The options EXPECT asks test_machines to pass (`level X`, `expect-gpus N`, `only CHECK`), so
// that the benchmark machines render their benchmark findings too.
std::vector<std::string> ExpectOptions(const fs::path& machine) {
  std::vector<std::string> args;
  std::istringstream in(ReadFile((machine / "EXPECT").string()));
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key, value;
    words >> key >> value;
    if (key == "level") args.insert(args.end(), {"--level", value});
    if (key == "expect-gpus") args.insert(args.end(), {"--expect-gpus", value});
    if (key == "only") args.insert(args.end(), {"--only", value});
  }
  return args;
}

// Every remediation.commands entry anywhere in a JSON report (root causes and every check's
// findings); each one's command_marks entry must be what its comment says.
void JsonCommands(const nlohmann::json& node, const std::string& origin,
                  std::vector<PastedCommand>& out) {
  if (node.is_object()) {
    if (node.contains("remediation") && node["remediation"].is_object() &&
        node["remediation"].contains("commands")) {
      const nlohmann::json& r = node["remediation"];
      const nlohmann::json& marks = r.value("command_marks", nlohmann::json::array());
      EXPECT_EQ(marks.size(), r["commands"].size()) << origin << ": " << r.dump();
      bool any_root = false, any_reboot = false;
      for (std::size_t i = 0; i < r["commands"].size(); ++i) {
        const std::string command = r["commands"][i].get<std::string>();
        out.push_back({command, origin});
        const CommandMarks read = ReadCommandMarks(command);
        any_root |= read.requires_root;
        any_reboot |= read.reboot_required;
        if (i >= marks.size()) continue;
        EXPECT_EQ(marks[i].value("requires_root", !read.requires_root), read.requires_root)
            << origin << ": " << command;
        EXPECT_EQ(marks[i].value("reboot_required", !read.reboot_required), read.reboot_required)
            << origin << ": " << command;
      }
      // The remediation's own flags cover each of its commands' marks.
      EXPECT_TRUE(!any_root || r.value("requires_root", false)) << origin << ": " << r.dump();
      EXPECT_TRUE(!any_reboot || r.value("reboot_required", false)) << origin << ": " << r.dump();
    }
    for (const auto& [key, value] : node.items()) JsonCommands(value, origin, out);
  } else if (node.is_array()) {
    for (const nlohmann::json& v : node) JsonCommands(v, origin, out);
  }
}

// The terminal's "  Fix:   CMD" lines and the "         CMD" lines that follow them.
void TerminalCommands(const std::string& page, const std::string& origin,
                      std::vector<PastedCommand>& out) {
  static const std::string kFirst = "  Fix:   ";
  static const std::string kNext(kFirst.size(), ' ');
  std::istringstream in(page);
  bool in_fix = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(kFirst, 0) == 0) {
      in_fix = true;
      out.push_back({line.substr(kFirst.size()), origin});
    } else if (in_fix && line.rfind(kNext, 0) == 0 && line.size() > kNext.size() &&
               line[kNext.size()] != ' ') {
      out.push_back({line.substr(kNext.size()), origin});
    } else {
      in_fix = false;
    }
  }
}

// Each line of every ```sh block of a Markdown report (any fence length).
void MarkdownCommands(const std::string& page, const std::string& origin,
                      std::vector<PastedCommand>& out) {
  std::istringstream in(page);
  std::string fence;
  for (std::string line; std::getline(in, line);) {
    if (fence.empty()) {
      const std::size_t ticks = line.find_first_not_of('`');
      if (ticks >= 3 && ticks != std::string::npos && line.substr(ticks) == "sh") {
        fence = line.substr(0, ticks);
      }
    } else if (line == fence) {
      fence.clear();
    } else {
      out.push_back({line, origin});
    }
  }
}

// A machine's terminal, JSON and Markdown renderings as ctest's report_counts_agree left them
// (tests/report/counts_agree.py --renders, this test's FIXTURES_REQUIRED setup: one run of every
// machine serves both tests), when all three are newer than the doctor binary; else nothing.
struct Renders {
  std::string terminal, json, markdown;
};
std::optional<Renders> RendersOf(const std::string& name) {
  const fs::path dir = ROCMDOC_MACHINE_RENDERS;
  std::error_code ec;
  const auto binary_time = fs::last_write_time(ROCMDOC_BINARY, ec);
  if (ec) return std::nullopt;
  Renders r;
  for (auto [ext, text] : {std::pair{".terminal", &r.terminal}, std::pair{".json", &r.json},
                           std::pair{".markdown", &r.markdown}}) {
    const fs::path file = dir / (name + ext);
    const auto time = fs::last_write_time(file, ec);
    if (ec || time < binary_time) return std::nullopt;
    *text = ReadFile(file.string());
  }
  return r;
}

std::vector<PastedCommand> MachineCommands(std::size_t& machines, std::size_t& rendered_here) {
  std::vector<PastedCommand> all;
  testing::TempTree tree;
  for (const fs::path& machine : Machines()) {
    const std::string name = machine.filename().string();
    std::optional<Renders> renders = RendersOf(name);
    if (!renders) {
      const std::string json = tree.At(name + ".json");
      const std::string markdown = tree.At(name + ".md");
      std::vector<std::string> args = {"check", "--sysroot", machine.string(), "-o",
                                       "json=" + json,  "-o",        "markdown=" + markdown};
      for (const std::string& a : ExpectOptions(machine)) args.push_back(a);
      const testing::DoctorRun run = testing::RunDoctor(args, std::chrono::seconds(120));
      EXPECT_EQ(run.outcome.state, CommandOutcome::State::kExited) << name << run.Context();
      renders = Renders{run.outcome.out, ReadFile(json), ReadFile(markdown)};
      ++rendered_here;
    }
    const nlohmann::json report = nlohmann::json::parse(renders->json, nullptr, false);
    EXPECT_TRUE(report.is_object()) << name << ": no JSON report";
    JsonCommands(report, name + " json", all);
    TerminalCommands(renders->terminal, name + " terminal", all);
    MarkdownCommands(renders->markdown, name + " markdown", all);
    ++machines;
  }
  return all;
}

// Sample values for a catalog command's parameters: what machines hold, and values that would
// break a command that did not quote them.
std::map<std::string, std::string> SampleParams(const FindingSpec& spec, bool hostile) {
  static const std::regex kPlaceholder(R"(\{(!?)([A-Za-z0-9_]+)\})");
  std::map<std::string, std::string> params;
  for (std::string_view command : spec.commands) {
    const std::string text(command);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kPlaceholder);
         it != std::sregex_iterator(); ++it) {
      const bool raw = (*it)[1].length() > 0;
      const std::string name = (*it)[2];
      // A raw "{!name}" is a fragment the check builds and quotes itself: a harmless command
      // stands in for it here (the machines render the real ones).
      if (raw) {
        params[name] = "true";
      } else if (hostile) {
        params[name] = "a b'c\"d $(id) `id` ; # x";
      } else {
        params[name] = name == "bdf" ? "0000:c1:00.0" : "sample_" + name;
      }
    }
  }
  return params;
}

std::vector<PastedCommand> CatalogCommands() {
  std::vector<PastedCommand> all;
  for (const FindingSpec* spec : Catalog::Instance().All()) {
    for (bool hostile : {false, true}) {
      Finding finding = MakeFinding(std::string(spec->code), "sample", {},
                                    SampleParams(*spec, hostile));
      for (const std::string& c : Catalog::Instance().RemediationFor(finding).commands) {
        all.push_back({c, "catalog " + std::string(spec->code)});
      }
    }
  }
  return all;
}

// Whether the command (its comment left out) runs sudo or sudoedit.
bool RunsSudo(const std::string& command) {
  static const std::regex kSudo(R"((^|[\s;|&(])sudo(edit)?\s)");
  const std::size_t hash = ShellCommentStart(command);
  return std::regex_search(command.substr(0, hash), kSudo);
}

TEST(FixMarks, AreReadFromTheTrailingCommentOnly) {
  auto marks = [](std::string_view c) {
    const CommandMarks m = ReadCommandMarks(c);
    return std::string(m.requires_root ? "root" : "") + (m.reboot_required ? "+reboot" : "");
  };
  EXPECT_EQ(marks("sudo usermod -aG render,video alice  # needs root"), "root");
  EXPECT_EQ(marks("sudo update-initramfs -u  # needs root; then reboot; Fedora: sudo dracut -f"),
            "root+reboot");
  EXPECT_EQ(marks("echo x  # then reboot"), "+reboot");
  EXPECT_EQ(marks("sudo mokutil --import k  # needs root; then reboot and choose 'Enroll'"),
            "root+reboot");
  EXPECT_EQ(marks("mokutil --sb-state"), "");
  EXPECT_EQ(marks("ls -l /lib/firmware/x*"), "");
  EXPECT_EQ(marks("newgrp render  # or log out and back in"), "");
  EXPECT_EQ(marks("echo x  # needs rooting"), "");
  // A '#' inside quotes, an ANSI-C string with an escaped quote, $(...) or a word is no comment:
  // a machine value cannot fake a mark.
  EXPECT_EQ(marks("ls 'a  # needs root'"), "");
  EXPECT_EQ(marks("ls \"a  # needs root\""), "");
  EXPECT_EQ(marks("ls $'a\\'  # needs root'"), "");
  EXPECT_EQ(marks("ls $'a\\'b'  # needs root"), "root");
  EXPECT_EQ(marks("ls a\\  # needs root"), "root");
  EXPECT_EQ(marks("ls a\\ # needs root"), "");
  EXPECT_EQ(marks("ls a#b  # needs root"), "root");
  EXPECT_EQ(marks("ls a#  needs root"), "");
  EXPECT_EQ(marks("echo \"$(echo ')  # needs root')\""), "");
  EXPECT_EQ(ShellCommentStart("a;# c"), 2u);
  EXPECT_EQ(ShellCommentStart("a 'b"), std::string_view::npos);
}

// Every catalog command template with sample parameters: one that runs sudo carries the
// "# needs root" mark and one that does not carries none (amdgpu-install, which runs sudo
// itself, excepted); the code's own requires_root / reboot_required cover its commands' marks.
TEST(FixMarks, RootMarksAreOnTheCommandsThatRunSudoAndOnlyThere) {
  std::size_t marked = 0;
  for (const FindingSpec* spec : Catalog::Instance().All()) {
    Finding finding = MakeFinding(std::string(spec->code), "sample", {}, SampleParams(*spec, false));
    const Remediation r = Catalog::Instance().RemediationFor(finding);
    ASSERT_EQ(r.command_marks.size(), r.commands.size());
    for (std::size_t i = 0; i < r.commands.size(); ++i) {
      const std::string& c = r.commands[i];
      const CommandMarks& m = r.command_marks[i];
      const bool self_sudo = c.rfind("amdgpu-install ", 0) == 0;
      EXPECT_EQ(m.requires_root, RunsSudo(c) || self_sudo) << spec->code << ": " << c;
      EXPECT_TRUE(!m.requires_root || spec->requires_root)
          << spec->code << ": a command needs root but the code's requires_root is false: " << c;
      EXPECT_TRUE(!m.reboot_required || spec->reboot_required)
          << spec->code << ": a command needs a reboot but the code's reboot_required is false";
      marked += m.requires_root ? 1 : 0;
    }
  }
  EXPECT_GE(marked, 40u);
}

TEST(FixLines, EveryFixOfEveryReplayedMachineAndCatalogCodeIsValidShell) {
  std::size_t machines = 0, rendered_here = 0;
  std::vector<PastedCommand> printed = MachineCommands(machines, rendered_here);
  std::printf("machines: %zu, %zu rendered by this test, the rest by report_counts_agree\n",
              machines, rendered_here);
  const std::size_t from_machines = printed.size();
  for (PastedCommand& c : CatalogCommands()) printed.push_back(std::move(c));
  const std::vector<PastedCommand> distinct = testing::Distinct(printed);
  // Guards against a test that passes by finding nothing.
  EXPECT_GE(machines, 70u);
  EXPECT_GE(from_machines, 300u);
  EXPECT_GE(distinct.size(), 250u);

  const bool shellcheck = testing::HaveShellcheck();
  const std::vector<testing::LintFailure> failures = testing::LintCommands(distinct, shellcheck);
  std::printf("fix commands: %zu printed (%zu from %zu machines in 3 formats), %zu distinct, "
              "%zu failing\n",
              printed.size(), from_machines, machines, distinct.size(), failures.size());
  std::set<std::string> failing;
  for (const testing::LintFailure& f : failures) failing.insert(f.command.text);
  std::printf("distinct fix commands failing: %zu\n", failing.size());
  EXPECT_TRUE(failures.empty()) << failing.size() << " of " << distinct.size()
                                << " distinct fix commands fail:" << testing::Describe(failures);
  // Every command the machines print that runs sudo says so, and only those.
  for (const PastedCommand& c : distinct) {
    const bool self_sudo = c.text.rfind("amdgpu-install ", 0) == 0;
    EXPECT_EQ(ReadCommandMarks(c.text).requires_root, RunsSudo(c.text) || self_sudo)
        << "[" << c.origin << "] " << c.text;
  }
  if (!shellcheck) {
    GTEST_SKIP() << "shellcheck is not installed (apt-get install shellcheck, or "
                    "tools/install-deps.sh --test): only `bash -n` was run";
  }
}

}  // namespace
}  // namespace rocm_doctor
