// system::WriteAll (src/system/fd_io.h): the one write loop behind -o files, capture trees,
// archive extraction and capture --redact.
#include "system/fd_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <thread>

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
  struct sigaction ignore {}, old {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  EXPECT_EQ(WriteAll(write_end.get(), "nobody reads this"), EPIPE);
  ::sigaction(SIGPIPE, &old, nullptr);
}

TEST(WriteAll, NothingToWriteIsSuccess) { EXPECT_EQ(WriteAll(-1, ""), 0); }

}  // namespace
}  // namespace rocm_doctor::system
