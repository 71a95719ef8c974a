// SPDX-License-Identifier: MIT
// The command line as a user meets it (issue 14 step 4, issue 15 "Input and interface"): every
// exit status documented in --help, `help [command]`, did-you-mean for a mistyped command,
// the program name in usage lines, errors that point at the command's help, and bad input
// (an unknown -o format, a --sysroot that is no machine directory) refused with exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../hostile/doctor_run.h"
#include "rocm_doctor/exit_code.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;
using testing::RunDoctor;

bool Has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// Every code a script can see is in the footer of `rocm-doctor --help`, and each command's
// help lists its own.
TEST(CliHelp, ExitCodesInEveryHelp) {
  const DoctorRun top = RunDoctor({"--help"});
  EXPECT_EQ(top.outcome.exit_code, 0);
  EXPECT_TRUE(Has(top.outcome.out, "Exit status:")) << top.outcome.out;
  for (ExitCode code : {ExitCode::kOk, ExitCode::kProblems, ExitCode::kUsage,
                        ExitCode::kSlurmError, ExitCode::kSigint, ExitCode::kSigterm}) {
    EXPECT_TRUE(Has(top.outcome.out, "\n  " + std::to_string(ToInt(code)) + " "))
        << ToInt(code) << "\n" << top.outcome.out;
  }
  for (std::string command : {"check", "list", "explain", "capture", "bench", "gate", "diff"}) {
    const DoctorRun help = RunDoctor({command, "--help"});
    EXPECT_EQ(help.outcome.exit_code, 0) << command;
    EXPECT_TRUE(Has(help.outcome.out, "Exit status:\n  0 ")) << command << help.outcome.out;
    EXPECT_TRUE(Has(help.outcome.out, "\n  2 ")) << command << help.outcome.out;
  }
  EXPECT_TRUE(Has(RunDoctor({"gate", "--help"}).outcome.out, "\n  3 "));
  EXPECT_TRUE(Has(RunDoctor({"check", "--help"}).outcome.out, "\n  130 "));
}

// `rocm-doctor help [command]` prints what --help prints (before: "A subcommand is required").
TEST(CliHelp, HelpCommandShowsTheSameTextAsHelpFlags) {
  EXPECT_EQ(RunDoctor({"help"}).outcome.out, RunDoctor({"--help"}).outcome.out);
  const DoctorRun check = RunDoctor({"help", "check"});
  EXPECT_EQ(check.outcome.exit_code, 0) << check.outcome.err;
  EXPECT_EQ(check.outcome.out, RunDoctor({"check", "--help"}).outcome.out);
  EXPECT_EQ(RunDoctor({"help", "fleet", "summarize"}).outcome.out,
            RunDoctor({"fleet", "summarize", "--help"}).outcome.out);
  const DoctorRun typo = RunDoctor({"help", "chek"});
  EXPECT_EQ(typo.outcome.exit_code, 2);
  EXPECT_TRUE(Has(typo.outcome.err, "did you mean 'check'?")) << typo.outcome.err;
}

// Usage lines name the program (before: "Usage: check [OPTIONS]").
TEST(CliHelp, UsageLinesNameTheProgram) {
  EXPECT_TRUE(Has(RunDoctor({"--help"}).outcome.out, "Usage: rocm-doctor [OPTIONS]"));
  EXPECT_TRUE(Has(RunDoctor({"check", "--help"}).outcome.out, "Usage: rocm-doctor check [OPTIONS]"));
  EXPECT_TRUE(Has(RunDoctor({"diff", "--help"}).outcome.out, "Usage: rocm-doctor diff [OPTIONS]"));
}

// A mistyped command is named with the closest one, exit 2 (before: "The following argument was
// not expected: chek", as an argument of check); JSON mode still prints JSON only.
TEST(CliErrors, MistypedCommandSaysDidYouMean) {
  for (const auto& [typo, meant] : std::vector<std::pair<std::string, std::string>>{
           {"chek", "check"}, {"lsit", "list"}, {"bnech", "bench"}, {"dif", "diff"},
           {"captur", "capture"}, {"explian", "explain"}}) {
    const DoctorRun run = RunDoctor({typo});
    EXPECT_EQ(run.outcome.exit_code, 2) << typo;
    EXPECT_TRUE(Has(run.outcome.err, "did you mean '" + meant + "'?")) << typo << run.outcome.err;
  }
  const DoctorRun far = RunDoctor({"frobnicate"});
  EXPECT_EQ(far.outcome.exit_code, 2);
  EXPECT_TRUE(Has(far.outcome.err, "'frobnicate' is not a rocm-doctor command")) << far.outcome.err;
  EXPECT_FALSE(Has(far.outcome.err, "did you mean")) << far.outcome.err;
  const DoctorRun json = RunDoctor({"chek", "--format", "json"});
  EXPECT_EQ(json.outcome.exit_code, 2);
  ASSERT_TRUE(json.JsonOk()) << json.Context();
  EXPECT_TRUE(Has(json.report["error"].get<std::string>(), "did you mean 'check'?"));
  // An escape sequence in the word reaches the terminal as text.
  EXPECT_FALSE(Has(RunDoctor({"\033]52;c;eA==\007"}).outcome.err, "\033"));
}

// A parse error names the help of the command it was given to (before: always
// "Run 'rocm-doctor --help'").
TEST(CliErrors, ParseErrorsPointAtTheCommandsHelp) {
  EXPECT_TRUE(Has(RunDoctor({"check", "--bogus"}).outcome.err, "Run 'rocm-doctor check --help'"));
  EXPECT_TRUE(Has(RunDoctor({"--bogus"}).outcome.err, "Run 'rocm-doctor check --help'"));
  EXPECT_TRUE(Has(RunDoctor({"gate", "--deadline", "0"}).outcome.err,
                  "Run 'rocm-doctor gate --help'"));
  EXPECT_TRUE(Has(RunDoctor({"fleet", "summarize", "--outlier-percent", "x", "a"}).outcome.err,
                  "Run 'rocm-doctor fleet summarize --help'"));
}

// -o xml=foo.xml: an unknown format is refused, exit 2, and no file is written (before: a file
// named "xml=foo.xml" held the terminal report). ./xml=foo.xml still names such a file.
TEST(CliErrors, UnknownOutputFormatIsRefused) {
  const std::string dir = ::testing::TempDir() + "/rocmdoc-oformat-" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string machine = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/mi300x-healthy";
  for (std::string format : {"xml", "html", "JSON", "yaml", "junit-xml"}) {
    const std::string value = format + "=" + dir + "/out";
    const DoctorRun run = RunDoctor({"check", "--sysroot", machine, "-o", value});
    EXPECT_EQ(run.outcome.exit_code, 2) << value;
    EXPECT_TRUE(Has(run.outcome.err, "unknown format '" + format + "'")) << run.outcome.err;
    const DoctorRun diff = RunDoctor({"diff", "a.json", "b.json", "-o", value});
    EXPECT_EQ(diff.outcome.exit_code, 2) << value;
    EXPECT_TRUE(Has(diff.outcome.err, "unknown format '" + format + "'")) << diff.outcome.err;
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  const std::string named = dir + "/xml=foo.xml";  // a path, not a format: still a plain FILE
  const DoctorRun plain = RunDoctor({"check", "--sysroot", machine, "-o", named});
  EXPECT_NE(plain.outcome.exit_code, 2) << plain.outcome.err;
  EXPECT_TRUE(std::filesystem::exists(named));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace rocm_doctor
