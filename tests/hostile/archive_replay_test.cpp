// SPDX-License-Identifier: MIT
// Archive replay and capture against a hostile archive or environment (issue 13, items 6, 10):
// `check --sysroot X.tar.gz` leaves nothing under $TMPDIR however it ends, runs nothing the
// caller's environment names (TAR_OPTIONS, GZIP, a tar or gzip first in $PATH), refuses an
// archive that unpacks past the caps or out of its directory with exit 2, survives a deep
// archive under a low `ulimit -n`; `capture` onto a full disk exits 2 and leaves nothing.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <vector>

#include "hostile/doctor_run.h"
#include "hostile/limited_run.h"
#include "unit/system/tar_craft.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using namespace testing;  // NOLINT: the craft helpers

constexpr char kMachine[] = "rx7900xtx-healthy";

class ArchiveReplay : public ::testing::Test {
 protected:
  void SetUp() override {
    tree_.Dir("tmp");
    CommandSpec tar;
    tar.name = "tar";
    tar.argv = {"tar",
                "-czf",
                Healthy(),
                "-C",
                std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + kMachine,
                "."};
    ASSERT_EQ(RunCommand(tar).exit_code, 0);
  }
  std::string Healthy() const { return tree_.At("healthy.tar.gz"); }
  std::string Tmp() const { return tree_.At("tmp"); }
  std::vector<std::string> LeftInTmp() const {
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(Tmp())) left.push_back(e.path().string());
    return left;
  }
  DoctorRun Replay(const std::string& archive, std::map<std::string, std::string> env = {}) {
    env["TMPDIR"] = Tmp();
    return RunDoctor({"check", "--sysroot", archive, "--format", "json"}, std::chrono::seconds(120),
                     env);
  }
  // A replay that must be refused: exit 2, a clear message, nothing left behind.
  void ExpectRefused(const std::string& archive, const std::string& message) {
    const DoctorRun run = Replay(archive);
    EXPECT_EQ(run.outcome.exit_code, 2) << archive << run.Context();
    EXPECT_NE(run.outcome.err.find(message), std::string::npos) << run.Context();
    EXPECT_TRUE(LeftInTmp().empty()) << archive;
  }

  TempTree tree_;
};

// Before: a detached check thread held the last reference at exit in 3-7 of 10 runs.
TEST_F(ArchiveReplay, RepeatedRunsLeaveNothingInTmpdir) {
  for (int i = 0; i < 10; ++i) {
    const DoctorRun run = Replay(Healthy());
    ASSERT_TRUE(run.JsonOk()) << run.Context();
    ASSERT_TRUE(LeftInTmp().empty()) << "run " << i << " left " << LeftInTmp().front();
  }
}

// Before: tar came from $PATH, with TAR_OPTIONS=--to-command running a shell per member.
TEST_F(ArchiveReplay, TheCallersEnvironmentRunsNothing) {
  const std::string marker = tree_.At("ran");
  const std::string script = "#!/bin/sh\ntouch " + marker + "\ncat >/dev/null\n";
  tree_.File("bin/evil", script).File("bin/tar", script).File("bin/gzip", script);
  for (const char* name : {"bin/evil", "bin/tar", "bin/gzip"})
    ::chmod(tree_.At(name).c_str(), 0755);
  const std::map<std::string, std::string> env = {
      {"PATH", tree_.At("bin") + ":/usr/bin:/bin"},
      {"TAR_OPTIONS", "--to-command=" + tree_.At("bin/evil")},
      {"GZIP", "--suffix .evil --force"},
      {"TMPDIR", Tmp()}};
  DoctorRun run = Replay(Healthy(), env);
  ASSERT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_FALSE(fs::exists(marker));
  // capture writes its archive the same way; what it wrote replays.
  const std::string captured = tree_.At("captured.tar.gz");
  run = RunDoctor({"capture", "--sysroot", Healthy(), "-o", captured}, std::chrono::seconds(120),
                  env);
  ASSERT_EQ(run.outcome.exit_code, 0) << run.Context();
  EXPECT_FALSE(fs::exists(marker));
  run = Replay(captured);
  EXPECT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_TRUE(LeftInTmp().empty());
}

