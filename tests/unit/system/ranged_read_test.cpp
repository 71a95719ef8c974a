// SPDX-License-Identifier: MIT
// SystemView::ReadFileAt in the views that answer it (live host, machine directory: pread after
// ReadFile's checks) and the ones that must not (the recording view, the interface default).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "rocm_doctor/forwarding_system_view.h"
#include "support/fake_system_view.h"
#include "system/live_system_view.h"
#include "system/machine_dir_view.h"
#include "system/recording_system_view.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

const std::string kDigits = "0123456789abcdef";

// The ranges every view that reads must answer alike; `read` is ReadFileAt on the 16-byte file.
template <class Read>
void ExpectRanges(const Read& read) {
  struct Case {
    const char* label;
    std::uint64_t offset;
    std::size_t length;
    std::string want;
  };
  const Case cases[] = {
      {"inside", 3, 4, "3456"},
      {"from the start", 0, 2, "01"},
      {"the whole file", 0, 16, kDigits},
      {"across the end", 12, 100, "cdef"},
      {"at the end", 16, 10, ""},
      {"past the end", 1000, 10, ""},
      {"beyond off_t", ~0ull - 4, 10, ""},
      {"zero bytes", 5, 0, ""},
  };
  for (const Case& c : cases) {
    const FileContent got = read(c.offset, c.length);
    EXPECT_TRUE(got.ok()) << c.label << ": " << got.error;
    EXPECT_EQ(got.data, c.want) << c.label;
    EXPECT_FALSE(got.truncated) << c.label;
  }
}

TEST(RangedRead, LiveViewReadsRanges) {
  TempTree tree;
  tree.File("lib.so", kDigits).Dir("dir");
  LiveSystemView view;
  ExpectRanges(
      [&](std::uint64_t at, std::size_t n) { return view.ReadFileAt(tree.At("lib.so"), at, n); });
  const FileContent dir = view.ReadFileAt(tree.At("dir"), 0, 10);
  EXPECT_EQ(dir.status, FsStatus::kError);
  EXPECT_EQ(dir.error, "Is a directory");
  EXPECT_EQ(view.ReadFileAt(tree.At("absent"), 0, 10).status, FsStatus::kNotFound);
  const FileContent null_dev = view.ReadFileAt("/dev/null", 0, 10);
  EXPECT_EQ(null_dev.status, FsStatus::kError);
  EXPECT_NE(null_dev.error.find("not a regular file"), std::string::npos) << null_dev.error;
}

TEST(RangedRead, LengthIsBounded) {
  TempTree tree;
  tree.File("big", "");
  ASSERT_EQ(::truncate(tree.At("big").c_str(), 64LL << 20), 0);  // sparse, 64 MiB
  const FileContent got = LiveSystemView().ReadFileAt(tree.At("big"), 1, std::size_t{1} << 30);
  ASSERT_TRUE(got.ok()) << got.error;
  EXPECT_EQ(got.data.size(), kMaxRangedRead);
}

std::shared_ptr<const SystemView> Open(
    const TempTree& tree,
    MachineDirSystemView::ReadRoute route = MachineDirSystemView::ReadRoute::kCloneWhereAvailable) {
  auto view = MachineDirSystemView::Open(tree.path(), tree.path(), {}, route);
  EXPECT_TRUE(view.ok()) << (view.ok() ? "" : view.error());
  return view.ok() ? view.value() : nullptr;
}

TEST(RangedRead, MachineDirectoryReadsRangesInsideTheRoot) {
  TempTree tree;
  tree.File("usr/lib/lib.so", kDigits)
      .Link("opt/rocm/lib/lib.so", "/usr/lib/lib.so")
      .Dir("usr/share")
      .Link("escape", "../../../../../../../../etc/passwd")
      .Link("escape-dir", "/..")
      .MachineJson(R"({"errors": {"read": {"/usr/lib/denied.so": {"status": "permission-denied",
                                   "error": "Permission denied"}}}})");
  tree.File("usr/lib/denied.so", kDigits);
  auto view = Open(tree);
  ASSERT_NE(view, nullptr);
  ExpectRanges(
      [&](std::uint64_t at, std::size_t n) { return view->ReadFileAt("/usr/lib/lib.so", at, n); });
  // An absolute link resolves inside the root.
  EXPECT_EQ(view->ReadFileAt("/opt/rocm/lib/lib.so", 10, 3).data, "abc");
  EXPECT_EQ(view->ReadFileAt("/usr/share", 0, 3).error, "Is a directory");
  // A link that climbs out stops at the root: the host's /etc/passwd is never read.
  EXPECT_EQ(view->ReadFileAt("/escape", 0, 100).status, FsStatus::kNotFound);
  EXPECT_EQ(view->ReadFileAt("/escape-dir/etc/passwd", 0, 100).status, FsStatus::kNotFound);
  EXPECT_EQ(view->ReadFileAt("/../../etc/passwd", 0, 100).status, FsStatus::kNotFound);
  // Recorded errors and the capture's own metadata, as ReadFile answers them.
  EXPECT_EQ(view->ReadFileAt("/usr/lib/denied.so", 0, 4).status, FsStatus::kPermissionDenied);
  EXPECT_EQ(view->ReadFileAt("/.rocm-doctor/machine.json", 0, 4).status, FsStatus::kNotFound);
}

