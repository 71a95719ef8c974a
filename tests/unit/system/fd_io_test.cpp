// SPDX-License-Identifier: MIT
// system::WriteAll (src/system/fd_io.h): the one write loop behind -o files, capture trees,
// archive extraction and capture --redact; system::ReadBounded, the one read loop behind every
// file a view reads; system::ListNamesAt, the one directory listing.
#include "system/fd_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <thread>

#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

// A non-blocking pipe fills after 64 KiB: WriteAll waits for room instead of failing with
// EAGAIN or dropping the rest, and the reader gets every byte in order.
TEST(WriteAll, NonBlockingPipeGetsEveryByte) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  UniqueFd read_end(fds[0]), write_end(fds[1]);
  ASSERT_EQ(::fcntl(write_end.get(), F_SETFL, O_NONBLOCK), 0);
  std::string data;
  for (int i = 0; i < (4 << 20) / 16; ++i) data += "0123456789abcdef";
  data += "tail";
  std::string got;
  std::thread reader([&] {
    char buffer[8192];
    for (;;) {
      const ssize_t n = ::read(read_end.get(), buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got.append(buffer, static_cast<std::size_t>(n));
    }
  });
  const int error_number = WriteAll(write_end.get(), data);
  write_end = UniqueFd();
  reader.join();
  EXPECT_EQ(error_number, 0);
  EXPECT_EQ(got.size(), data.size());
  EXPECT_TRUE(got == data);
}

TEST(WriteAll, ReportsTheErrnoOfTheFailedWrite) {
  EXPECT_EQ(WriteAll(-1, "x"), EBADF);
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  ::close(fds[0]);
  UniqueFd write_end(fds[1]);
  struct sigaction ignore {
  }, old{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  EXPECT_EQ(WriteAll(write_end.get(), "nobody reads this"), EPIPE);
  ::sigaction(SIGPIPE, &old, nullptr);
}

TEST(WriteAll, NothingToWriteIsSuccess) { EXPECT_EQ(WriteAll(-1, ""), 0); }

// A temporary file holding `size` bytes of a pattern, open for reading; unlinked at once.
UniqueFd TempFileOf(const std::string& data) {
  char name[] = "/tmp/fd_io_test.XXXXXX";
  UniqueFd fd(::mkstemp(name));
  if (!fd) return fd;
  ::unlink(name);
  if (WriteAll(fd.get(), data) != 0 || ::lseek(fd.get(), 0, SEEK_SET) != 0) return UniqueFd();
  return fd;
}

std::string Pattern(std::size_t size) {
  std::string data(size, '\0');
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<char>('a' + (i * 7 + i / 4093) % 26);
  return data;
}

// The 1 MB dpkg status was read 1 MiB at a time: a 2 MiB string, the second MiB zero-filled
// only to find EOF. With its size known it is read into a string of its size.
TEST(ReadBounded, LargeFileOfKnownSizeTakesNoMoreThanItsSize) {
  const std::string data = Pattern(1'000'000);
  UniqueFd fd = TempFileOf(data);
  ASSERT_TRUE(fd);
  struct stat st {};
  ASSERT_EQ(::fstat(fd.get(), &st), 0);
  const FileContent got = ReadBounded(fd.get(), 16 << 20, static_cast<std::size_t>(st.st_size));
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got.truncated);
  EXPECT_TRUE(got.data == data);
  EXPECT_LT(got.data.capacity(), data.size() + 64 * 1024);
}

