// SPDX-License-Identifier: MIT
// What install puts beside the binary, made from the command table (issue 15, "Install what a
// user expects from a CLI"): the man page (`rocm-doctor man`) renders without a warning and
// documents every command and option, and the bash and zsh completions (`rocm-doctor
// completion bash|zsh`) parse and complete every command and option. The list of commands and
// options is read from --help, not from the generators' own model, so a command or option added
// to the table and missing from a generated file fails here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../hostile/doctor_run.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::DoctorRun;
using testing::RunDoctor;

bool Mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The first word of each line of a --help section ("Options:", "Subcommands:").
std::vector<std::string> SectionWords(const std::string& help, const std::string& title) {
  std::vector<std::string> words;
  std::istringstream in(help);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line == title) {
      inside = true;
    } else if (line.empty() || line[0] != ' ') {
      inside = false;
    } else if (inside && line.size() > 2 && line[2] != ' ') {
      words.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return words;
}

struct HelpEntry {
  std::vector<std::string> path;  // {"fleet", "summarize"}
  std::vector<std::string> options;  // "-o", "--output"
};

// Every command --help lists, with its options, recursively (fleet summarize).
void ReadHelp(std::vector<std::string> path, std::vector<HelpEntry>& out) {
  std::vector<std::string> args = path;
  args.push_back("--help");
  const std::string help = RunDoctor(args).outcome.out;
  HelpEntry entry{path, {}};
  for (const std::string& field : SectionWords(help, "Options:")) {
    for (std::size_t start = 0; start < field.size();) {
      std::size_t comma = field.find(',', start);
      if (comma == std::string::npos) comma = field.size();
      entry.options.push_back(field.substr(start, comma - start));
      start = comma + 1;
    }
  }
  out.push_back(entry);
  for (const std::string& sub : SectionWords(help, "Subcommands:")) {
    std::vector<std::string> sub_path = path;
    sub_path.push_back(sub);
    ReadHelp(sub_path, out);
  }
}

std::vector<HelpEntry> EveryCommand() {
  std::vector<HelpEntry> all;
  ReadHelp({}, all);
  return all;
}

std::string Which(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0) {
      return dir + "/" + program;
    }
  }
  return "";
}

CommandOutcome RunTool(std::vector<std::string> argv,
                       std::map<std::string, std::string> env = {}) {
  CommandSpec spec;
  spec.name = argv[0];
  spec.argv = std::move(argv);
  spec.timeout = std::chrono::seconds(60);
  spec.extra_env = std::move(env);
  return RunCommand(spec);
}

// A generated file written where the shells and man can read it.
class GeneratedFile {
 public:
  GeneratedFile(const std::vector<std::string>& args, const std::string& name) {
    const DoctorRun run = RunDoctor(args);
    exit_code_ = run.outcome.exit_code;
    text_ = run.outcome.out;
    char pattern[] = "/tmp/rocmdoc-generated-XXXXXX";
    dir_ = ::mkdtemp(pattern) != nullptr ? pattern : "/tmp";
    path_ = dir_ + "/" + name;
    std::ofstream(path_) << text_;
  }
  ~GeneratedFile() {
    std::error_code ec;
    if (dir_ != "/tmp") fs::remove_all(dir_, ec);
  }
  int exit_code() const { return exit_code_; }
  const std::string& text() const { return text_; }
  const std::string& path() const { return path_; }

 private:
  int exit_code_ = -1;
  std::string text_, dir_, path_;
};

