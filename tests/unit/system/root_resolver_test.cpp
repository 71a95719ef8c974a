// SPDX-License-Identifier: MIT
#include "system/root_resolver.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <deque>
#include <random>
#include <thread>
#include <vector>

#include "system/fd_io.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

// The resolver as it was before the prefix cache, verbatim: the answers must not change.
namespace reference {

std::deque<std::string> Split(std::string_view path) {
  std::deque<std::string> parts;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") parts.emplace_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& part : parts) out += "/" + part;
  return out.empty() ? "/" : out;
}

bool ReadLinkText(const std::string& path, std::string& target) {
  std::vector<char> buffer(4096);
  const ssize_t got = ::readlink(path.c_str(), buffer.data(), buffer.size());
  if (got < 0 || static_cast<std::size_t>(got) >= buffer.size()) return false;
  target.assign(buffer.data(), static_cast<std::size_t>(got));
  return true;
}

ResolvedPath Resolve(const std::string& root, std::string_view path, bool follow_final) {
  ResolvedPath out;
  std::vector<std::string> done;
  std::deque<std::string> todo = Split(path);
  int hops = 0;
  while (!todo.empty()) {
    std::string part = std::move(todo.front());
    todo.pop_front();
    if (part == "..") {
      if (!done.empty()) done.pop_back();
      continue;
    }
    const bool is_final = todo.empty();
    std::string logical = Join(done);
    logical += (logical == "/" ? "" : "/") + part;
    const std::string real = root + logical;
    struct stat st {};
    if (::lstat(real.c_str(), &st) != 0) {
      const int error_number = errno;
      out.status = StatusFromErrno(error_number);
      out.error = ErrnoText(error_number);
      out.logical = logical;
      out.real = real;
      out.final_missing = is_final && error_number == ENOENT;
      return out;
    }
    if (S_ISLNK(st.st_mode) && (!is_final || follow_final)) {
      std::string target;
      if (++hops > kMaxSymlinkHops) {
        out.status = FsStatus::kLoop;
        out.error = ErrnoText(ELOOP);
        out.logical = logical;
        return out;
      }
      if (!ReadLinkText(real, target) || target.empty()) {
        out.status = FsStatus::kNotFound;
        out.error = "unreadable or empty symlink " + logical;
        out.logical = logical;
        return out;
      }
      if (target.front() == '/') done.clear();
      std::deque<std::string> expanded = Split(target);
      todo.insert(todo.begin(), expanded.begin(), expanded.end());
      continue;
    }
    if (!is_final && !S_ISDIR(st.st_mode)) {
      out.status = FsStatus::kNotFound;
      out.error = ErrnoText(ENOTDIR);
      out.logical = logical;
      return out;
    }
    done.push_back(std::move(part));
  }
  out.status = FsStatus::kOk;
  out.logical = Join(done);
  out.real = out.logical == "/" ? root : root + out.logical;
  return out;
}

}  // namespace reference

// Links, escapes, loops, a 41-link chain, dangling links, files used as directories.
void BuildTree(TempTree& tree) {
  tree.File("sys/devices/pci0000:00/0000:03:00.0/vendor", "0x1002\n")
      .File("sys/devices/pci0000:00/0000:03:00.0/drm/card0/dev", "226:0\n")
      .Link("sys/devices/pci0000:00/0000:03:00.0/drm/card0/device", "../../../0000:03:00.0")
      .Link("sys/bus/pci/devices/0000:03:00.0", "../../../devices/pci0000:00/0000:03:00.0")
      .Link("sys/class/drm/card0", "../../devices/pci0000:00/0000:03:00.0/drm/card0")
      .Link("sys/abs", "/sys/devices")
      .File("etc/passwd", "root:x:0:0::/root:/bin/sh\n")
      .Link("escape-relative", "../../../../../../../../etc/passwd")
      .Link("escape-dir", "../../../../../..")
      .Link("escape-abs", "/")
      .Link("sys/escape-up", "../../../../sys")
      .Link("loop/a", "b")
      .Link("loop/b", "a")
      .Link("loop/self", "self")
      .Link("loopdir", "loopdir/x")
      .Link("dangling", "/nowhere/at/all")
      .Link("flink", "etc/passwd")
      .File("target/f", "f\n")
      .Link("target/l1", "l2")
      .Link("target/l2", "f")
      .Link("target/up", "..")
      .Dir("secret/inner")
      .File("secret/inner/file", "x");
  // chain/c0 -> c1 -> ... -> c40 -> ../target: resolving chain/cN takes 41 - N expansions.
  for (int i = 0; i < 40; ++i) {
    tree.Link("chain/c" + std::to_string(i), "c" + std::to_string(i + 1));
  }
  tree.Link("chain/c40", "../target");
}

