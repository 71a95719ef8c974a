// SPDX-License-Identifier: MIT
// The read-only nodev clone a replay opens files in (system/nodev_clone.h): a device node below
// it cannot be opened whatever its mode, a FIFO never blocks, nothing can be written, and a
// machine directory answers every read, listing and stat exactly as it does without the clone.
// The clone needs root (CAP_SYS_ADMIN) and Linux 5.12; elsewhere these tests are skipped and the
// view reads the O_PATH way (the other machine-directory tests cover it).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <vector>

#include "system/machine_dir_view.h"
#include "system/nodev_clone.h"
#include "system/open_beneath.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

TEST(HasMountBelow, OnlyMountPointsStrictlyBelowTheDirectoryCount) {
  const std::string mountinfo =
      "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
      "30 22 0:5 / /work/cap/sys rw,nosuid - sysfs sysfs rw\n"
      "31 22 0:6 / /work/cap\\040two/x rw - tmpfs tmpfs rw";  // no final newline
  EXPECT_TRUE(HasMountBelow(mountinfo, "/work/cap"));
  EXPECT_TRUE(HasMountBelow(mountinfo, "/work"));
  EXPECT_FALSE(HasMountBelow(mountinfo, "/work/ca"));       // a name that only starts alike
  EXPECT_FALSE(HasMountBelow(mountinfo, "/work/cap/sys"));  // a mount is not below itself
  EXPECT_TRUE(HasMountBelow(mountinfo, "/work/cap two"));   // "\040" is a space
  EXPECT_FALSE(HasMountBelow(mountinfo, "/work/cap\\040two"));
  EXPECT_TRUE(HasMountBelow(mountinfo, ""));  // "/": every other mount is below it
  EXPECT_FALSE(HasMountBelow("", "/work"));
  EXPECT_TRUE(HasMountBelow("garbage\n\n", "/work"));  // unreadable: assume a mount
}

// A tree with one of each kind of name a hostile machine directory may hold.
void MakeEveryKind(TempTree& t) {
  t.File("root/sys/regular", "text\n")
      .File("root/sys/empty", "")
      .File("root/sys/secret", "mode 000\n")
      .File("root/dev/kfd", "")
      .Dir("root/sys/dir")
      .Link("root/sys/link", "regular")
      .Link("root/sys/class", "../sys")
      .Link("root/sys/loop", "loop")
      .Link("root/sys/escape", "/../../../etc/passwd");
  ::chmod(t.At("root/sys/secret").c_str(), 0);
  ASSERT_EQ(::mknod(t.At("root/sys/null").c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
  ASSERT_EQ(::mknod(t.At("root/dev/zero").c_str(), S_IFCHR | 0666, ::makedev(1, 5)), 0);
  ASSERT_EQ(::mkfifo(t.At("root/sys/fifo").c_str(), 0644), 0);
}

TEST(NodevClone, OpensRegularFilesOnlyAndRefusesDeviceNodes) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod and open_tree need root";
  TempTree t;
  MakeEveryKind(t);
  const UniqueFd root = OpenRootDir(t.At("root"));
  ASSERT_TRUE(root);
  const UniqueFd clone = OpenNodevClone(root.get(), t.At("root"));
  if (!clone) GTEST_SKIP() << "no mount clone here (a container, Linux before 5.12)";

  ResolvedPath regular;
  ASSERT_TRUE(OpenRegularForReading(clone.get(), "sys/regular", regular));
  EXPECT_TRUE(regular.readable);
  EXPECT_TRUE(regular.has_stat);
  EXPECT_EQ(regular.status, FsStatus::kOk);
  char buffer[16] = {};
  EXPECT_EQ(::read(regular.handle.get(), buffer, sizeof buffer), 5);
  EXPECT_STREQ(buffer, "text\n");

  // The device node opens below the directory itself, mode 0666: the clone is what refuses it.
  EXPECT_TRUE(OpenBeneath(root.get(), "/sys/null", O_RDONLY));
  ResolvedPath device;
  errno = 0;
  EXPECT_FALSE(OpenRegularForReading(clone.get(), "sys/null", device));
  EXPECT_EQ(errno, EACCES);
  EXPECT_FALSE(device.handle);

  // A FIFO with no writer opens without blocking and is closed unread; errno 0 leaves it to the
  // O_PATH way, as a directory.
  const auto start = std::chrono::steady_clock::now();
  for (const char* name : {"sys/fifo", "sys/dir"}) {
    ResolvedPath other;
    errno = EINVAL;
    EXPECT_FALSE(OpenRegularForReading(clone.get(), name, other)) << name;
    EXPECT_EQ(errno, 0) << name;
    EXPECT_FALSE(other.handle) << name;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));

  // The path failing itself: the O_PATH open with the same flags fails alike.
  const std::vector<std::pair<const char*, int>> failing = {
      {"sys/link", ELOOP},         {"sys/class/regular", ELOOP}, {"sys/missing", ENOENT},
      {"sys/regular/x", ENOTDIR},  {"sys/escape", ELOOP}};
  for (const auto& [name, error_number] : failing) {
    ResolvedPath r;
    errno = 0;
    EXPECT_FALSE(OpenRegularForReading(clone.get(), name, r)) << name;
    EXPECT_EQ(errno, error_number) << name;
  }

  // Read-only: nothing below the clone can be created or written.
  errno = 0;
  EXPECT_LT(::openat(clone.get(), "sys/new", O_WRONLY | O_CREAT | O_CLOEXEC, 0644), 0);
  EXPECT_EQ(errno, EROFS);
  EXPECT_LT(::openat(clone.get(), "sys/regular", O_WRONLY | O_CLOEXEC), 0);
}

