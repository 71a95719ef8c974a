// SPDX-License-Identifier: MIT
// The in-process tar reader and extractor (issue 13 item 6): what a stranger's archive can make
// the replay create. Each hostile member either becomes something harmless inside the
// directory or refuses the whole archive; nothing is ever created outside it.
#include "system/tar_extract.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "system/command_runner.h"
#include "system/tar_writer.h"
#include "tar_craft.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using namespace testing;  // NOLINT: the craft helpers

struct Extracted {
  Result<system::ExtractStats> result = Error{"not run"};
  std::string error() const { return result ? "" : result.error(); }
};

Extracted Extract(const std::string& stream, const std::string& dir,
                  system::ExtractLimits limits = {}) {
  MemorySource source(stream);
  system::TarReader reader(source);
  system::UniqueFd root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  return Extracted{system::ExtractTar(reader, root.get(), limits)};
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool Exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

TEST(TarExtract, FilesDirectoriesAndSymlinks) {
  TempTree out;
  const Extracted got =
      Extract(TarDir("./") + TarDir("./sys/") + TarFile("./sys/name", "gfx942\n") +
                  TarLink("./sys/link", "/sys/name") + TarFile("implicit/parents/file", "x", 0755) +
                  TarEnd(),
              out.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(out.At("sys/name")), "gfx942\n");
  EXPECT_EQ(fs::read_symlink(out.At("sys/link")), "/sys/name");  // kept as text, not followed
  EXPECT_EQ(ReadAll(out.At("implicit/parents/file")), "x");
  EXPECT_EQ(fs::status(out.At("implicit/parents/file")).permissions() & fs::perms::owner_exec,
            fs::perms::owner_exec);
}

TEST(TarExtract, LongNamesGnuAndPax) {
  TempTree out;
  const std::string deep = std::string(120, 'a') + "/" + std::string(150, 'b') + "/file";
  const std::string target = "/" + std::string(200, 't');
  const Extracted got =
      Extract(TarGnuLong(tar::kGnuLongName, deep) + TarFile("truncated-in-header", "gnu") +
                  TarGnuLong(tar::kGnuLongLink, target) +
                  TarGnuLong(tar::kGnuLongName, deep + "-l") + TarLink("x", "y") +
                  TarPax(tar::PaxRecord("path", deep + "-pax") + tar::PaxRecord("mtime", "1.5")) +
                  TarFile("ignored", "pax") + TarPax(tar::PaxRecord("linkpath", target + "-pax")) +
                  TarLink("pax-link", "y") + TarEnd(),
              out.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(out.At(deep)), "gnu");
  EXPECT_EQ(fs::read_symlink(out.At(deep + "-l")), target);
  EXPECT_EQ(ReadAll(out.At(deep + "-pax")), "pax");
  EXPECT_EQ(fs::read_symlink(out.At("pax-link")), target + "-pax");
  EXPECT_FALSE(Exists(out.At("truncated-in-header")));
  EXPECT_FALSE(Exists(out.At("ignored")));
}

TEST(TarExtract, PaxSizeFramesTheData) {
  TempTree out;
  // The header says 0 bytes; pax says 5: the data is 5 bytes and the next header follows it.
  const Extracted got =
      Extract(TarPax(tar::PaxRecord("size", "5")) + TarHeader("five", tar::kRegular, 0) +
                  Padded("12345") + TarFile("next", "n") + TarEnd(),
              out.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(out.At("five")), "12345");
  EXPECT_EQ(ReadAll(out.At("next")), "n");
}

TEST(TarExtract, ReadsWhatGnuTarWrites) {
  TempTree src;
  const std::string long_dir = std::string(130, 'd');
  src.File("etc/os-release", "ID=debian\n")
      .File(long_dir + "/" + std::string(140, 'f'), "long\n")
      .Link("sys/link", "/" + std::string(160, 'l'));
  for (const char* format : {"gnu", "posix", "ustar"}) {
    TempTree out;
    const std::string archive = out.At("a.tar");
    CommandSpec spec;
    spec.name = "tar";
    spec.argv = {"tar", std::string("--format=") + format, "-cf", archive, "-C", src.path(), "."};
    const CommandOutcome made = RunCommand(spec);
    if (std::string(format) == "ustar") {
      // ustar cannot hold a 160-byte link: GNU tar refuses that member, the rest is fine.
      ASSERT_EQ(made.state, CommandOutcome::State::kExited);
    } else {
      ASSERT_EQ(made.exit_code, 0) << made.err;
    }
    out.Dir("x");
    const Extracted got = Extract(ReadAll(archive), out.At("x"));
    ASSERT_TRUE(got.result.ok()) << format << ": " << got.error();
    EXPECT_EQ(ReadAll(out.At("x/etc/os-release")), "ID=debian\n") << format;
    if (std::string(format) != "ustar") {  // ustar cannot hold these two at all
      EXPECT_EQ(ReadAll(out.At("x/" + long_dir + "/" + std::string(140, 'f'))), "long\n");
      EXPECT_EQ(fs::read_symlink(out.At("x/sys/link")).string(), "/" + std::string(160, 'l'));
    }
  }
}

TEST(TarExtract, WriterRoundTripsThroughReader) {
  TempTree src;
  const std::string long_name = std::string(90, 'n') + "/" + std::string(90, 'm');
  src.File("proc/version", "Linux\n")
      .File(long_name, std::string(70000, 'z'))
      .File("empty", "")
      .Dir("dir/empty")
      .Link("sys/l", "/" + std::string(150, 'q'));
  std::string stream;
  system::UniqueFd dir(::open(src.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  ASSERT_TRUE(system::WriteTarTree(dir.get(), [&](std::string_view bytes) -> Result<bool> {
    stream += bytes;
    return true;
  }));
  TempTree out;
  const Extracted got = Extract(stream, out.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(out.At("proc/version")), "Linux\n");
  EXPECT_EQ(ReadAll(out.At(long_name)), std::string(70000, 'z'));
  EXPECT_TRUE(Exists(out.At("empty")));
  EXPECT_TRUE(fs::is_directory(out.At("dir/empty")));
  EXPECT_EQ(fs::read_symlink(out.At("sys/l")).string(), "/" + std::string(150, 'q'));
}

// Absolute names and ".." refuse the archive; the file they name never appears.
TEST(TarExtract, EscapingNamesRefuseTheArchive) {
  TempTree outside;
  const std::string victim = outside.At("victim");
  TempTree base;
  base.Dir("root/in");
  const std::string root = base.At("root");
  const std::vector<std::string> streams = {
      TarFile("../victim", "pwned"),
      TarFile("in/../../victim", "pwned"),
      TarFile("./in/./../../../victim", "pwned"),
      TarFile(victim, "pwned"),
      TarFile("//" + victim, "pwned"),
      TarGnuLong(tar::kGnuLongName, "../victim") + TarFile("harmless", "pwned"),
      TarPax(tar::PaxRecord("path", "a/../../victim")) + TarFile("harmless", "pwned"),
      TarPax(tar::PaxRecord("path", victim)) + TarFile("harmless", "pwned"),
      TarHardLink("copy", "../victim"),
      TarHardLink("copy", victim),
      TarDir("../escape/"),
      TarLink("..", "x"),
      TarPax(tar::PaxRecord("path", std::string("a\0b", 3))) + TarFile("harmless", "nul"),
      TarPax(tar::PaxRecord("path", std::string(300, 'c'))) + TarFile("h", "too long"),
  };
  for (std::size_t i = 0; i < streams.size(); ++i) {
    const Extracted got = Extract(streams[i] + TarEnd(), root);
    EXPECT_FALSE(got.result.ok()) << "stream " << i;
    EXPECT_FALSE(Exists(victim)) << "stream " << i;
    EXPECT_FALSE(Exists(base.At("victim"))) << "stream " << i;
    EXPECT_FALSE(Exists(base.At("escape"))) << "stream " << i;
  }
}

// A symlink planted by one member is never written through by a later one.
TEST(TarExtract, NothingIsWrittenThroughASymlink) {
  TempTree outside;
  outside.File("target", "original");
  outside.Dir("dir");
  TempTree out;
  // A path through the link: refused.
  Extracted got = Extract(
      TarLink("evil", outside.At("dir")) + TarFile("evil/planted", "x") + TarEnd(), out.path());
  EXPECT_FALSE(got.result.ok());
  EXPECT_NE(got.error().find("symlink"), std::string::npos) << got.error();
  EXPECT_FALSE(Exists(outside.At("dir/planted")));
  // Relative link climbing out, then a directory and a file below it: refused too.
  TempTree out2;
  got = Extract(TarLink("up", "..") + TarDir("up/made/") + TarFile("up/x", "x") + TarEnd(),
                out2.path());
  EXPECT_FALSE(got.result.ok());
  // A file at the link's own name replaces the link; the target is untouched.
  TempTree out3;
  got = Extract(TarLink("file", outside.At("target")) + TarFile("file", "replaced") +
                    TarHardLink("hard", "file") + TarEnd(),
                out3.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(outside.At("target")), "original");
  EXPECT_EQ(ReadAll(out3.At("file")), "replaced");
  EXPECT_EQ(ReadAll(out3.At("hard")), "replaced");  // a copy, not a link
  EXPECT_EQ(fs::hard_link_count(out3.At("file")), 1u);
  // A hard link to a symlink (to a host file) copies nothing from the host.
  TempTree out4;
  got = Extract(TarLink("l", outside.At("target")) + TarHardLink("h", "l") + TarEnd(), out4.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  EXPECT_EQ(ReadAll(out4.At("h")), "");
  // A member replacing a directory is refused (its contents are not silently dropped).
  TempTree out5;
  got = Extract(TarFile("d/f", "x") + TarLink("d", "/etc") + TarEnd(), out5.path());
  EXPECT_FALSE(got.result.ok());
  EXPECT_EQ(ReadAll(out5.At("d/f")), "x");
}

TEST(TarExtract, NodesAndFifosBecomeEmptyFiles) {
  TempTree out;
  const Extracted got =
      Extract(TarHeader("dev/kfd", tar::kCharDevice) + TarHeader("dev/sda", tar::kBlockDevice) +
                  TarHeader("run/fifo", tar::kFifo) + TarHeader("label", 'V') + TarEnd(),
              out.path());
  ASSERT_TRUE(got.result.ok()) << got.error();
  for (const char* name : {"dev/kfd", "dev/sda", "run/fifo"}) {
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(out.At(name)))) << name;
    EXPECT_EQ(fs::file_size(out.At(name)), 0u) << name;
  }
  EXPECT_FALSE(Exists(out.At("label")));
}

// A header claiming 4 GiB is refused before a byte is written (the 18 MB bomb of the review).
TEST(TarExtract, ClaimedSizeOverTheCapIsRefusedUpFront) {
  TempTree out;
  const Extracted got = Extract(
      TarHeader("zeros", tar::kRegular, std::uint64_t{4} << 30) + std::string(1 << 20, '\0'),
      out.path());
  ASSERT_FALSE(got.result.ok());
  EXPECT_NE(got.error().find("2048 MiB"), std::string::npos) << got.error();
  EXPECT_FALSE(Exists(out.At("zeros")));
  // Base-256 and pax sizes are held to the same cap.
  std::string base256 = TarHeader("b256", tar::kRegular);
  base256[124] = static_cast<char>(0x80);
  for (int i = 125; i < 136; ++i) base256[i] = 0;
  base256[131] = 0x01;  // 2^32
  const Extracted b256 = Extract(Resummed(base256) + TarEnd(), out.path());
  ASSERT_FALSE(b256.result.ok());
  EXPECT_NE(b256.error().find("2048 MiB"), std::string::npos) << b256.error();
  std::string negative = TarHeader("neg", tar::kRegular);
  negative[124] = static_cast<char>(0xff);
  EXPECT_FALSE(Extract(Resummed(negative) + TarEnd(), out.path()).result.ok());
  EXPECT_FALSE(Extract(TarPax(tar::PaxRecord("size", "99999999999999")) +
                           TarHeader("pax", tar::kRegular) + TarEnd(),
                       out.path())
                   .result.ok());
}

TEST(TarExtract, ByteAndEntryCapsCountEverything) {
  system::ExtractLimits small;
  small.max_bytes = 1000;
  small.max_entries = 20;
  TempTree a;
  Extracted got = Extract(
      TarFile("one", std::string(600, 'x')) + TarFile("two", std::string(600, 'y')) + TarEnd(),
      a.path(), small);
  EXPECT_FALSE(got.result.ok());
  EXPECT_FALSE(Exists(a.At("two")));
  // Hard-link copies count as what they write.
  TempTree b;
  got = Extract(TarFile("one", std::string(600, 'x')) + TarHardLink("two", "one") + TarEnd(),
                b.path(), small);
  EXPECT_FALSE(got.result.ok());
  // Members, even empty ones or the same directory again, and the directories made for them.
  TempTree c;
  std::string many;
  for (int i = 0; i < 21; ++i) many += TarDir("./");
  got = Extract(many + TarEnd(), c.path(), small);
  EXPECT_FALSE(got.result.ok());
  EXPECT_NE(got.error().find("more than 20 entries"), std::string::npos) << got.error();
  TempTree d;
  std::string deep;
  for (int i = 0; i < 25; ++i) deep += "d/";
  got = Extract(TarFile(deep + "f", "x") + TarEnd(), d.path(), small);
  EXPECT_FALSE(got.result.ok());
  // Under the caps all is well.
  TempTree e;
  got = Extract(TarFile("one", std::string(600, 'x')) + TarEnd(), e.path(), small);
  EXPECT_TRUE(got.result.ok()) << got.error();
}

TEST(TarExtract, MalformedArchivesAreClearErrors) {
  std::string bad_sum = TarFile("f", "x");
  bad_sum[0] = 'g';
  std::string bad_number = TarHeader("f", tar::kRegular);
  bad_number[124] = 'z';
  bad_number = Resummed(bad_number);
  std::string meta_loop;
  for (int i = 0; i < 40; ++i) meta_loop += TarGnuLong(tar::kGnuLongName, "again");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {bad_sum, "checksum"},
      {bad_number, "malformed size"},
      {TarHeader("f", tar::kRegular, 5000) + "short", "truncated"},
      {TarFile("f", "x").substr(0, 300), "truncated"},
      {TarHeader("big", tar::kPaxNext, 2 << 20), "1 MiB"},
      {TarPax("5 a=b\n"), "malformed pax"},
      {TarPax("99 path=x\n"), "malformed pax"},
      {TarPax("3 =\n"), "malformed pax"},
      {meta_loop, "extended headers in a row"},
      {TarLink("empty-link", ""), "empty"},
      {std::string(512, 'A'), ""},
  };
  for (const auto& [stream, expected] : cases) {
    TempTree out;
    const Extracted got = Extract(stream + TarEnd(), out.path());
    ASSERT_FALSE(got.result.ok()) << expected;
    EXPECT_NE(got.error().find(expected), std::string::npos) << got.error();
  }
  // Names in errors are shown escaped, never raw.
  TempTree out;
  const Extracted got = Extract(TarFile("\x1b]52;c;ZWNobw==\x07/../x", "x") + TarEnd(), out.path());
  ASSERT_FALSE(got.result.ok());
  EXPECT_EQ(got.error().find('\x1b'), std::string::npos) << got.error();
}

TEST(TarExtract, DeadlineStopsIt) {
  system::ExtractLimits limits;
  limits.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  TempTree out;
  const Extracted got = Extract(TarFile("f", "x") + TarEnd(), out.path(), limits);
  ASSERT_FALSE(got.result.ok());
  EXPECT_NE(got.error().find("deadline"), std::string::npos) << got.error();
}

}  // namespace
}  // namespace rocm_doctor