std::vector<std::string> Paths() {
  const std::vector<std::string> bases = {
      "",
      "/",
      "/sys",
      "/sys/devices/pci0000:00/0000:03:00.0",
      "/sys/bus/pci/devices/0000:03:00.0",
      "/sys/class/drm/card0",
      "/sys/class/drm/card0/device",
      "/sys/class/drm/card0/device/drm/card0/device",
      "/sys/abs",
      "/sys/abs/pci0000:00",
      "/sys/escape-up",
      "/sys/escape-up/escape-up/class",
      "/escape-relative",
      "/escape-dir",
      "/escape-abs",
      "/escape-abs/escape-dir/sys",
      "/../../..",
      "/loop/a",
      "/loop/b",
      "/loop/self",
      "/loopdir",
      "/dangling",
      "/flink",
      "/etc/passwd",
      "/absent",
      "/absent/deeper",
      "/secret",
      "/secret/inner",
      "/chain/c0",
      "/chain/c1",
      "/chain/c2",
      "/chain/c3",
      "/chain/c20",
      "/chain/c40",
      "/target",
      "/target/up",
      "/target/up/target/up/target",
      "//sys/./class//drm/card0/",
      "/sys/class/drm/card0/device/../../..",
  };
  const std::vector<std::string> suffixes = {
      "",     "/vendor", "/dev",           "/..",     "/../..",      "/x",
      "/x/y", "/device", "/device/vendor", "/f",      "/l1",         "/l2",
      "/up",  "/up/f",   "/inner/file",    "/passwd", "/etc/passwd",
  };
  std::vector<std::string> paths;
  for (const auto& base : bases) {
    for (const auto& suffix : suffixes) paths.push_back(base + suffix);
  }
  return paths;
}

void ExpectSame(const ResolvedPath& want, const ResolvedPath& got, const std::string& what) {
  EXPECT_EQ(want.status, got.status) << what;
  EXPECT_EQ(want.logical, got.logical) << what;
  EXPECT_EQ(want.real, got.real) << what;
  EXPECT_EQ(want.final_missing, got.final_missing) << what;
  EXPECT_EQ(want.error, got.error) << what;
  if (got.has_stat) {
    // The lstat() handed back is the result's own.
    struct stat st {};
    ASSERT_EQ(::lstat(got.real.c_str(), &st), 0) << what;
    EXPECT_EQ(st.st_ino, got.st.st_ino) << what;
    EXPECT_EQ(st.st_mode, got.st.st_mode) << what;
  }
  if (got.handle) {
    // The descriptor handed back is the result itself (a link target resolved in one call, or a
    // link-free path), never its parent or another file.
    struct stat by_handle {};
    ASSERT_EQ(::fstat(got.handle.get(), &by_handle), 0) << what;
    EXPECT_TRUE(got.has_stat) << what;
    EXPECT_EQ(by_handle.st_ino, got.st.st_ino) << what;
    EXPECT_EQ(got.status, FsStatus::kOk) << what;
  }
}

void CompareAll(const std::string& root, const RootResolver& resolver,
                const std::vector<std::string>& paths, const std::string& label) {
  for (const auto& path : paths) {
    for (const bool follow : {true, false}) {
      const std::string what = label + " " + path + (follow ? " (follow)" : " (nofollow)");
      ExpectSame(reference::Resolve(root, path, follow), resolver.Resolve(path, follow), what);
    }
  }
}

TEST(RootResolver, UncachedMatchesTheReference) {
  TempTree tree;
  BuildTree(tree);
  for (const auto& path : Paths()) {
    for (const bool follow : {true, false}) {
      ExpectSame(reference::Resolve(tree.path(), path, follow),
                 ResolveInRoot(tree.path(), path, follow), path);
    }
  }
}