// Before: an 18 MB archive holding 4 GiB wrote gigabytes before its deadline.
TEST_F(ArchiveReplay, AnArchiveClaimingGigabytesIsRefusedAtOnce) {
  const std::string bomb = tree_.At("bomb.tar.gz");
  ASSERT_TRUE(WriteTarGz(bomb, [](auto write) {
    write(TarFile(".rocm-doctor/machine.json", "{}"));
    write(TarHeader("sys/zeros", tar::kRegular, std::uint64_t{4} << 30));
    const std::string zeros(1 << 20, '\0');
    for (int i = 0; i < 8; ++i) write(zeros);  // the stream just ends: the claim is enough
  }));
  const auto start = std::chrono::steady_clock::now();
  ExpectRefused(bomb, "2048 MiB");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST_F(ArchiveReplay, TooManyEntriesAreRefused) {
  const std::string many = tree_.At("many.tar.gz");
  ASSERT_TRUE(WriteTarGz(many, [](auto write) {
    std::string chunk;
    for (int i = 0; i < 1000; ++i) chunk += TarDir("./");
    for (int i = 0; i < 1001; ++i) write(chunk);  // 1,001,000 members that create nothing
  }));
  ExpectRefused(many, "more than 1000000 entries");
}

TEST_F(ArchiveReplay, NamesOutOfTheArchiveAreRefused) {
  const std::string victim = tree_.At("victim");
  const std::vector<std::string> streams = {
      TarFile("../victim", "x"),
      TarFile("a/../../victim", "x"),
      TarFile(victim, "x"),
      TarPax(tar::PaxRecord("path", "../../victim")) + TarFile("ok", "x"),
      TarLink("dir", tree_.path()) + TarFile("dir/victim", "x"),
      TarHardLink("copy", "/etc/shadow"),
  };
  for (std::size_t i = 0; i < streams.size(); ++i) {
    const std::string archive = tree_.At("escape" + std::to_string(i) + ".tgz");
    ASSERT_TRUE(
        WriteTarGz(archive, TarFile(".rocm-doctor/machine.json", "{}") + streams[i] + TarEnd()));
    ExpectRefused(archive, "refused");
    EXPECT_FALSE(fs::exists(victim)) << i;
  }
}

// Before: one descriptor per level in the device-node pass and the removal.
TEST_F(ArchiveReplay, ADeepArchiveUnderALowFdLimitIsRemoved) {
  std::string deep;
  for (int i = 0; i < 1500; ++i) deep += "d/";
  const std::string archive = tree_.At("deep.tar.gz");
  ASSERT_TRUE(WriteTarGz(archive, TarFile(".rocm-doctor/machine.json", "{}") +
                                      TarPax(tar::PaxRecord("path", deep + "dev/kfd")) +
                                      TarHeader("kfd", tar::kCharDevice) +
                                      TarPax(tar::PaxRecord("path", deep + "file")) +
                                      TarFile("file", "bottom") + TarEnd()));
  const LimitedRun run = RunDoctorLimited({"check", "--sysroot", archive, "--format", "json"},
                                          {{"TMPDIR", Tmp()}}, RLIMIT_NOFILE, 48);
  EXPECT_EQ(run.signal, 0) << run.err;
  EXPECT_GE(run.exit_code, 0) << run.err;
  EXPECT_LE(run.exit_code, 2) << run.err;
  EXPECT_TRUE(LeftInTmp().empty());
}

// Item 10: capture onto a disk that fills up exits 2 and leaves nothing it wrote.
class CaptureFullDisk : public ArchiveReplay {
 protected:
  LimitedRun CaptureLimited(const std::string& out, rlim_t max_file_size) {
    const std::string source = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + kMachine;
    return RunDoctorLimited({"capture", "--sysroot", source, "-o", out}, {{"TMPDIR", Tmp()}},
                            RLIMIT_FSIZE, max_file_size);
  }
};

TEST_F(CaptureFullDisk, ADirectoryCaptureLeavesNothing) {
  const std::string out = tree_.At("capture");
  const LimitedRun run = CaptureLimited(out, 512);
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("File too large"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_TRUE(LeftInTmp().empty());
  // An empty directory the user made stays, empty.
  tree_.Dir("mine");
  const LimitedRun again = CaptureLimited(tree_.At("mine"), 512);
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_TRUE(fs::is_directory(tree_.At("mine")));
  EXPECT_TRUE(fs::is_empty(tree_.At("mine")));
}

TEST_F(CaptureFullDisk, AnArchiveCaptureLeavesNothing) {
  // The tree's files fit (the largest, machine.json, is about 1.2 KB); the archive of them
  // (about 5.5 KB) does not.
  const std::string out = tree_.At("capture.tar.gz");
  const LimitedRun run = CaptureLimited(out, 3000);
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("the partial archive was removed"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_TRUE(LeftInTmp().empty());
}

}  // namespace
}  // namespace rocm_doctor
