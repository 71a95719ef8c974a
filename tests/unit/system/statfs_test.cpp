// SPDX-License-Identifier: MIT
// SystemView::StatFs on every view: the live host's statvfs, machine.json "filesystems" in
// replay (docs/probes.md), and the recorder that writes them.
#include <gtest/gtest.h>

#include "support/fake_system_view.h"
#include "system/live_system_view.h"
#include "system/machine_dir_view.h"
#include "system/machine_json.h"
#include "system/recording_system_view.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::TempTree;

FsSpace Space(std::uint64_t size, std::uint64_t free, std::uint64_t avail) {
  FsSpace s;
  s.status = FsStatus::kOk;
  s.size_bytes = size;
  s.free_bytes = free;
  s.avail_bytes = avail;
  return s;
}

TEST(StatFs, LiveHostAnswersForRootAndNotFoundForAMissingPath) {
  system::LiveSystemView live;
  FsSpace root = live.StatFs("/");
  ASSERT_TRUE(root.ok()) << root.error;
  EXPECT_GT(root.size_bytes, 0u);
  EXPECT_LE(root.avail_bytes, root.free_bytes);
  EXPECT_LE(root.free_bytes, root.size_bytes);
  FsSpace missing = live.StatFs("/no/such/dir/rocm-doctor");
  EXPECT_EQ(missing.status, FsStatus::kNotFound);
  EXPECT_FALSE(missing.error.empty());
}

TEST(StatFs, MachineJsonFilesystemsParseAndRoundTrip) {
  auto parsed = system::ParseMachineJson(R"({
    "filesystems": {
      "/home": {"size_bytes": 2199023255552, "free_bytes": 13958643712, "avail_bytes": 12884901888},
      "/mnt/dead/": {"status": "error", "error": "statvfs did not return within 5 s"},
      "/bad1": {"size_bytes": -1, "free_bytes": 0, "avail_bytes": 0},
      "/bad2": {"size_bytes": 10, "free_bytes": 20, "avail_bytes": 5},
      "/bad3": "full",
      "/bad4": {"status": "sideways"}
    }})",
                                         system::AccountDb{});
  ASSERT_TRUE(parsed.ok()) << parsed.error();  // malformed entries never fail the file
  const auto& fs = parsed->filesystems;
  ASSERT_TRUE(fs.at("/home").ok());
  EXPECT_EQ(fs.at("/home").avail_bytes, 12884901888u);
  EXPECT_EQ(fs.at("/mnt/dead").status, FsStatus::kError);  // the key is normalised
  EXPECT_EQ(fs.at("/mnt/dead").error, "statvfs did not return within 5 s");
  for (const char* bad : {"/bad1", "/bad2", "/bad3", "/bad4"}) {
    EXPECT_EQ(fs.at(bad).status, FsStatus::kError) << bad;
    EXPECT_NE(fs.at(bad).error.find("is malformed"), std::string::npos) << fs.at(bad).error;
  }
  auto again = system::ParseMachineJson(system::MachineJsonText(*parsed), system::AccountDb{});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->filesystems.at("/home").size_bytes, 2199023255552u);
  EXPECT_EQ(again->filesystems.at("/mnt/dead").error, "statvfs did not return within 5 s");

  auto not_object = system::ParseMachineJson(R"({"filesystems": [1, 2]})", system::AccountDb{});
  ASSERT_TRUE(not_object.ok());
  EXPECT_FALSE(not_object->filesystems_error.empty());
}

TEST(StatFs, MachineDirectoryServesTheRecordingOrNotRecorded) {
  TempTree tree;
  tree.MachineJson(R"({"format": 1, "filesystems": {"/": {"size_bytes": 100, "free_bytes": 50,
                      "avail_bytes": 40}}})");
  auto view = system::MachineDirSystemView::Open(tree.path(), tree.path());
  ASSERT_TRUE(view.ok()) << view.error();
  FsSpace root = view.value()->StatFs("/");
  ASSERT_TRUE(root.ok());
  EXPECT_EQ(root.avail_bytes, 40u);
  FsSpace other = view.value()->StatFs("/home");
  EXPECT_EQ(other.status, FsStatus::kNotFound);
  EXPECT_NE(other.error.find("not recorded in this capture"), std::string::npos);

  TempTree old;  // a capture from before the extension: answers "not recorded", never fails
  old.MachineJson(R"({"format": 1})");
  auto plain = system::MachineDirSystemView::Open(old.path(), old.path());
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.value()->StatFs("/").status, FsStatus::kNotFound);

  TempTree broken;
  broken.MachineJson(R"({"format": 1, "filesystems": "yes"})");
  auto odd = system::MachineDirSystemView::Open(broken.path(), broken.path());
  ASSERT_TRUE(odd.ok()) << odd.error();
  EXPECT_EQ(odd.value()->StatFs("/").status, FsStatus::kError);
}

TEST(StatFs, CaptureRecordsWhatWasAskedAndReplayGivesItBack) {
  auto host = std::make_shared<testing::FakeSystemView>();
  FsSpace hung;
  hung.status = FsStatus::kError;
  hung.error = "statvfs did not return within 5 s";
  host->Space("/home", Space(1000, 600, 500)).Space("/mnt/nfs", hung);
  RecordingSystemView recorder(host);
  EXPECT_EQ(recorder.StatFs("/home").avail_bytes, 500u);
  EXPECT_EQ(recorder.StatFs("/mnt/nfs").status, FsStatus::kError);
  EXPECT_EQ(recorder.StatFs("/elsewhere").status, FsStatus::kNotFound);  // not written
  TempTree out;
  auto stats = recorder.WriteMachine(out.At("capture"), "statfs");
  ASSERT_TRUE(stats.ok()) << stats.error();
  auto replay = system::MachineDirSystemView::Open(out.At("capture"), "capture");
  ASSERT_TRUE(replay.ok()) << replay.error();
  FsSpace home = replay.value()->StatFs("/home");
  ASSERT_TRUE(home.ok());
  EXPECT_EQ(home.size_bytes, 1000u);
  EXPECT_EQ(home.free_bytes, 600u);
  EXPECT_EQ(home.avail_bytes, 500u);
  EXPECT_EQ(replay.value()->StatFs("/mnt/nfs").error, "statvfs did not return within 5 s");
  EXPECT_EQ(replay.value()->StatFs("/elsewhere").status, FsStatus::kNotFound);
}

// A view that does not override StatFs (another project's test double, say).
class BareView : public SystemView {
 public:
  FileContent ReadFile(std::string_view, std::size_t) const override { return {}; }
  DirListing ListDir(std::string_view) const override { return {}; }
  LinkTarget ReadLink(std::string_view) const override { return {}; }
  NodeInfo Stat(std::string_view) const override { return {}; }
  std::optional<std::string> GetEnv(std::string_view) const override { return std::nullopt; }
  std::map<std::string, std::string> Environment() const override { return {}; }
  UnameInfo Uname() const override { return {}; }
  UserInfo CurrentUser() const override { return {}; }
  CommandOutcome Run(const CommandSpec&) const override { return {}; }
  KernelLog ReadKernelLog() const override { return {}; }
  bool IsReplay() const override { return true; }
  std::string Describe() const override { return "bare view"; }
};

TEST(StatFs, ViewsWithoutAnAnswerSaySoInsteadOfZeros) {
  BareView bare;
  FsSpace space = bare.StatFs("/data");
  EXPECT_EQ(space.status, FsStatus::kError);
  EXPECT_EQ(space.error, "filesystem space of /data not available from bare view");
  EXPECT_EQ(space.size_bytes, 0u);
}

}  // namespace
}  // namespace rocm_doctor
