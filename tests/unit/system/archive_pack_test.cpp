// SPDX-License-Identifier: MIT
// PackArchive and UnpackArchive around the in-process tar code (issue 13 items 6, 10): a full
// device fails the pack and nothing is kept; a refused unpack leaves nothing under $TMPDIR.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "system/archive.h"
#include "system/gzip_stream.h"
#include "system/tar_writer.h"
#include "tar_craft.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using namespace testing;  // NOLINT: the craft helpers

// A private $TMPDIR for the test's lifetime.
class PrivateTmp {
 public:
  PrivateTmp() {
    tree_.Dir("tmp");
    ::setenv("TMPDIR", tree_.At("tmp").c_str(), 1);
  }
  ~PrivateTmp() { ::unsetenv("TMPDIR"); }
  bool Empty() const { return fs::is_empty(tree_.At("tmp")); }

 private:
  TempTree tree_;
};

TEST(PackArchive, AFullDeviceFails) {
  TempTree src;
  src.File("proc/version", std::string(200000, 'v'));
  system::UniqueFd full(::open("/dev/full", O_WRONLY | O_CLOEXEC));
  ASSERT_TRUE(full);
  auto sink = system::GzipSink::Start(full.get(),
                                      std::chrono::steady_clock::now() + std::chrono::seconds(30));
  ASSERT_TRUE(sink.ok()) << sink.error();
  system::UniqueFd dir(::open(src.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  auto wrote = system::WriteTarTree(dir.get(),
                                    [&](std::string_view bytes) { return (*sink)->Write(bytes); });
  auto finished = (*sink)->Finish();
  ASSERT_FALSE(finished.ok());
  EXPECT_NE(finished.error().find("No space left on device"), std::string::npos)
      << finished.error();
}

TEST(PackArchive, RoundTripAndNeverOverwrites) {
  PrivateTmp tmp;
  TempTree src;
  src.File("sys/class/drm/card0/device/vendor", "0x1002\n")
      .Link("sys/class/drm/card0/subsystem", "../../../../class/drm")
      .MachineJson(R"({"description": "packed"})");
  TempTree out;
  const std::string archive = out.At("m.tar.gz");
  ASSERT_TRUE(system::PackArchive(src.path(), archive).ok());
  auto again = system::PackArchive(src.path(), archive);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.error().find("File exists"), std::string::npos) << again.error();
  EXPECT_TRUE(fs::exists(archive));  // the refused second pack did not remove the first
  {
    auto unpacked = system::UnpackArchive(archive);
    ASSERT_TRUE(unpacked.ok()) << unpacked.error();
    std::ifstream vendor(unpacked->root + "/sys/class/drm/card0/device/vendor");
    std::string text;
    std::getline(vendor, text);
    EXPECT_EQ(text, "0x1002");
    EXPECT_EQ(fs::read_symlink(unpacked->root + "/sys/class/drm/card0/subsystem"),
              "../../../../class/drm");
  }
  EXPECT_TRUE(tmp.Empty());
}

TEST(UnpackArchive, ARefusedArchiveLeavesNothing) {
  PrivateTmp tmp;
  TempTree out;
  const std::string archive = out.At("x.tgz");
  ASSERT_TRUE(WriteTarGz(archive, TarFile("a/b/c", "data") + TarFile("../escape", "x") + TarEnd()));
  auto unpacked = system::UnpackArchive(archive);
  ASSERT_FALSE(unpacked.ok());
  EXPECT_NE(unpacked.error().find("refused"), std::string::npos) << unpacked.error();
  EXPECT_TRUE(tmp.Empty());
  // Over the caps given (the defaults are 2 GiB and 1M entries).
  const std::string big = out.At("big.tgz");
  ASSERT_TRUE(WriteTarGz(big, TarFile("one", std::string(5000, 'x')) + TarEnd()));
  system::ExtractLimits limits;
  limits.max_bytes = 4096;
  EXPECT_FALSE(system::UnpackArchive(big, limits).ok());
  EXPECT_TRUE(tmp.Empty());
  // Not gzip at all: gzip's own words.
  out.File("plain.tgz", "plain text");
  auto plain = system::UnpackArchive(out.At("plain.tgz"));
  ASSERT_FALSE(plain.ok());
  EXPECT_NE(plain.error().find("not in gzip format"), std::string::npos) << plain.error();
  EXPECT_TRUE(tmp.Empty());
}

}  // namespace
}  // namespace rocm_doctor
