// SPDX-License-Identifier: MIT
// -o FILE as root (issue 13, items 1 and 2): what is at FILE decides what is written, and no
// predictable or followed name is ever created.
#include "system/output_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct stat LStat(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st;
}

std::size_t Entries(const std::string& dir) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++n;
  return n;
}

TEST(OutputFile, CreatesAbsentFileWithOnlyThatName) {
  TempTree t;
  ASSERT_TRUE(WriteOutputFile(t.At("report.json"), "{}\n"));
  EXPECT_EQ(Slurp(t.At("report.json")), "{}\n");
  EXPECT_EQ(Entries(t.path()), 1u);  // no temporary file left behind
}

TEST(OutputFile, ReplacesRegularFileKeepingItsMode) {
  TempTree t;
  t.File("r.txt", "old content that is longer");
  ::chmod(t.At("r.txt").c_str(), 0600);
  ASSERT_TRUE(WriteOutputFile(t.At("r.txt"), "new"));
  EXPECT_EQ(Slurp(t.At("r.txt")), "new");
  EXPECT_EQ(LStat(t.At("r.txt")).st_mode & 0777, 0600u);
  EXPECT_EQ(Entries(t.path()), 1u);
}

// The old writer opened FILE.tmp.<pid> with O_CREAT|O_TRUNC: a link planted under that name
// made root truncate and overwrite the link's target.
TEST(OutputFile, PlantedTemporaryNamesAreNeverFollowed) {
  TempTree t;
  t.File("victim", "precious");
  for (const std::string& planted : std::vector<std::string>{
           ".tmp." + std::to_string(::getpid()), ".tmp.0", ".tmp.1", ".rocm-doctor-tmp"}) {
    t.Link("out.json" + planted, t.At("victim"));
  }
  ASSERT_TRUE(WriteOutputFile(t.At("out.json"), "report"));
  EXPECT_EQ(Slurp(t.At("victim")), "precious");
  EXPECT_EQ(Slurp(t.At("out.json")), "report");
  EXPECT_TRUE(S_ISLNK(LStat(t.At("out.json.tmp." + std::to_string(::getpid()))).st_mode));
}

TEST(OutputFile, DirectoryIsAnError) {
  TempTree t;
  t.Dir("d");
  auto written = WriteOutputFile(t.At("d"), "x");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().find("is a directory"), std::string::npos) << written.error();
  EXPECT_FALSE(WriteOutputFile(t.At("d") + "/", "x"));
  EXPECT_FALSE(WriteOutputFile(t.At("missing-dir/r.json"), "x"));
  EXPECT_EQ(Entries(t.At("d")), 0u);
}

// A FIFO is written through, never replaced by a regular file.
TEST(OutputFile, FifoIsWrittenThrough) {
  TempTree t;
  ASSERT_EQ(::mkfifo(t.At("pipe").c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = Slurp(t.At("pipe")); });
  ASSERT_TRUE(WriteOutputFile(t.At("pipe"), "through the pipe"));
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  EXPECT_TRUE(S_ISFIFO(LStat(t.At("pipe")).st_mode));
  EXPECT_EQ(Entries(t.path()), 1u);
}

// The review's host-breaking case: as root, -o /dev/null replaced /dev/null by a regular file,
// and -o /dev/full reported success. Device nodes of our own (mknod needs root) stand in for
// them so that a regression breaks a temporary directory, not the host.
TEST(OutputFile, CharacterDevicesAreWrittenThroughAndShortWritesFail) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod needs root";
  TempTree t;
  ASSERT_EQ(::mknod(t.At("null").c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
  ASSERT_EQ(::mknod(t.At("full").c_str(), S_IFCHR | 0666, ::makedev(1, 7)), 0);
  EXPECT_TRUE(WriteOutputFile(t.At("null"), "discarded"));
  EXPECT_TRUE(S_ISCHR(LStat(t.At("null")).st_mode));
  auto full = WriteOutputFile(t.At("full"), "lost");
  ASSERT_FALSE(full);
  EXPECT_NE(full.error().find("No space left"), std::string::npos) << full.error();
  EXPECT_TRUE(S_ISCHR(LStat(t.At("full")).st_mode));
  EXPECT_EQ(Entries(t.path()), 2u);
}

// -o /dev/stdout >> log: the shell's descriptor (its offset, O_APPEND) is written, not a new
// opening of the file at offset 0.
TEST(OutputFile, DevFdPathsWriteToTheInheritedDescriptor) {
  TempTree t;
  t.File("log", "earlier lines\n");
  const int log = ::open(t.At("log").c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  ASSERT_GE(log, 0);
  ASSERT_TRUE(WriteOutputFile("/dev/fd/" + std::to_string(log), "report\n"));
  ASSERT_TRUE(WriteOutputFile("/proc/self/fd/" + std::to_string(log), "again\n"));
  ::close(log);
  EXPECT_EQ(Slurp(t.At("log")), "earlier lines\nreport\nagain\n");
  EXPECT_EQ(Entries(t.path()), 1u);
  EXPECT_FALSE(WriteOutputFile("/dev/fd/987654", "x"));  // not an open descriptor
}

TEST(OutputFile, DevStdoutWritesToTheDescriptor) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const std::string path = "/dev/fd/" + std::to_string(pipe_fds[1]);
  ASSERT_TRUE(WriteOutputFile(path, "to the pipe"));
  ::close(pipe_fds[1]);
  char buffer[64] = {};
  const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
  ::close(pipe_fds[0]);
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0), "to the pipe");
}