TEST(RootResolver, CachedMatchesTheReferenceInAnyOrder) {
  TempTree tree;
  BuildTree(tree);
  std::vector<std::string> paths = Paths();
  {
    RootResolver resolver(tree.path());
    CompareAll(tree.path(), resolver, paths, "cold");
    EXPECT_GT(resolver.cached_entries(), 0u);
    CompareAll(tree.path(), resolver, paths, "warm");
  }
  std::reverse(paths.begin(), paths.end());
  {
    RootResolver resolver(tree.path());
    CompareAll(tree.path(), resolver, paths, "reversed");
  }
  std::mt19937 random(12345);
  for (int round = 0; round < 2; ++round) {
    std::shuffle(paths.begin(), paths.end(), random);
    RootResolver resolver(tree.path());
    CompareAll(tree.path(), resolver, paths, "shuffled");
    CompareAll(tree.path(), resolver, paths, "shuffled-warm");
  }
  {
    // A tiny bound: the cache is dropped and refilled all the time, answers stay the same.
    RootResolver resolver(tree.path(), 3);
    CompareAll(tree.path(), resolver, paths, "bounded");
    EXPECT_LE(resolver.cached_entries(), 3u);
  }
}

TEST(RootResolver, LinkHopsThroughACachedParentStillCount) {
  TempTree tree;
  BuildTree(tree);
  RootResolver resolver(tree.path());
  // Cache the parents first: chain/cN resolves to /target after 41 - N expansions.
  for (const char* parent : {"/chain/c1/f", "/chain/c2/f", "/chain/c3/f", "/chain/c0/f"}) {
    resolver.Resolve(parent, true);
  }
  EXPECT_EQ(resolver.Resolve("/chain/c1/f", true).status, FsStatus::kOk);    // 40 expansions
  EXPECT_EQ(resolver.Resolve("/chain/c0/f", true).status, FsStatus::kLoop);  // 41
  EXPECT_EQ(resolver.Resolve("/chain/c3/l1", true).status, FsStatus::kOk);   // 38 + 2
  EXPECT_EQ(resolver.Resolve("/chain/c3/l1", true).logical, "/target/f");
  EXPECT_EQ(resolver.Resolve("/chain/c2/l1", true).status, FsStatus::kLoop);  // 39 + 2
  EXPECT_EQ(resolver.Resolve("/chain/c2/l1", false).status, FsStatus::kOk);   // 39, l1 kept
  EXPECT_EQ(resolver.Resolve("/chain/c2/l1", false).logical, "/target/l1");
  const ResolvedPath missing = resolver.Resolve("/chain/c3/absent", true);
  EXPECT_EQ(missing.status, FsStatus::kNotFound);
  EXPECT_TRUE(missing.final_missing);
  EXPECT_EQ(missing.logical, "/target/absent");
  const ResolvedPath deeper = resolver.Resolve("/chain/c3/absent/x", true);
  EXPECT_EQ(deeper.status, FsStatus::kNotFound);
  EXPECT_FALSE(deeper.final_missing);
  // Escapes through a cached parent stay inside.
  resolver.Resolve("/escape-dir/etc", true);
  const ResolvedPath escaped = resolver.Resolve("/escape-dir/etc/passwd", true);
  EXPECT_EQ(escaped.status, FsStatus::kOk);
  EXPECT_EQ(escaped.real, tree.path() + "/etc/passwd");
}

TEST(RootResolver, ResolvedParentsAreServedFromTheCache) {
  TempTree tree;
  tree.File("x/f", "x").File("x/g", "x").File("y/f", "y").File("y/g", "y").Link("l", "x");
  RootResolver resolver(tree.path());
  EXPECT_EQ(resolver.Resolve("/l/f", true).logical, "/x/f");
  // Re-point the link behind the resolver's back (machine directories never change while they
  // are read): the cached parent "/l" -> "/x" is what answers now, which shows it is reused.
  ASSERT_EQ(::unlink(tree.At("l").c_str()), 0);
  ASSERT_EQ(::symlink("y", tree.At("l").c_str()), 0);
  EXPECT_EQ(resolver.Resolve("/l/g", true).logical, "/x/g");
  EXPECT_EQ(ResolveInRoot(tree.path(), "/l/g", true).logical, "/y/g");
  EXPECT_EQ(RootResolver(tree.path()).Resolve("/l/g", true).logical, "/y/g");
  // The last component is always looked at again.
  EXPECT_EQ(resolver.Resolve("/l", true).logical, "/y");
  EXPECT_EQ(resolver.Resolve("/l", false).logical, "/l");
}