TEST(ManPage, RendersWithoutAWarning) {
  GeneratedFile page({"man"}, "rocm-doctor.1");
  ASSERT_EQ(page.exit_code(), 0);
  // groff with every warning on: any complaint about the roff fails.
  const std::string groff = Which("groff");
  ASSERT_FALSE(groff.empty()) << "groff is missing (apt-get install groff-base)";
  CommandOutcome lint = RunTool({groff, "-man", "-Tutf8", "-wall", "-z", page.path()});
  EXPECT_EQ(lint.exit_code, 0) << lint.err;
  EXPECT_EQ(lint.err, "");
  // What a user types: man -l, as text.
  const std::string man = Which("man");
  ASSERT_FALSE(man.empty()) << "man is missing (apt-get install man-db)";
  CommandOutcome shown = RunTool({man, "-l", page.path()}, {{"MANWIDTH", "100"}, {"MANPAGER", "cat"},
                                                        {"PAGER", "cat"}, {"LC_ALL", "C.UTF-8"}});
  EXPECT_EQ(shown.exit_code, 0) << shown.err;
  for (const char* section : {"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS",
                              "EXIT STATUS", "FILES", "SEE ALSO"}) {
    EXPECT_TRUE(Mentions(shown.out, std::string("\n") + section + "\n")) << section << shown.out;
  }
  for (const char* code : {"0", "1", "2", "3", "130", "143"}) {
    EXPECT_TRUE(Mentions(shown.out, std::string("\n       ") + code + " ")) << code;
  }
  EXPECT_TRUE(Mentions(shown.out, "findings.md")) << shown.out;
  // mandoc's linter, stricter on structure, where it is installed: nothing above a style note.
  if (const std::string mandoc = Which("mandoc"); !mandoc.empty()) {
    CommandOutcome strict = RunTool({mandoc, "-T", "lint", "-W", "warning", page.path()});
    EXPECT_EQ(strict.exit_code, 0) << strict.out << strict.err;
  }
}

// Each command has its section, each option its entry, in the page man renders.
TEST(ManPage, DocumentsEveryCommandAndOption) {
  GeneratedFile page({"man"}, "rocm-doctor.1");
  CommandOutcome shown = RunTool({Which("man"), "-l", page.path()},
                             {{"MANWIDTH", "300"}, {"MANPAGER", "cat"}, {"PAGER", "cat"},
                              {"LC_ALL", "C.UTF-8"}});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const std::vector<HelpEntry> all = EveryCommand();
  ASSERT_GE(all.size(), 10u);
  std::size_t options = 0;
  for (const HelpEntry& entry : all) {
    std::string title;
    for (const std::string& w : entry.path) title += (title.empty() ? "" : " ") + w;
    // The section header of the command, then its options before the next section.
    std::size_t at = entry.path.empty() ? shown.out.find("\nOPTIONS\n")
                                        : shown.out.find("\n   " + title + "\n");
    ASSERT_NE(at, std::string::npos) << "no section for '" << title << "'";
    // The next line indented three spaces (a section) or none (a heading) ends it.
    std::size_t end = at + 1;
    while ((end = shown.out.find('\n', end + 1)) != std::string::npos) {
      const std::string next = shown.out.substr(end + 1, 4);
      if (next.size() < 4 || next[0] == '\n') continue;  // a blank line
      if (next[0] != ' ' || (next.substr(0, 3) == "   " && next[3] != ' ')) break;
    }
    const std::string section = shown.out.substr(at, end == std::string::npos ? end : end - at);
    for (const std::string& option : entry.options) {
      ++options;
      // "       --sysroot TEXT", "       -o, --output TEXT", "       -v, --verbose"
      EXPECT_TRUE(Mentions(section, "       " + option + " ") || Mentions(section, " " + option + ",") ||
                  Mentions(section, " " + option + "\n") || Mentions(section, ", " + option + " ") ||
                  Mentions(section, ", " + option + "\n"))
          << "'" << title << "' " << option << " is not in its man page section:\n" << section;
    }
  }
  EXPECT_GE(options, 60u);
  // The hidden commands are not documented.
  EXPECT_FALSE(Mentions(shown.out, "probe-load")) << "hidden command in the man page";
}

