// SPDX-License-Identifier: MIT
#include "system/live_system_view.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>

#include "system/kmsg_parse.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

TEST(LiveSystemView, ProcVersionIsReadDespiteStatSizeZero) {
  LiveSystemView view;
  const FileContent version = view.ReadFile("/proc/version", kDefaultReadLimit);
  ASSERT_TRUE(version.ok()) << version.error;
  EXPECT_EQ(version.data.rfind("Linux version ", 0), 0u) << version.data;
  EXPECT_FALSE(version.truncated);
}

TEST(LiveSystemView, UnameMatchesTheKernel) {
  struct utsname uts {};
  ASSERT_EQ(::uname(&uts), 0);
  const UnameInfo info = LiveSystemView().Uname();
  EXPECT_EQ(info.release, std::string(uts.release));
  EXPECT_EQ(info.sysname, std::string("Linux"));
}

TEST(LiveSystemView, ErrorsAreClassified) {
  LiveSystemView view;
  EXPECT_EQ(view.ReadFile("/rocmdoc/no/such/file", 100).status, FsStatus::kNotFound);
  EXPECT_EQ(view.ReadFile("/proc/version/child", 100).status, FsStatus::kNotFound);  // ENOTDIR
  const FileContent dir = view.ReadFile("/proc", 100);
  EXPECT_EQ(dir.status, FsStatus::kError);
  EXPECT_EQ(dir.error, "Is a directory");
  TempTree tree;
  tree.Link("a", "b").Link("b", "a");
  EXPECT_EQ(view.ReadFile(tree.At("a"), 100).status, FsStatus::kLoop);
}

TEST(LiveSystemView, DeviceNodesAndFifosAreNeverRead) {
  LiveSystemView view;
  const FileContent null_dev = view.ReadFile("/dev/null", 100);
  EXPECT_EQ(null_dev.status, FsStatus::kError);
  EXPECT_NE(null_dev.error.find("not a regular file"), std::string::npos);
  TempTree tree;
  ASSERT_EQ(::mkfifo(tree.At("fifo").c_str(), 0644), 0);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(view.ReadFile(tree.At("fifo"), 100).status, FsStatus::kError);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(LiveSystemView, BoundedReadOfASparseFile) {
  TempTree tree;
  tree.File("big", "");
  ASSERT_EQ(::truncate(tree.At("big").c_str(), 2LL << 30), 0);
  const FileContent big = LiveSystemView().ReadFile(tree.At("big"), 16);
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(big.data.size(), 16u);
  EXPECT_TRUE(big.truncated);
  const FileContent exact = LiveSystemView().ReadFile("/proc/version", 1 << 20);
  EXPECT_FALSE(exact.truncated);
}

TEST(LiveSystemView, PermissionDeniedIsNotNotFound) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads mode-000 files; see machine_dir tests";
  TempTree tree;
  tree.File("secret", "x");
  ::chmod(tree.At("secret").c_str(), 0);
  EXPECT_EQ(LiveSystemView().ReadFile(tree.At("secret"), 100).status,
            FsStatus::kPermissionDenied);
}

TEST(LiveSystemView, ListDirReadLinkStat) {
  TempTree tree;
  tree.File("z", "1").File("a", "2").Dir("m").Link("l", "z");
  LiveSystemView view;
  const DirListing listing = view.ListDir(tree.path());
  ASSERT_TRUE(listing.ok());
  EXPECT_EQ(listing.names, (std::vector<std::string>{"a", "l", "m", "z"}));
  EXPECT_EQ(view.ListDir(tree.At("z")).status, FsStatus::kError);
  EXPECT_EQ(view.ListDir(tree.At("none")).status, FsStatus::kNotFound);
  EXPECT_EQ(view.ReadLink(tree.At("l")).target, "z");
  EXPECT_EQ(view.ReadLink(tree.At("z")).status, FsStatus::kError);
  const NodeInfo null_dev = view.Stat("/dev/null");
  ASSERT_TRUE(null_dev.ok());
  EXPECT_EQ(null_dev.type, NodeType::kCharDevice);
  EXPECT_EQ(null_dev.major, 1u);
  EXPECT_EQ(null_dev.minor, 3u);
  EXPECT_EQ(null_dev.owner, "root");
  EXPECT_EQ(view.Stat(tree.At("l")).type, NodeType::kRegular);  // follows links
}

TEST(LiveSystemView, CurrentUserHasItsPrimaryGroup) {
  const UserInfo user = LiveSystemView().CurrentUser();
  EXPECT_EQ(user.uid, ::geteuid());
  bool primary = false;
  for (const auto& group : user.groups) primary = primary || group.gid == user.gid;
  EXPECT_TRUE(primary);
}

TEST(LiveSystemView, EnvironmentSnapshot) {
  ::setenv("ROCMDOC_LIVE_TEST", "1", 1);
  LiveSystemView view;
  EXPECT_EQ(view.GetEnv("ROCMDOC_LIVE_TEST"), std::optional<std::string>("1"));
  EXPECT_EQ(view.Environment().at("ROCMDOC_LIVE_TEST"), "1");
  EXPECT_EQ(view.GetEnv("ROCMDOC_NOT_SET_ANYWHERE"), std::nullopt);
  EXPECT_FALSE(view.IsReplay());
}

TEST(LiveSystemView, KernelLogHasLines) {
  const KernelLog log = LiveSystemView().ReadKernelLog();
  if (log.state == KernelLog::State::kUnreadable) {
    // Both sources refused (a container without CAP_SYSLOG): the error names both.
    EXPECT_NE(log.error.find("/dev/kmsg"), std::string::npos);
    EXPECT_NE(log.error.find("dmesg"), std::string::npos);
    return;
  }
  ASSERT_EQ(log.state, KernelLog::State::kOk);
  EXPECT_FALSE(log.lines.empty());
  EXPECT_LE(log.lines.size(), kKernelLogMaxLines);
  // Message text only: no "[   12.345678] " timestamps left in front.
  for (const auto& line : log.lines) EXPECT_EQ(StripDmesgPrefix(line), line);
}

}  // namespace
}  // namespace rocm_doctor::system