TEST(RootResolver, PermissionDeniedStaysPermissionDenied) {
  if (::geteuid() == 0) GTEST_SKIP() << "root bypasses mode bits";
  // The modes are set before resolving: a machine directory does not change while it is read.
  for (const char* locked : {"secret", "secret/inner"}) {
    TempTree tree;
    BuildTree(tree);
    ASSERT_EQ(::chmod(tree.At(locked).c_str(), 0), 0);
    RootResolver resolver(tree.path());
    // With "secret/inner" locked, "/secret/inner" itself resolves and is cached; what lies
    // below it is still denied, and not-found elsewhere stays not-found.
    EXPECT_EQ(resolver.Resolve("/secret/inner/file", true).status, FsStatus::kPermissionDenied);
    EXPECT_EQ(resolver.Resolve("/secret/inner/file", true).status, FsStatus::kPermissionDenied);
    EXPECT_EQ(resolver.Resolve("/secret/inner/absent", true).status, FsStatus::kPermissionDenied);
    EXPECT_EQ(resolver.Resolve("/target/absent", true).status, FsStatus::kNotFound);
    CompareAll(tree.path(), resolver, Paths(), std::string("denied ") + locked);
    CompareAll(tree.path(), resolver, Paths(), std::string("denied warm ") + locked);
    ::chmod(tree.At(locked).c_str(), 0755);
  }
}

// A link-free path (or its link-free rest below a cached directory) is answered by one openat2()
// below the root (issue 14, speed): the KFD's shape, a linked /sys/class/kfd/kfd in front of
// many link-free node paths, gets the walk's answers, cached or not, in any order.
TEST(RootResolver, LinkFreeRestsBelowALinkedParentMatchTheReference) {
  TempTree tree;
  for (int node = 0; node < 3; ++node) {
    const std::string dir = "sys/devices/virtual/kfd/kfd/topology/nodes/" + std::to_string(node);
    tree.File(dir + "/properties", "cpu_cores_count 0\n");
    for (int link = 0; link < 4; ++link) {
      tree.File(dir + "/io_links/" + std::to_string(link) + "/properties", "type 2\n");
    }
    tree.Link(dir + "/io_links/9", "../../1/io_links/0");
    tree.Link(dir + "/p2p_links", "/sys/class/kfd/kfd/topology/nodes/0/io_links");
  }
  tree.Link("sys/class/kfd/kfd", "../../devices/virtual/kfd/kfd");
  tree.Link("sys/devices/virtual/kfd/kfd/topology/nodes/2/io_links/3/last", "properties");
  std::vector<std::string> paths;
  for (const char* base :
       {"/sys/class/kfd/kfd/topology/nodes/", "/sys/devices/virtual/kfd/kfd/topology/nodes/"}) {
    for (const char* node : {"0", "1", "2", "7"}) {
      for (const char* rest :
           {"", "/properties", "/io_links", "/io_links/0/properties", "/io_links/3/properties/x",
            "/io_links/9/properties", "/io_links/3/last", "/p2p_links/1/properties",
            "/io_links/../properties", "/io_links/2/absent"}) {
        paths.push_back(std::string(base) + node + rest);
      }
    }
  }
  for (const auto& path : paths) {
    for (const bool follow : {true, false}) {
      ExpectSame(reference::Resolve(tree.path(), path, follow),
                 ResolveInRoot(tree.path(), path, follow), path);
    }
  }
  RootResolver resolver(tree.path());
  CompareAll(tree.path(), resolver, paths, "cold");
  CompareAll(tree.path(), resolver, paths, "warm");
}

// The direct open is O_PATH: a FIFO (or a device node) in the replayed tree is looked at, never
// opened for reading, so resolving it neither blocks nor has an effect.
TEST(RootResolver, AFifoIsLookedAtNotOpened) {
  TempTree tree;
  tree.Dir("dev");
  ASSERT_EQ(::mkfifo(tree.At("dev/fifo").c_str(), 0600), 0);
  for (const bool follow : {true, false}) {
    const ResolvedPath got = ResolveInRoot(tree.path(), "/dev/fifo", follow);
    ExpectSame(reference::Resolve(tree.path(), "/dev/fifo", follow), got, "/dev/fifo");
    EXPECT_TRUE(got.has_stat);
    EXPECT_TRUE(S_ISFIFO(got.st.st_mode));
    EXPECT_EQ(ResolveInRoot(tree.path(), "/dev/fifo/x", follow).status, FsStatus::kNotFound);
  }
}

