// SPDX-License-Identifier: MIT
// Issue 13 item 9: the one reader of user-named files (--policy, --thresholds, fleet and diff
// reports) refuses what is not a regular file without blocking, and caps the size.
#include "system/config_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "unit/system/temp_tree.h"

namespace rocm_doctor::system {
namespace {

using Clock = std::chrono::steady_clock;

TEST(UserFile, ReadsARegularFileWhole) {
  testing::TempTree tree;
  tree.File("policy.toml", "[policy]\nname = \"x\"\n");
  Result<std::string> text = ReadUserFile(tree.At("policy.toml"), 1 << 20);
  ASSERT_TRUE(text) << text.error();
  EXPECT_EQ(*text, "[policy]\nname = \"x\"\n");
  tree.File("empty", "");
  EXPECT_EQ(ReadUserFile(tree.At("empty"), 10).value(), "");
  // Exactly at the limit is fine; one byte more is not.
  tree.File("ten", "0123456789");
  EXPECT_TRUE(ReadUserFile(tree.At("ten"), 10));
  EXPECT_EQ(ReadUserFile(tree.At("ten"), 9).error(), tree.At("ten") + ": larger than 9 bytes");
}

TEST(UserFile, AFifoIsRefusedAtOnce) {
  // No writer ever comes: a blocking open() would wait forever.
  testing::TempTree tree;
  const std::string fifo = tree.At("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = Clock::now();
  std::string buffer = "stale";
  EXPECT_EQ(ReadUserFileInto(fifo, 1 << 20, buffer), "not a regular file (a FIFO)");
  EXPECT_EQ(buffer, "");
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 1.0);
}

TEST(UserFile, DevicesDirectoriesAndSocketsAreRefused) {
  std::string buffer;
  EXPECT_EQ(ReadUserFileInto("/dev/zero", 1 << 20, buffer), "not a regular file (a character device)");
  EXPECT_EQ(ReadUserFileInto("/dev/null", 1 << 20, buffer), "not a regular file (a character device)");
  EXPECT_EQ(ReadUserFileInto("/", 1 << 20, buffer), "not a regular file (a directory)");
  EXPECT_EQ(ReadUserFileInto("/nonexistent/x.toml", 1 << 20, buffer), "No such file or directory");
  EXPECT_EQ(ReadUserFileInto("", 1 << 20, buffer), "empty file name");
}

TEST(UserFile, ASymlinkToAFifoIsRefusedToo) {
  testing::TempTree tree;
  const std::string fifo = tree.At("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  tree.Link("link.toml", fifo);
  std::string buffer;
  EXPECT_EQ(ReadUserFileInto(tree.At("link.toml"), 1 << 20, buffer), "not a regular file (a FIFO)");
}

TEST(UserFile, ATooLargeFileIsRefusedBeforeItIsRead) {
  // A sparse file of 3 GiB: refused from its size, not read.
  testing::TempTree tree;
  const std::string big = tree.At("big.json");
  const int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, off_t{3} << 30), 0);
  ::close(fd);
  const auto start = Clock::now();
  std::string buffer;
  EXPECT_EQ(ReadUserFileInto(big, 64u << 20, buffer), "larger than 64 MiB");
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 1.0);
  EXPECT_EQ(SizeLimitText(1 << 20), "1 MiB");
  EXPECT_EQ(SizeLimitText(64 << 10), "64 KiB");
  EXPECT_EQ(SizeLimitText(1000), "1000 bytes");
}

TEST(UserFile, AFileThatLiesAboutItsSizeIsStillBounded) {
  // procfs says 0 bytes and then delivers more: at most max_bytes + 1 are read.
  std::string buffer;
  const std::string error = ReadUserFileInto("/proc/self/maps", 16, buffer);
  EXPECT_EQ(error, "larger than 16 bytes");
  EXPECT_EQ(buffer, "");
}

}  // namespace
}  // namespace rocm_doctor::system
