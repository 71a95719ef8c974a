// SPDX-License-Identifier: MIT
// --sysroot DIR must name a machine directory (docs/machine-format.md): one that holds
// .rocm-doctor/machine.json or a proc/ or sys/ tree, or a .tar.gz of one. Anything else is exit
// 2 with the reason, in every command that takes --sysroot (before: `check --sysroot /tmp` was
// diagnosed as a host with nothing on it, exit 1, "No AMD GPU").
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../hostile/doctor_run.h"
#include "system/archive.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;
using testing::RunDoctor;
using testing::TempTree;

bool HasText(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

// The archive capture writes (system/archive.h), of `dir`'s contents.
bool Pack(const std::string& dir, const std::string& archive) {
  return system::PackArchive(dir, archive).ok();
}

// Directories that are not machines: each is refused by check, capture, bench and gate.
TEST(CliSysroot, NotAMachineDirectoryIsExitTwo) {
  std::vector<std::unique_ptr<TempTree>> trees;
  auto tree = [&]() -> TempTree& { return *trees.emplace_back(std::make_unique<TempTree>()); };
  std::vector<std::string> dirs;
  dirs.push_back(tree().path());                                            // empty
  dirs.push_back(tree().File("notes.txt", "x").File("a/b/c", "y").path());  // a /tmp
  dirs.push_back(tree().Dir(".rocm-doctor").path());                        // no machine.json
  dirs.push_back(tree().Dir(".rocm-doctor/machine.json").path());           // a directory
  dirs.push_back(tree().File("proc", "").File("sys", "").path());           // files, not trees
  dirs.push_back(tree().Link("sys", "/sys").Link("proc", "/proc").path());  // links out
  dirs.push_back(tree().Link(".rocm-doctor", "/etc").path());               // a linked meta dir
  dirs.push_back(tree().Dir("etc").Dir("usr/lib").Dir("dev").path());       // no proc, no sys
  const std::string tmp = ::testing::TempDir();
  for (const std::string& dir : dirs) {
    for (std::vector<std::string> args :
         {std::vector<std::string>{"check", "--sysroot", dir},
          {"check", "--sysroot", dir, "--format", "json"},
          {"capture", "--sysroot", dir, "-o", dir + "/out"},
          {"bench", "--sysroot", dir},
          {"gate", "--npd", "--sysroot", dir}}) {
      const DoctorRun run = RunDoctor(args);
      EXPECT_EQ(run.outcome.exit_code, 2) << args[0] << " " << dir << run.Context();
      EXPECT_TRUE(HasText(run.outcome.err, "--sysroot " + dir + ": not a machine directory"))
          << args[0] << " " << dir << run.Context();
      if (args.back() == "json") {
        ASSERT_TRUE(run.JsonOk()) << run.Context();
        EXPECT_TRUE(HasText(run.report.value("error", ""), "not a machine directory"));
      }
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/out")) << dir;
  }
  // /tmp itself, the issue's example: whatever lies there, no proc/ or sys/ tree.
  if (!std::filesystem::exists("/tmp/proc") && !std::filesystem::exists("/tmp/sys") &&
      !std::filesystem::exists("/tmp/.rocm-doctor")) {
    const DoctorRun run = RunDoctor({"check", "--sysroot", "/tmp"});
    EXPECT_EQ(run.outcome.exit_code, 2) << run.Context();
    EXPECT_TRUE(HasText(run.outcome.err, "not a machine directory")) << run.Context();
  }
}

// An archive whose contents are no machine is refused the same way; one of a machine replays.
TEST(CliSysroot, ArchiveMustHoldAMachine) {
  TempTree junk;
  junk.File("README", "not a machine\n").File("src/main.c", "int main(){}\n");
  TempTree out;
  const std::string bad = out.At("junk.tar.gz");
  ASSERT_TRUE(Pack(junk.path(), bad));
  const DoctorRun refused = RunDoctor({"check", "--sysroot", bad});
  EXPECT_EQ(refused.outcome.exit_code, 2) << refused.Context();
  EXPECT_TRUE(HasText(refused.outcome.err, "--sysroot " + bad + ": not a machine directory"))
      << refused.Context();

  const std::string machine = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/mi300x-healthy";
  const std::string good = out.At("machine.tar.gz");
  ASSERT_TRUE(Pack(machine, good));
  const DoctorRun packed = RunDoctor({"check", "--sysroot", good, "--format", "json"});
  const DoctorRun dir = RunDoctor({"check", "--sysroot", machine, "--format", "json"});
  EXPECT_EQ(packed.outcome.exit_code, 0) << packed.Context();
  ASSERT_TRUE(packed.JsonOk() && dir.JsonOk()) << packed.Context();
  EXPECT_EQ(packed.report["verdict"], dir.report["verdict"]);
  EXPECT_EQ(packed.report["checks"].size(), dir.report["checks"].size());
}

// The smallest machine directories the format allows still replay: machine.json alone, proc/
// alone, sys/ alone.
TEST(CliSysroot, SmallestMachineDirectoriesReplay) {
  TempTree meta, proc, sys;
  meta.MachineJson(R"({"format": 1})");
  proc.File("proc/version", "Linux version 6.8.0\n");
  sys.Dir("sys/bus/pci/devices");
  for (const TempTree* t : {&meta, &proc, &sys}) {
    const DoctorRun run = RunDoctor({"check", "--sysroot", t->path(), "--format", "json"});
    ASSERT_TRUE(run.JsonOk()) << t->path() << run.Context();
    EXPECT_TRUE(run.report.contains("checks")) << t->path() << run.Context();
  }
}

// Every machine the project replays is still a machine directory.
// Every directory of tests/machines is replayed by test_machines (Machines/ReplayTest), which
// finds them by their EXPECT file and requires a JSON report with its checks and its golden
// copy; a directory without EXPECT would escape it. (This test ran every machine itself once,
// the same runs again: 196 s of CI's 2 cores.)
TEST(CliSysroot, EveryTestMachineIsReplayedByTheMachineTests) {
  int machines = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines")) {
    if (!entry.is_directory()) continue;
    ++machines;
    EXPECT_TRUE(std::filesystem::is_regular_file(entry.path() / "EXPECT"))
        << entry.path() << ": no EXPECT, so test_machines does not replay it";
    EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::path(ROCMDOC_SOURCE_DIR) /
                                                 "tests/golden/machines" /
                                                 (entry.path().filename().string() + ".json")))
        << entry.path() << ": no golden report";
  }
  EXPECT_GT(machines, 50);
}

}  // namespace
}  // namespace rocm_doctor
