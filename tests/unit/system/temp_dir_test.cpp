// SPDX-License-Identifier: MIT
// TempDir and RemoveTree (issue 13 item 6): the unpacked replay is removed whoever holds the
// last reference when the process exits, and a tree deeper than the descriptor limit is
// removed all the same, without following a symlink out of it.
#include "system/temp_dir.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "system/fd_io.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::TempTree;

// Runs `body` in a forked child; its return value is the child's exit code.
template <class Body>
int InChild(Body body) {
  const pid_t pid = ::fork();
  if (pid == 0) std::exit(body());  // std::exit: atexit handlers run, as after main
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
}

// A chain of `depth` directories below `top`, a file and a link out at several levels.
void BuildDeep(const std::string& top, int depth, const std::string& outside) {
  system::UniqueFd dir(::open(top.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  for (int i = 0; i < depth; ++i) {
    if (i % 100 == 0) {
      system::UniqueFd f(::openat(dir.get(), "file", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
      ::symlinkat(outside.c_str(), dir.get(), "out");
    }
    ::mkdirat(dir.get(), "d", 0755);
    system::UniqueFd child(::openat(dir.get(), "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (i % 7 == 0) ::fchmod(child.get(), 0);  // some without any permission
    dir = std::move(child);
  }
}

TEST(RemoveTree, ADeepTreeUnderALowDescriptorLimit) {
  TempTree base;
  base.File("outside/keep", "keep");
  base.Dir("deep");
  BuildDeep(base.At("deep"), 3000, base.At("outside"));
  const int code = InChild([&] {
    const rlimit low{16, 16};
    ::setrlimit(RLIMIT_NOFILE, &low);
    system::RemoveTree(base.At("deep"));
    struct stat st {};
    return ::lstat(base.At("deep").c_str(), &st) == 0 ? 1 : 0;
  });
  EXPECT_EQ(code, 0);
  EXPECT_TRUE(fs::exists(base.At("outside/keep")));
}

TEST(RemoveTree, LinksAreRemovedNotFollowed) {
  TempTree base;
  base.File("outside/keep", "keep")
      .Link("tree/dir-link", base.At("outside"))
      .Link("tree/file-link", base.At("outside/keep"))
      .File("tree/a/b", "x");
  system::RemoveTree(base.At("tree"));
  EXPECT_FALSE(fs::exists(fs::symlink_status(base.At("tree"))));
  EXPECT_TRUE(fs::exists(base.At("outside/keep")));
  // A link given as the tree itself is removed, its target stays.
  base.Link("alias", base.At("outside"));
  system::RemoveTree(base.At("alias"));
  EXPECT_TRUE(fs::exists(base.At("outside/keep")));
  EXPECT_FALSE(fs::exists(fs::symlink_status(base.At("alias"))));
}

TEST(RemoveTree, RemoveContentsKeepsTheDirectory) {
  TempTree base;
  base.File("mine/a/b/c", "x").File("mine/top", "y").Link("mine/l", "/etc");
  system::RemoveContents(base.At("mine"));
  EXPECT_TRUE(fs::is_directory(base.At("mine")));
  EXPECT_TRUE(fs::is_empty(base.At("mine")));
}

// Before: the directory went with the last shared_ptr, which a detached check thread may hold
// when main returns; its destructor then never ran.
TEST(TempDir, RemovedAtExitWhileAThreadStillHoldsIt) {
  TempTree base;
  base.Dir("tmp");
  const int code = InChild([&] {
    ::setenv("TMPDIR", base.At("tmp").c_str(), 1);
    auto dir = system::TempDir::Create("replay");
    if (!dir) return 3;
    std::ofstream(dir.value()->path() + "/file") << "x";
    std::thread([held = dir.value()] { ::pause(); }).detach();
    return 0;
  });
  EXPECT_EQ(code, 0);
  EXPECT_TRUE(fs::is_empty(base.At("tmp")));
}

// A process killed outright (SIGKILL, or the SIGPIPE of `| head`) runs no atexit handler: the
// watcher started with the directory removes it.
TEST(TempDir, RemovedAfterTheProcessIsKilled) {
  TempTree base;
  base.Dir("tmp");
  for (int sig : {SIGKILL, SIGPIPE}) {
    const int code = InChild([&] {
      ::setenv("TMPDIR", base.At("tmp").c_str(), 1);
      auto dir = system::TempDir::Create("replay");
      if (!dir) return 3;
      std::ofstream(dir.value()->path() + "/file") << "x";
      ::signal(sig, SIG_DFL);
      ::raise(sig);
      return 4;
    });
    EXPECT_EQ(code, 100 + sig);
    for (int i = 0; i < 100 && !fs::is_empty(base.At("tmp")); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_TRUE(fs::is_empty(base.At("tmp"))) << "signal " << sig;
  }
}

TEST(TempDir, RemovedWithTheLastReference) {
  TempTree base;
  base.Dir("tmp");
  ::setenv("TMPDIR", base.At("tmp").c_str(), 1);
  std::string path;
  {
    auto dir = system::TempDir::Create("test");
    ::unsetenv("TMPDIR");
    ASSERT_TRUE(dir.ok()) << dir.error();
    path = dir.value()->path();
    EXPECT_EQ(path.rfind(base.At("tmp/rocm-doctor-test-"), 0), 0u) << path;
    EXPECT_EQ(fs::status(path).permissions() & fs::perms::all, fs::perms::owner_all);
  }
  EXPECT_FALSE(fs::exists(path));
}

}  // namespace
}  // namespace rocm_doctor