// A link of the caller's own to a regular file: the file is replaced and the link stays.
TEST(OutputFile, OwnSymlinkToRegularFileReplacesTheTarget) {
  TempTree t;
  t.File("real.json", "old");
  t.Link("link.json", t.At("real.json"));
  ASSERT_TRUE(WriteOutputFile(t.At("link.json"), "new"));
  EXPECT_TRUE(S_ISLNK(LStat(t.At("link.json")).st_mode));
  EXPECT_EQ(Slurp(t.At("real.json")), "new");
}

TEST(OutputFile, DanglingSymlinkAndLinkToDirectoryAreRefused) {
  TempTree t;
  t.Dir("dir");
  t.Link("dangling", t.At("nowhere/file"));
  t.Link("to-dir", t.At("dir"));
  EXPECT_FALSE(WriteOutputFile(t.At("dangling"), "x"));
  EXPECT_FALSE(WriteOutputFile(t.At("to-dir"), "x"));
  EXPECT_FALSE(std::filesystem::exists(t.At("nowhere")));
  EXPECT_EQ(Entries(t.At("dir")), 0u);
  EXPECT_TRUE(S_ISLNK(LStat(t.At("dangling")).st_mode));
}

// A link another user planted in a shared directory is not followed by root (the rule of
// fs.protected_symlinks, applied everywhere).
TEST(OutputFile, AnotherUsersSymlinkIsNotFollowed) {
  if (::geteuid() != 0) GTEST_SKIP() << "chown of a link needs root";
  TempTree t;
  t.File("victim", "precious");
  t.Link("planted.json", t.At("victim"));
  ASSERT_EQ(::lchown(t.At("planted.json").c_str(), 65534, 65534), 0);
  auto written = WriteOutputFile(t.At("planted.json"), "overwrite?");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().find("not followed"), std::string::npos) << written.error();
  EXPECT_EQ(Slurp(t.At("victim")), "precious");
}

// The race of issue 14's review: root judged `out.json` (a link of its own, in a directory
// another user may write) and then resolved the path again to write. Between the two, that user
// renames a link of theirs to a file root can write over `out.json`. The write must go where
// the judged link pointed, never to the victim.
TEST(OutputFile, ALinkSwappedAfterItWasJudgedCannotRedirectTheWrite) {
  TempTree t;
  t.File("victim", "precious");
  t.File("real.json", "old");
  t.Link("out.json", t.At("real.json"));
  int swaps = 0;
  SetOutputFileLinkJudgedHookForTest([&] {
    if (swaps++ > 0) return;  // the first judgment is the one raced
    t.Link("planted", t.At("victim"));
    if (::geteuid() == 0) ::lchown(t.At("planted").c_str(), 65534, 65534);
    ASSERT_EQ(::rename(t.At("planted").c_str(), t.At("out.json").c_str()), 0);
  });
  auto written = WriteOutputFile(t.At("out.json"), "report");
  SetOutputFileLinkJudgedHookForTest({});
  EXPECT_EQ(swaps, 1);
  EXPECT_EQ(Slurp(t.At("victim")), "precious");
  ASSERT_TRUE(written) << written.error();
  EXPECT_EQ(Slurp(t.At("real.json")), "report");
}

// The same race one hop further: a relative link to a second link of the caller's, which is
// swapped once the first was judged. Each link is opened once, judged and read through that
// descriptor, so the swapped name is never read.
TEST(OutputFile, ASecondLinkSwappedAfterTheFirstWasJudgedCannotRedirectTheWrite) {
  TempTree t;
  t.File("victim", "precious");
  t.File("real.json", "old");
  t.Link("hop.json", "real.json");
  t.Link("out.json", "hop.json");
  int judged = 0;
  SetOutputFileLinkJudgedHookForTest([&] {
    if (++judged != 2) return;  // hop.json has just been judged
    t.Link("planted", t.At("victim"));
    ASSERT_EQ(::rename(t.At("planted").c_str(), t.At("hop.json").c_str()), 0);
  });
  auto written = WriteOutputFile(t.At("out.json"), "report");
  SetOutputFileLinkJudgedHookForTest({});
  EXPECT_EQ(Slurp(t.At("victim")), "precious");
  ASSERT_TRUE(written) << written.error();
  EXPECT_EQ(Slurp(t.At("real.json")), "report");
}

// A link of the caller's to a descriptor path (out.txt -> /dev/fd/N, as /dev/stdout ->
// /proc/self/fd/1): the descriptor itself is written, never a path re-resolved through /proc.
TEST(OutputFile, OwnSymlinkToADescriptorPathWritesToTheDescriptor) {
  TempTree t;
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  t.Link("out.txt", "/dev/fd/" + std::to_string(pipe_fds[1]));
  ASSERT_TRUE(WriteOutputFile(t.At("out.txt"), "through the link"));
  ::close(pipe_fds[1]);
  char buffer[64] = {};
  const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
  ::close(pipe_fds[0]);
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0), "through the link");
}

TEST(OutputFile, ALinkLoopIsRefused) {
  TempTree t;
  t.Link("a", "b");
  t.Link("b", "a");
  auto written = WriteOutputFile(t.At("a"), "x");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().find("too many levels of symbolic links"), std::string::npos)
      << written.error();
}

TEST(OutputFile, SocketIsRefused) {
  TempTree t;
  // A FIFO stands for "not a regular file" elsewhere; a socket must never be replaced.
  const std::string path = t.At("sock");
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  struct sockaddr_un addr {};
  addr.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof addr.sun_path);
  std::copy(path.begin(), path.end(), addr.sun_path);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  EXPECT_FALSE(WriteOutputFile(path, "x"));
  EXPECT_EQ(LStat(path).st_mode & S_IFMT, static_cast<mode_t>(S_IFSOCK));
  ::close(fd);
}

}  // namespace
}  // namespace rocm_doctor::system