TEST(Completion, HiddenAndRefusesAnotherShell) {
  const std::string help = RunDoctor({"--help"}).outcome.out;
  for (const char* hidden : {"man ", "completion "}) {
    EXPECT_FALSE(Mentions(help, std::string("\n  ") + hidden)) << hidden << help;
  }
  for (const char* shell : {"fish", "", "bash;id", "--", "BASH"}) {
    const DoctorRun run = RunDoctor({"completion", shell});
    EXPECT_EQ(run.outcome.exit_code, 2) << shell;
    EXPECT_EQ(run.outcome.out, "") << shell;
  }
  EXPECT_EQ(RunDoctor({"completion"}).outcome.exit_code, 2);
}

// Both scripts name every command and option --help lists, and parse.
TEST(Completion, BothShellsCompleteEveryCommandAndOptionAndParse) {
  GeneratedFile bash({"completion", "bash"}, "rocm-doctor");
  GeneratedFile zsh({"completion", "zsh"}, "_rocm-doctor");
  ASSERT_EQ(bash.exit_code(), 0);
  ASSERT_EQ(zsh.exit_code(), 0);
  const std::vector<HelpEntry> all = EveryCommand();
  for (const HelpEntry& entry : all) {
    if (!entry.path.empty()) {
      const std::string& name = entry.path.back();
      EXPECT_TRUE(Mentions(bash.text(), " " + name + " ") || Mentions(bash.text(), " " + name + "\"") ||
                  Mentions(bash.text(), ":" + name + "\""))
          << "bash completion misses the command " << name;
      EXPECT_TRUE(Mentions(zsh.text(), "'" + name + ":") || Mentions(zsh.text(), name + ":"))
          << "zsh completion misses the command " << name;
    }
    for (const std::string& option : entry.options) {
      EXPECT_TRUE(Mentions(bash.text(), " " + option + " ") || Mentions(bash.text(), " " + option + "\"") ||
                  Mentions(bash.text(), "\"" + option + " "))
          << "bash completion misses " << option;
      EXPECT_TRUE(Mentions(zsh.text(), option + "[") || Mentions(zsh.text(), option + "=[") ||
                  Mentions(zsh.text(), option + "+["))
          << "zsh completion misses " << option;
    }
  }
  const CommandOutcome bash_n = RunTool({Which("bash"), "-n", bash.path()});
  EXPECT_EQ(bash_n.exit_code, 0) << bash_n.err;
  const std::string zsh_program = Which("zsh");
  if (zsh_program.empty()) {
    GTEST_SKIP() << "zsh is not installed (apt-get install zsh): the zsh script was not parsed";
  }
  const CommandOutcome zsh_n = RunTool({zsh_program, "-n", zsh.path()});
  EXPECT_EQ(zsh_n.exit_code, 0) << zsh_n.err;
}

// What bash offers at a few cursors, from the real script run by bash's completion protocol.
TEST(Completion, BashOffersTheTablesWords) {
  GeneratedFile bash({"completion", "bash"}, "rocm-doctor");
  auto offered = [&](const std::string& line) {
    const std::string script = "source " + bash.path() + "\nCOMP_WORDS=(" + line +
                               ")\nCOMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n_rocm_doctor\n"
                               "(( ${#COMPREPLY[@]} )) && printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    return RunTool({Which("bash"), "-c", script}).out;
  };
  EXPECT_EQ(offered("rocm-doctor ch"), "check\n");
  EXPECT_EQ(offered("rocm-doctor fleet su"), "summarize\n");
  EXPECT_EQ(offered("rocm-doctor check --format j"), "json\njunit\n");
  EXPECT_EQ(offered("rocm-doctor check --level ''"), "basic\nstandard\nextended\nstress\n");
  EXPECT_EQ(offered("rocm-doctor check --jobs ''"), "") << "a number: nothing to offer";
  EXPECT_TRUE(Mentions(offered("rocm-doctor check --sy"), "--sysroot\n"));
  EXPECT_TRUE(Mentions(offered("rocm-doctor gate --"), "--slurm\n"));
  EXPECT_TRUE(Mentions(offered("rocm-doctor fleet summarize --"), "--outlier-percent\n"));
}

}  // namespace
}  // namespace rocm_doctor
