// SPDX-License-Identifier: MIT
// Issue 13, item 3: a replayed machine directory whose directories are swapped for symlinks
// while the doctor reads it. The old view checked each component with lstat() and then opened
// the full path, which the kernel resolved again, following the swapped-in link: the review read
// outside the root in 145 of 300 runs. Every read now goes through descriptors below the root.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdio.h>  // renameat2, RENAME_EXCHANGE
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "system/machine_dir_view.h"
#include "system/open_beneath.h"
#include "system/root_resolver.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

// Long enough that the old view escaped in every run tried (at least once in about 40,000
// reads); a failure prints each escape.
constexpr auto kRaceTime = std::chrono::seconds(2);

// m/sys/class/drm is a real directory and m/sys/class/swap an absolute link to a directory
// outside the machine; a thread exchanges the two names as fast as it can.
struct SwappingTree {
  TempTree t;
  std::atomic<bool> stop{false};
  std::atomic<long> swaps{0};
  std::thread swapper;

  SwappingTree() {
    t.File("m/sys/class/drm/card0/vendor", "0x1002\n");
    t.File("outside/card0/vendor", "OUTSIDE\n");
    t.File("outside/only-outside", "OUTSIDE\n");
    t.Link("outside/card0/link", "/etc/hostname");
    t.Link("m/sys/class/drm/card0/link", "../../../../etc/hostname");
    t.File("m/etc/hostname", "inside-host\n");
    t.Link("m/sys/class/swap", t.At("outside"));
    swapper = std::thread([this] {
      const std::string a = t.At("m/sys/class/drm");
      const std::string b = t.At("m/sys/class/swap");
      while (!stop.load()) {
        if (::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0) ++swaps;
      }
    });
  }
  ~SwappingTree() {
    stop = true;
    swapper.join();
  }
};

TEST(ReplayRace, SwappedDirectoriesNeverLeadOutsideTheRoot) {
  SwappingTree tree;
  auto opened = MachineDirSystemView::Open(tree.t.At("m"), "m");
  ASSERT_TRUE(opened) << opened.error();
  const SystemView& view = **opened;
  int inside = 0;
  const auto end = std::chrono::steady_clock::now() + kRaceTime;
  for (int i = 0; std::chrono::steady_clock::now() < end; ++i) {
    const FileContent vendor = view.ReadFile("/sys/class/drm/card0/vendor", 4096);
    EXPECT_NE(vendor.data, "OUTSIDE\n") << "read outside the root at read " << i;
    if (vendor.ok()) ++inside;
    const DirListing listing = view.ListDir("/sys/class/drm");
    for (const std::string& name : listing.names) {
      EXPECT_NE(name, "only-outside") << "listed outside the root at read " << i;
    }
    EXPECT_FALSE(view.Stat("/sys/class/drm/only-outside").ok());
    const LinkTarget link = view.ReadLink("/sys/class/drm/card0/link");
    EXPECT_NE(link.target, "/etc/hostname") << "read a link outside the root at read " << i;
    const FileContent host = view.ReadFile("/sys/class/drm/card0/link", 4096);
    EXPECT_NE(host.data, "OUTSIDE\n");
    // Names read below a directory resolved once, through its descriptor.
    for (const FileContent& file : view.ReadFilesBelow(
             "/sys/class/drm", {"card0/vendor", "only-outside", "card0/link"}, 4096)) {
      EXPECT_NE(file.data, "OUTSIDE\n") << "read below a directory outside the root at read " << i;
    }
  }
  EXPECT_GT(tree.swaps.load(), 100) << "the race did not run";
  // The tree is readable between swaps: the race makes reads fail, not vanish for good.
  EXPECT_GT(inside, 0);
}