// Everything a view answers, for comparing two views of one directory.
struct Answers {
  std::vector<std::string> lines;
  void Add(const std::string& what, FsStatus status, const std::string& error,
           const std::string& data) {
    lines.push_back(what + " -> " + std::string(ToString(status)) + " [" + error + "] " + data);
  }
};

Answers AskEverything(const SystemView& view) {
  Answers out;
  const std::vector<std::string> paths = {
      "/sys/regular", "/sys/empty",  "/sys/secret", "/sys/null",   "/sys/fifo",
      "/sys/dir",     "/sys/link",   "/sys/class/regular",         "/sys/class/null",
      "/sys/loop",    "/sys/escape", "/sys/missing", "/sys/regular/x", "/dev/kfd",
      "/dev/zero",    "/sys/../sys/regular",        "/",           "/.rocm-doctor/machine.json"};
  for (const std::string& path : paths) {
    const FileContent whole = view.ReadFile(path, 3);
    out.Add("read " + path, whole.status, whole.error,
            whole.data + (whole.truncated ? " (truncated)" : ""));
    const FileContent part = view.ReadFileAt(path, 1, 2);
    out.Add("read-at " + path, part.status, part.error, part.data);
    const NodeInfo node = view.Stat(path);
    out.Add("stat " + path, node.status, node.error,
            std::string(ToString(node.type)) + " " + std::to_string(node.mode));
    const DirListing listing = view.ListDir(path);
    std::string names;
    for (const std::string& name : listing.names) names += name + ",";
    out.Add("list " + path, listing.status, listing.error, names);
  }
  const std::vector<FileContent> below =
      view.ReadFilesBelow("/sys/class", {"regular", "null", "fifo", "link", "secret", "missing"});
  for (const FileContent& file : below) out.Add("below", file.status, file.error, file.data);
  return out;
}

TEST(NodevClone, AMachineDirectoryAnswersAsItDoesWithoutTheClone) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod and open_tree need root";
  TempTree t;
  MakeEveryKind(t);
  const UniqueFd root = OpenRootDir(t.At("root"));
  if (!OpenNodevClone(root.get(), t.At("root"))) GTEST_SKIP() << "no mount clone here";
  using Route = MachineDirSystemView::ReadRoute;
  auto with_clone = MachineDirSystemView::Open(t.At("root"), "m", {}, Route::kCloneWhereAvailable);
  auto without = MachineDirSystemView::Open(t.At("root"), "m", {}, Route::kJudgeThenOpen);
  ASSERT_TRUE(with_clone.ok() && without.ok());
  const Answers want = AskEverything(*without.value());
  const Answers got = AskEverything(*with_clone.value());
  ASSERT_EQ(got.lines.size(), want.lines.size());
  for (std::size_t i = 0; i < want.lines.size(); ++i) EXPECT_EQ(got.lines[i], want.lines[i]);
  // The test means something: the device nodes are refused, the regular file read.
  EXPECT_EQ(with_clone.value()->ReadFile("/sys/regular", 100).data, "text\n");
  EXPECT_NE(with_clone.value()->ReadFile("/sys/null", 100).error.find("not a regular file"),
            std::string::npos);
  EXPECT_NE(with_clone.value()->ReadFile("/dev/zero", 100).error.find("device nodes are never"),
            std::string::npos);
}

// A directory with a mount below it gets no clone (a path through the mount point would reach
// what the mount covers), and is read the O_PATH way.
TEST(NodevClone, NoCloneOfADirectoryWithAMountBelowIt) {
  if (::geteuid() != 0) GTEST_SKIP() << "open_tree needs root";
  const UniqueFd root = OpenRootDir("/");
  EXPECT_FALSE(OpenNodevClone(root.get(), ""));  // /proc, /sys and /dev are mounted below "/"
}

}  // namespace
}  // namespace rocm_doctor::system
