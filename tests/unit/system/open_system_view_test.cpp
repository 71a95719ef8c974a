// SPDX-License-Identifier: MIT
#include "system/open_system_view.h"

#include <gtest/gtest.h>

#include "system/command_runner.h"
#include "temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::TempTree;

bool Tar(const std::vector<std::string>& args) {
  CommandSpec spec;
  spec.name = "tar";
  spec.argv = {"tar"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  const CommandOutcome out = RunCommand(spec);
  return out.state == CommandOutcome::State::kExited && out.exit_code == 0;
}

TEST(OpenSystemView, NulloptIsTheLiveHost) {
  auto view = OpenSystemView(std::nullopt);
  ASSERT_TRUE(view.ok());
  EXPECT_FALSE(view.value()->IsReplay());
  EXPECT_EQ(view.value()->Describe(), "live host");
}

TEST(OpenSystemView, DirectoryIsAMachineDirectory) {
  TempTree tree;
  tree.File("proc/version", "Linux version 6.8.0\n");
  auto view = OpenSystemView(tree.path());
  ASSERT_TRUE(view.ok()) << view.error();
  EXPECT_TRUE(view.value()->IsReplay());
  EXPECT_EQ(view.value()->ReadFile("/proc/version", 100).data, "Linux version 6.8.0\n");
}

TEST(OpenSystemView, ClearErrors) {
  auto missing = OpenSystemView(std::string("/rocmdoc/no/such/capture"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("No such file or directory"), std::string::npos);
  TempTree tree;
  tree.File("notes.txt", "hello");
  auto plain = OpenSystemView(tree.At("notes.txt"));
  ASSERT_FALSE(plain.ok());
  EXPECT_NE(plain.error().find("neither a machine directory nor"), std::string::npos);
  tree.File("corrupt.tar.gz", "this is not gzip data");
  auto corrupt = OpenSystemView(tree.At("corrupt.tar.gz"));
  ASSERT_FALSE(corrupt.ok());
  EXPECT_NE(corrupt.error().find("gzip"), std::string::npos) << corrupt.error();
  auto malformed_dir = [&] {
    TempTree bad;
    bad.MachineJson("{");
    return OpenSystemView(bad.path());
  }();
  EXPECT_FALSE(malformed_dir.ok());
}

TEST(OpenSystemView, ArchiveIsUnpackedAndRemovedWithTheView) {
  TempTree src;
  src.File("sys/class/kfd/kfd/topology/nodes/1/name", "gfx942\n")
      .Link("sys/link", "/sys/class/kfd/kfd/topology/nodes/1/name")
      .MachineJson(R"({"description": "packed"})");
  TempTree out;
  const std::string archive = out.At("machine.tgz");
  ASSERT_TRUE(Tar({"-czf", archive, "-C", src.path(), "."}));
  std::string unpacked_root;
  {
    auto view = OpenSystemView(archive);
    ASSERT_TRUE(view.ok()) << view.error();
    EXPECT_EQ(view.value()->ReadFile("/sys/link", 100).data, "gfx942\n");
    EXPECT_EQ(view.value()->Describe(), "machine directory " + archive);
  }
  // A lone top-level directory (tar czf x.tar.gz mydir) is the machine directory too.
  const std::string nested = out.At("nested.tar.gz");
  ASSERT_TRUE(Tar({"-czf", nested, "-C", out.path() + "/..", src.path().substr(5)}));
  auto view = OpenSystemView(nested);
  ASSERT_TRUE(view.ok()) << view.error();
  EXPECT_EQ(view.value()->ReadFile("/sys/class/kfd/kfd/topology/nodes/1/name", 100).data,
            "gfx942\n");
}

TEST(OpenSystemView, ArchiveMembersCannotEscape) {
  TempTree src;
  src.File("etc/os-release", "ID=debian\n");
  TempTree out;
  const std::string archive = out.At("evil.tar.gz");
  // Absolute and ../ member names: GNU tar strips or refuses them on extraction.
  ASSERT_TRUE(Tar({"-czf", archive, "-P", "-C", src.path(), "etc/os-release",
                   src.At("etc/../etc/os-release")}));
  auto view = OpenSystemView(archive);
  if (view.ok()) {
    EXPECT_EQ(view.value()->ReadFile("/etc/os-release", 100).data, "ID=debian\n");
  } else {
    EXPECT_FALSE(view.error().empty());
  }
}

}  // namespace
}  // namespace rocm_doctor