// Resolving for a read (in the nodev clone, where one can be made) or for a listing (a directory
// opened with O_DIRECTORY) answers every path as Resolve(path, true) does; what comes back open
// for reading is the very regular file or directory the answer names.
TEST(RootResolver, ResolvingForAReadOrAListingAnswersAsResolveDoes) {
  TempTree tree;
  BuildTree(tree);
  ASSERT_EQ(::mkfifo(tree.At("fifo").c_str(), 0600), 0);
  std::vector<std::string> paths = Paths();
  paths.push_back("/fifo");
  RootResolver plain(tree.path());
  RootResolver reading(tree.path());
  reading.EnableReadingClone();  // without one (not root), reads resolve the O_PATH way
  std::size_t readable = 0;
  for (const auto& path : paths) {
    const ResolvedPath want = plain.Resolve(path, true);
    for (const bool list : {false, true}) {
      const ResolvedPath got = list ? plain.ResolveForListing(path) : reading.ResolveForReading(path);
      const std::string what = path + (list ? " (listing)" : " (reading)");
      EXPECT_EQ(want.status, got.status) << what;
      EXPECT_EQ(want.logical, got.logical) << what;
      EXPECT_EQ(want.real, got.real) << what;
      EXPECT_EQ(want.final_missing, got.final_missing) << what;
      EXPECT_EQ(want.error, got.error) << what;
      if (!got.readable) continue;
      ++readable;
      struct stat by_handle {}, by_path {};
      ASSERT_EQ(::fstat(got.handle.get(), &by_handle), 0) << what;
      ASSERT_EQ(::lstat(got.real.c_str(), &by_path), 0) << what;
      EXPECT_EQ(by_handle.st_ino, by_path.st_ino) << what;
      EXPECT_TRUE(list ? S_ISDIR(by_handle.st_mode) : S_ISREG(by_handle.st_mode)) << what;
      EXPECT_EQ(::fcntl(got.handle.get(), F_GETFL) & O_PATH, 0) << what;  // open for reading
    }
  }
  EXPECT_GT(readable, 0u);
}

TEST(RootResolver, ConcurrentResolutionMatchesTheReference) {
  TempTree tree;
  BuildTree(tree);
  const std::vector<std::string> paths = Paths();
  std::vector<ResolvedPath> want;
  for (const auto& path : paths) want.push_back(reference::Resolve(tree.path(), path, true));
  RootResolver resolver(tree.path(), 16);  // small, so threads also race on dropping it
  std::vector<int> mismatches(8, 0);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < mismatches.size(); ++t) {
    threads.emplace_back([&, t] {
      std::vector<std::size_t> order(paths.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::mt19937 random(static_cast<unsigned>(t));
      for (int round = 0; round < 3; ++round) {
        std::shuffle(order.begin(), order.end(), random);
        for (const std::size_t i : order) {
          const ResolvedPath got = resolver.Resolve(paths[i], true);
          if (got.status != want[i].status || got.logical != want[i].logical ||
              got.real != want[i].real || got.error != want[i].error ||
              got.final_missing != want[i].final_missing) {
            ++mismatches[t];
          }
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const int count : mismatches) EXPECT_EQ(count, 0);
}

// A path already in normal form is returned as it is, without being split; every other is split
// and joined. Both give what the component-wise rule gives.
TEST(NormalizeHostPath, NormalFormsAndTheRestAgree) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"/", "/"},           {"", "/"},                {"/sys", "/sys"},
      {"/sys/", "/sys"},    {"//sys", "/sys"},        {"/sys//class", "/sys/class"},
      {"/./sys", "/sys"},   {"/sys/.", "/sys"},       {"/sys/./class/.", "/sys/class"},
      {"/.", "/"},          {"/..", "/.."},           {"/sys/..", "/sys/.."},
      {"/.hidden", "/.hidden"}, {"/a/..b/.c", "/a/..b/.c"}, {"sys/class", "/sys/class"},
      {"/sys/class/kfd/kfd/topology/nodes/1/io_links/0/properties",
       "/sys/class/kfd/kfd/topology/nodes/1/io_links/0/properties"}};
  for (const auto& [in, want] : cases) EXPECT_EQ(NormalizeHostPath(in), want) << in;
}

}  // namespace
}  // namespace rocm_doctor::system