TEST(OpenBeneath, RefusesEverySymlinkOnTheWay) {
  TempTree t;
  t.File("root/a/b", "inside");
  t.File("outside/b", "OUTSIDE");
  t.Link("root/link", t.At("outside"));
  t.Link("root/rel", "a");
  const UniqueFd root = OpenRootDir(t.At("root"));
  ASSERT_TRUE(root);
  for (const auto open : {&OpenBeneath, &OpenBeneathByWalk}) {
    EXPECT_TRUE(open(root.get(), "/a/b", O_RDONLY));
    for (const char* path : {"/link/b", "/rel/b", "/link", "/rel"}) {
      errno = 0;
      EXPECT_FALSE(open(root.get(), path, O_RDONLY)) << path;
      EXPECT_EQ(errno, ELOOP) << path;
    }
    // O_PATH|O_NOFOLLOW opens a final link itself, as open(2) does.
    UniqueFd link = open(root.get(), "/link", O_PATH | O_NOFOLLOW);
    ASSERT_TRUE(link);
    struct stat st {};
    ASSERT_EQ(::fstat(link.get(), &st), 0);
    EXPECT_TRUE(S_ISLNK(st.st_mode));
    EXPECT_TRUE(open(root.get(), "/", O_RDONLY | O_DIRECTORY));
    EXPECT_FALSE(open(root.get(), "/../outside/b", O_RDONLY));
  }
}

// A replay judges a file by the fstat() of an O_PATH descriptor and reads it through that same
// descriptor (ReopenHandle): a FIFO (or a device node) renamed over the path after it was judged
// is never opened; the file judged is what is read.
TEST(ReopenHandle, OpensTheFileJudgedNotWhatIsAtItsPathNow) {
  TempTree t;
  t.File("root/vendor", "0x1002\n");
  const UniqueFd root = OpenRootDir(t.At("root"));
  ASSERT_TRUE(root);
  const UniqueFd judged = OpenBeneath(root.get(), "/vendor", O_PATH | O_NOFOLLOW);
  ASSERT_TRUE(judged);
  ASSERT_EQ(::mkfifo(t.At("fifo").c_str(), 0600), 0);
  ASSERT_EQ(::rename(t.At("fifo").c_str(), t.At("root/vendor").c_str()), 0);

  const UniqueFd reopened = ReopenHandle(judged.get(), O_RDONLY | O_NONBLOCK);
  ASSERT_TRUE(reopened) << ErrnoText(errno);
  struct stat st {};
  ASSERT_EQ(::fstat(reopened.get(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  char buffer[16] = {};
  EXPECT_EQ(::read(reopened.get(), buffer, sizeof buffer), 7);
  EXPECT_STREQ(buffer, "0x1002\n");
  // The path itself now names the FIFO, which a read by path would have opened.
  const UniqueFd by_path = OpenBeneath(root.get(), "/vendor", O_PATH | O_NOFOLLOW);
  ASSERT_TRUE(by_path);
  ASSERT_EQ(::fstat(by_path.get(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

// The reopen looks the descriptor up below a /proc/self/fd opened once for the process: a
// descriptor opened later, on another thread, is found there too (threads share the table).
TEST(ReopenHandle, ADescriptorOpenedLaterOnAnotherThreadIsFound) {
  TempTree t;
  t.File("root/a", "first\n");
  t.File("root/b", "second\n");
  const UniqueFd root = OpenRootDir(t.At("root"));
  ASSERT_TRUE(root);
  const UniqueFd a = OpenBeneath(root.get(), "/a", O_PATH | O_NOFOLLOW);
  ASSERT_TRUE(a);
  ASSERT_TRUE(ReopenHandle(a.get(), O_RDONLY));  // /proc/self/fd is opened by now
  std::string read_there;
  std::thread other([&] {
    const UniqueFd b = OpenBeneath(root.get(), "/b", O_PATH | O_NOFOLLOW);
    const UniqueFd reopened = b ? ReopenHandle(b.get(), O_RDONLY) : UniqueFd();
    char buffer[16] = {};
    if (reopened && ::read(reopened.get(), buffer, sizeof buffer - 1) > 0) read_there = buffer;
  });
  other.join();
  EXPECT_EQ(read_there, "second\n");
}

}  // namespace
}  // namespace rocm_doctor::system
