// SPDX-License-Identifier: MIT
#include "base/mountinfo_parse.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor::mountinfo {
namespace {

// The example of Documentation/filesystems/proc.rst and lines of this project's build VM.
constexpr char kDocsLine[] =
    "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue\n";
constexpr char kBuildVm[] =
    "22 27 0:21 / /proc rw,relatime - proc proc rw\n"
    "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resv_strict,resuid=65534,resgid=65534\n"
    "25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24683652k\n";

TEST(MountinfoParse, DocumentationExample) {
  Table t = Parse(kDocsLine);
  ASSERT_EQ(t.mounts.size(), 1u);
  const Mount& m = t.mounts[0];
  EXPECT_EQ(m.id, 36u);
  EXPECT_EQ(m.parent_id, 35u);
  EXPECT_EQ(m.major, 98u);
  EXPECT_EQ(m.minor, 0u);
  EXPECT_EQ(m.root, "/mnt1");
  EXPECT_EQ(m.mount_point, "/mnt2");
  EXPECT_EQ(m.options, "rw,noatime");
  EXPECT_EQ(m.fstype, "ext3");
  EXPECT_EQ(m.source, "/dev/root");
  EXPECT_EQ(m.super_options, "rw,errors=continue");
  EXPECT_EQ(m.line, 1u);
  EXPECT_EQ(t.skipped_lines, 0u);
}

TEST(MountinfoParse, SeveralOptionalFieldsAndNone) {
  Table t = Parse(
      "40 27 0:50 / /home rw shared:5 master:2 propagate_from:1 - nfs4 srv:/export/home rw\n"
      "41 27 8:2 / /data rw - xfs /dev/sda2 rw\n");
  ASSERT_EQ(t.mounts.size(), 2u);
  EXPECT_EQ(t.mounts[0].fstype, "nfs4");
  EXPECT_EQ(t.mounts[0].source, "srv:/export/home");
  EXPECT_EQ(t.mounts[1].fstype, "xfs");
  EXPECT_EQ(t.mounts[1].line, 2u);
}

TEST(MountinfoParse, UnescapesThePathFields) {
  Table t = Parse("50 27 8:3 /a\\040b /mnt/my\\040disk\\011x rw - ext4 /dev/sd\\134x rw\n");
  ASSERT_EQ(t.mounts.size(), 1u);
  EXPECT_EQ(t.mounts[0].root, "/a b");
  EXPECT_EQ(t.mounts[0].mount_point, "/mnt/my disk\tx");
  EXPECT_EQ(t.mounts[0].source, "/dev/sd\\x");
  EXPECT_EQ(Unescape("\\04"), "\\04");      // too short: kept
  EXPECT_EQ(Unescape("\\999"), "\\999");    // not octal: kept
  EXPECT_EQ(Unescape("\\777x"), "\\777x");  // above a byte: kept
  EXPECT_EQ(Unescape("tail\\"), "tail\\");
}

TEST(MountinfoParse, HostileLinesAreSkippedAndCounted) {
  const std::string cases[] = {
      "",                                                // empty (ignored, not counted)
      "garbage\n",                                       // too few fields
      "1 2 3:4 / /x rw ext4 /dev/sda rw\n",              // no "-"
      "1 2 3:4 / /x rw - ext4\n",                        // no source
      "x 2 3:4 / /x rw - ext4 /dev/sda rw\n",            // non-numeric id
      "1 2 34 / /x rw - ext4 /dev/sda rw\n",             // no major:minor
      "1 2 3:99999999999 / /x rw - ext4 /dev/sda rw\n",  // minor overflows 32 bits
      "1 2 -3:4 / /x rw - ext4 /dev/sda rw\n",           // negative major
      "1 2 3:4 / relative rw - ext4 /dev/sda rw\n",      // mount point not absolute
      "1 2 3:4 / /x\\000y rw - ext4 /dev/sda rw\n",      // NUL in the mount point
      std::string("1 2 3:4 / /x rw - ext4 /dev/sda rw") + std::string(1, '\0') + "\n",
      std::string(4096, ' ') + "\n",                  // blank
      "\xff\xfe 2 3:4 / /x rw - ext4 /dev/sda rw\n",  // non-UTF-8 id
  };
  std::size_t skipped = 0;
  for (const std::string& text : cases) {
    Table t = Parse(text);
    skipped += t.skipped_lines;
    for (const Mount& m : t.mounts) {
      EXPECT_EQ(m.mount_point.front(), '/') << text;
      EXPECT_EQ(m.mount_point.find('\0'), std::string::npos) << text;
    }
  }
  EXPECT_EQ(skipped, 10u);
  // A NUL after the last field is trailing padding: the line itself is fine.
  EXPECT_EQ(Parse(cases[10]).mounts.size(), 1u);
}

TEST(MountinfoParse, TruncatedLastLineAndCrLf) {
  Table t = Parse(std::string(kBuildVm) + "28 27 0:25 / /mnt/trunc");
  EXPECT_EQ(t.mounts.size(), 3u);
  EXPECT_EQ(t.skipped_lines, 1u);
  EXPECT_EQ(Parse("27 1 254:0 / / rw - ext4 /dev/vda rw\r\n").mounts.at(0).super_options, "rw");
}

TEST(MountinfoParse, BoundsTheNumberOfMounts) {
  std::string many;
  for (std::size_t i = 0; i < kMaxMounts + 10; ++i) many += "1 1 0:1 / /m rw - tmpfs tmpfs rw\n";
  Table t = Parse(many);
  EXPECT_EQ(t.mounts.size(), kMaxMounts);
  EXPECT_EQ(t.skipped_lines, 10u);
}

TEST(MountinfoParse, MountForPicksTheLongestPointAndTheTopOfAStack) {
  Table t = Parse(
      "1 0 254:0 / / rw - ext4 /dev/vda rw\n"
      "2 1 0:40 / /home rw - nfs4 srv:/home rw\n"
      "3 1 8:1 / /homes rw - ext4 /dev/sda1 rw\n"
      "4 2 8:17 / /home rw - xfs /dev/sdb1 rw\n");
  ASSERT_NE(MountFor(t, "/home/alice/.cache"), nullptr);
  EXPECT_EQ(MountFor(t, "/home/alice/.cache")->id, 4u);  // stacked on /home: the last line
  EXPECT_EQ(MountFor(t, "/home")->id, 4u);
  EXPECT_EQ(MountFor(t, "/homes/x")->id, 3u);
  EXPECT_EQ(MountFor(t, "/homex")->id, 1u);  // "/home" is no prefix of "/homex"
  EXPECT_EQ(MountFor(t, "/")->id, 1u);
  EXPECT_EQ(MountFor(Parse("2 1 0:40 / /home rw - nfs4 srv:/home rw\n"), "/root"), nullptr);
}

}  // namespace
}  // namespace rocm_doctor::mountinfo