// The size is a guess made before the read: a file that grew or shrank since its fstat(), a
// limit below it, no size at all (procfs says 0, sysfs 4096) all read exactly what is there.
TEST(ReadBounded, WrongOrMissingSizeHintsReadWhatIsThere) {
  for (const std::size_t size :
       {0ul, 5ul, 8192ul, 65535ul, 65536ul, 70000ul, 1'048'576ul, 1'048'577ul, 2'500'000ul}) {
    const std::string data = Pattern(size);
    for (const std::size_t hint :
         {std::size_t{0}, std::size_t{4096}, size / 2, size, size + 1, size * 3 + 100'000}) {
      UniqueFd fd = TempFileOf(data);
      ASSERT_TRUE(fd);
      const FileContent got = ReadBounded(fd.get(), 16 << 20, hint);
      ASSERT_TRUE(got.ok()) << size << " " << hint;
      EXPECT_FALSE(got.truncated) << size << " " << hint;
      EXPECT_TRUE(got.data == data) << size << " " << hint << " got " << got.data.size();
    }
  }
}

TEST(ReadBounded, LimitBelowTheHintedSizeTruncates) {
  const std::string data = Pattern(300'000);
  for (const std::size_t hint : {std::size_t{0}, data.size()}) {
    UniqueFd fd = TempFileOf(data);
    ASSERT_TRUE(fd);
    const FileContent got = ReadBounded(fd.get(), 100'000, hint);
    ASSERT_TRUE(got.ok());
    EXPECT_TRUE(got.truncated);
    EXPECT_TRUE(got.data == data.substr(0, 100'000));
  }
}

// A machine directory's file is read up to its st_size without the read that returns 0 (one
// syscall per replayed file); what is read is the same, also when the size was wrong.
TEST(ReadBounded, StopAtSizeReadsTheSameBytes) {
  for (const std::size_t size : {0ul, 1ul, 178ul, 8191ul, 8192ul, 8193ul, 70000ul}) {
    const std::string data = Pattern(size);
    for (const std::size_t hint : {size, std::size_t{0}, size / 2, size + 1}) {
      UniqueFd fd = TempFileOf(data);
      ASSERT_TRUE(fd);
      const FileContent got = ReadBounded(fd.get(), 16 << 20, hint, /*stop_at_size=*/true);
      ASSERT_TRUE(got.ok()) << size << " " << hint;
      EXPECT_FALSE(got.truncated) << size << " " << hint;
      EXPECT_TRUE(got.data == data) << size << " " << hint << " got " << got.data.size();
    }
  }
}

// ListNamesAt reads the directory in 8 KiB getdents64() batches: a directory of 600 long names
// takes several, and every name comes back once, sorted, without "." and "..".
TEST(ListNamesAt, ALargeDirectoryIsListedWholeAndSorted) {
  testing::TempTree tree;
  std::set<std::string> want;
  for (int i = 0; i < 600; ++i) {
    const std::string name = "io_link_with_a_long_name_" + std::to_string(i * 7919 % 600);
    tree.File("dir/" + name, "");
    want.insert(name);
  }
  UniqueFd fd(::open(tree.At("dir").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  ASSERT_TRUE(fd);
  const NameList listed = ListNamesAt(fd.get());
  EXPECT_EQ(listed.error_number, 0);
  EXPECT_EQ(listed.names, std::vector<std::string>(want.begin(), want.end()));
  // The descriptor stays usable for *at() calls.
  struct stat st {};
  EXPECT_EQ(::fstatat(fd.get(), "io_link_with_a_long_name_0", &st, 0), 0);
}

TEST(ListNamesAt, WhatIsNotAReadableDirectoryIsItsErrno) {
  testing::TempTree tree;
  tree.File("file", "x").Dir("empty");
  UniqueFd file(::open(tree.At("file").c_str(), O_RDONLY | O_CLOEXEC));
  EXPECT_EQ(ListNamesAt(file.get()).error_number, ENOTDIR);
  UniqueFd path_only(::open(tree.At("empty").c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  EXPECT_EQ(ListNamesAt(path_only.get()).error_number, EBADF);
  EXPECT_EQ(ListNamesAt(-1).error_number, EBADF);
  UniqueFd empty(::open(tree.At("empty").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  const NameList none = ListNamesAt(empty.get());
  EXPECT_EQ(none.error_number, 0);
  EXPECT_TRUE(none.names.empty());
}

}  // namespace
}  // namespace rocm_doctor::system