// On the O_PATH route a FIFO is judged and never opened: a writer blocked on it stays blocked.
// (On the nodev-clone route, as root, it is opened without blocking and closed unread, which
// releases such a writer: docs/security.md, "Replay"; the next test.)
TEST(RangedRead, MachineDirectoryNeverOpensAFifoForReading) {
  TempTree tree;
  tree.Dir("usr/lib");
  const std::string fifo = tree.At("usr/lib/librocblas.so");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  auto view = Open(tree, MachineDirSystemView::ReadRoute::kJudgeThenOpen);
  ASSERT_NE(view, nullptr);
  // A blocking open for writing returns only once some reader opens the FIFO.
  std::atomic<bool> writer_opened{false};
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC);
    writer_opened = true;
    if (fd >= 0) ::close(fd);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto start = std::chrono::steady_clock::now();
  const FileContent got = view->ReadFileAt("/usr/lib/librocblas.so", 0, 64);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_EQ(got.status, FsStatus::kError);
  EXPECT_NE(got.error.find("not a regular file (other)"), std::string::npos) << got.error;
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(writer_opened) << "the view opened the FIFO for reading";
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);  // release it
  writer.join();
  if (reader >= 0) ::close(reader);
}

// Whichever route reads it, a FIFO with a writer never blocks the view, gives no byte and is
// refused with the same words.
TEST(RangedRead, MachineDirectoryNeverReadsAFifoWithAWriter) {
  TempTree tree;
  tree.Dir("usr/lib");
  const std::string fifo = tree.At("usr/lib/librocblas.so");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const int keep_open = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);  // a writer
  ASSERT_GE(keep_open, 0);
  ASSERT_EQ(::write(keep_open, "data", 4), 4);
  for (const auto route : {MachineDirSystemView::ReadRoute::kCloneWhereAvailable,
                           MachineDirSystemView::ReadRoute::kJudgeThenOpen}) {
    auto view = Open(tree, route);
    ASSERT_NE(view, nullptr);
    const auto start = std::chrono::steady_clock::now();
    for (const FileContent& got : {view->ReadFileAt("/usr/lib/librocblas.so", 0, 64),
                                   view->ReadFile("/usr/lib/librocblas.so", 64)}) {
      EXPECT_EQ(got.status, FsStatus::kError);
      EXPECT_EQ(got.error, "not a regular file (other); not read");
      EXPECT_TRUE(got.data.empty());
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  }
  char left[8] = {};
  EXPECT_EQ(::read(keep_open, left, sizeof left), 4);  // nothing was taken out of the pipe
  ::close(keep_open);
}

TEST(RangedRead, MachineDirectoryNeverReadsDeviceNodes) {
  TempTree tree;
  tree.File("dev/kfd", "")
      .MachineJson(R"({"nodes": {"/dev/dri/renderD128": {"type": "char", "major": 226,
                       "minor": 128, "mode": "0666"}}})");
  auto view = Open(tree);
  ASSERT_NE(view, nullptr);
  for (const char* path : {"/dev/kfd", "/dev/dri/renderD128"}) {
    const FileContent got = view->ReadFileAt(path, 0, 8);
    EXPECT_EQ(got.status, FsStatus::kError) << path;
    EXPECT_NE(got.error.find("device nodes are never read"), std::string::npos) << got.error;
  }
}

TEST(RangedRead, RecordingViewRefusesSoCapturesReplay) {
  TempTree tree;
  tree.File("lib.so", kDigits);
  RecordingSystemView recording(std::make_shared<LiveSystemView>());
  const FileContent got = recording.ReadFileAt(tree.At("lib.so"), 0, 4);
  EXPECT_EQ(got.status, FsStatus::kError);
  EXPECT_EQ(got.error, kRangedReadUnsupported);
  // What the fallback reads is what the capture stores.
  EXPECT_EQ(recording.ReadFile(tree.At("lib.so"), 100).data, kDigits);
}

TEST(RangedRead, DefaultAnswerAndForwarding) {
  testing::FakeSystemView fake;
  fake.File("/lib.so", kDigits);
  EXPECT_EQ(fake.ReadFileAt("/lib.so", 2, 2).data, "23");
  ForwardingSystemView forwarding(std::make_shared<testing::FakeSystemView>(fake));
  EXPECT_EQ(forwarding.ReadFileAt("/lib.so", 14, 8).data, "ef");
  fake.NoRangedReads();
  const FileContent refused = fake.ReadFileAt("/lib.so", 2, 2);
  EXPECT_EQ(refused.status, FsStatus::kError);
  EXPECT_EQ(refused.error, kRangedReadUnsupported);
}

}  // namespace
}  // namespace rocm_doctor::system
