// SPDX-License-Identifier: MIT
// `rocm-doctor bench` as a user meets it (issue 15): it accepts the options its own messages
// advertise (--stress-seconds S, within 1..86400), and bad values are exit 2 with the reason; one
// vocabulary of levels in check, capture, gate, bench and policies (basic < standard < extended
// < stress), each word meaning the same in every command.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "../hostile/doctor_run.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;
using testing::RunDoctor;

bool HasPart(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

std::string Machine(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

TEST(CliBench, StressSecondsAreAccepted) {
  const DoctorRun help = RunDoctor({"bench", "--help"});
  EXPECT_TRUE(HasPart(help.outcome.out, "--stress-seconds")) << help.outcome.out;
  for (std::string seconds : {"1", "60", "86400"}) {
    const DoctorRun run = RunDoctor(
        {"bench", "--sysroot", Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(run.outcome.exit_code, 0) << seconds << run.Context();
  }
}

TEST(CliBench, StressSecondsOutOfRangeAreExitTwo) {
  const std::vector<std::string> bad = {"0",  "-1",   "86401", "1e9", "2.5", "abc",
                                        "",   "99999999999999999999", "-0.5", "nan", "inf"};
  for (const std::string& seconds : bad) {
    const DoctorRun run = RunDoctor(
        {"bench", "--sysroot", Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(run.outcome.exit_code, 2) << "[" << seconds << "]" << run.Context();
    EXPECT_TRUE(HasPart(run.outcome.err, "--stress-seconds")) << run.Context();
    EXPECT_TRUE(HasPart(run.outcome.err, "rocm-doctor bench --help")) << run.Context();
    const DoctorRun json = RunDoctor({"bench", "--format", "json", "--sysroot",
                                      Machine("mi300x-bench-healthy"), "--stress-seconds", seconds});
    EXPECT_EQ(json.outcome.exit_code, 2) << json.Context();
    ASSERT_TRUE(json.JsonOk()) << json.Context();
    EXPECT_TRUE(HasPart(json.report.value("error", ""), "--stress-seconds")) << json.Context();
  }
}

// Every command with a level lists the same words; bench documents quick as standard's old name.
TEST(CliLevels, EveryCommandListsTheSameWords) {
  for (std::string command : {"check", "capture", "gate", "bench"}) {
    const std::string help = RunDoctor({command, "--help"}).outcome.out;
    for (std::string word : {"standard", "extended", "stress"}) {
      EXPECT_TRUE(HasPart(help, word)) << command << " --help lacks " << word << "\n" << help;
    }
    EXPECT_EQ(HasPart(help, "basic"), command != "bench") << command << "\n" << help;
  }
  EXPECT_TRUE(HasPart(RunDoctor({"bench", "--help"}).outcome.out, "quick is the old name of standard"));
}

// The benchmark rows of a level are the same whichever command runs it (before: check's
// standard was the helper's quick, bench's standard the helper's longer standard).
TEST(CliLevels, AWordMeansTheSameInCheckAndBench) {
  const std::string machine = Machine("mi300x-bench-healthy");
  auto rows = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--sysroot", machine, "--format", "json"});
    const DoctorRun run = RunDoctor(args);
    EXPECT_TRUE(run.JsonOk()) << run.Context();
    return run.JsonOk() ? run.report["benchmarks"] : nlohmann::json();
  };
  for (std::string level : {"standard", "extended", "stress"}) {
    const nlohmann::json check = rows({"check", "--level", level});
    const nlohmann::json bench = rows({"bench", "--level", level});
    ASSERT_TRUE(check.is_array() && !check.empty()) << level;
    EXPECT_EQ(check, bench) << level;
  }
  EXPECT_EQ(rows({"bench", "--level", "quick"}), rows({"bench", "--level", "standard"}));
  EXPECT_EQ(rows({"bench"}), rows({"bench", "--level", "standard"}));
  // The recording is the helper's quick run: the report names it in the doctor's words.
  const DoctorRun run = RunDoctor({"check", "--sysroot", machine, "--level", "extended",
                                   "--format", "json"});
  EXPECT_TRUE(HasPart(run.outcome.out, "22 results at the standard level")) << run.Context();
  EXPECT_FALSE(HasPart(run.outcome.out, "at the quick level")) << run.Context();
}

TEST(CliLevels, WordsOutsideACommandsLevelsAreExitTwo) {
  const std::string machine = Machine("mi300x-bench-healthy");
  const DoctorRun basic = RunDoctor({"bench", "--sysroot", machine, "--level", "basic"});
  EXPECT_EQ(basic.outcome.exit_code, 2) << basic.Context();
  EXPECT_TRUE(HasPart(basic.outcome.err, "bench is GPU work")) << basic.Context();
  for (std::string word : {"turbo", "", "Standard", "quick,stress", "\033[31m"}) {
    const DoctorRun bench = RunDoctor({"bench", "--sysroot", machine, "--level", word});
    EXPECT_EQ(bench.outcome.exit_code, 2) << "[" << word << "]" << bench.Context();
    EXPECT_TRUE(HasPart(bench.outcome.err, "give standard, extended or stress")) << bench.Context();
    EXPECT_FALSE(HasPart(bench.outcome.err, "\033")) << bench.Context();
  }
  for (std::string command : {"check", "capture", "gate"}) {
    for (std::string word : {"quick", "turbo"}) {
      std::vector<std::string> args = {command, "--sysroot", machine, "--level", word};
      if (command == "capture") args.insert(args.end(), {"-o", "/nonexistent/out"});
      if (command == "gate") args.push_back("--npd");
      const DoctorRun run = RunDoctor(args);
      EXPECT_EQ(run.outcome.exit_code, 2) << command << " " << word << run.Context();
      EXPECT_TRUE(HasPart(run.outcome.err, "--level")) << run.Context();
    }
  }
}

// A policy's level takes the same words: extended runs the benchmark checks.
TEST(CliLevels, APolicyLevelTakesTheSameWords) {
  const std::string dir = ::testing::TempDir() + "/rocmdoc-levels-" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/p.toml") << "[policy]\nlevel = \"extended\"\n";
  const DoctorRun run = RunDoctor({"check", "--sysroot", Machine("mi300x-bench-healthy"),
                                   "--policy", dir + "/p.toml", "--format", "json"});
  ASSERT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_FALSE(run.report["benchmarks"].empty()) << run.Context();
  std::ofstream(dir + "/q.toml") << "[policy]\nlevel = \"quick\"\n";
  const DoctorRun bad = RunDoctor({"check", "--sysroot", Machine("mi300x-bench-healthy"),
                                   "--policy", dir + "/q.toml"});
  EXPECT_EQ(bad.outcome.exit_code, 2) << bad.Context();
  EXPECT_TRUE(HasPart(bad.outcome.err, "\"extended\"")) << bad.Context();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace rocm_doctor
