#include "system/capture_redact.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "support/fake_system_view.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The start of an ELF file with a build path in it, NUL bytes included.
constexpr char kElf[] = "\x7f" "ELF\0\0/home/zqalice/build\0";

TEST(RedactMachineDirectory, ContentsNamesLinksAndJson) {
  testing::TempTree tree;
  tree.File("home/zqalice/notes.txt", "owner zqalice at 10.1.2.3\n")
      .File("etc/hostname", "node7\n")
      .Link("opt/rocm", "/home/zqalice/rocm-6.2.0")
      .File("lib/libx.so", std::string(kElf, sizeof kElf - 1))
      .MachineJson(R"({"format": 1, "user": {"name": "zqalice"},
                       "errors": {"read": {"/home/zqalice/x": {"status": "error"}}},
                       "env": {"HOME": "/home/zqalice"}})");
  Redactor redactor(IdentifyingNames{{"node7"}, {"zqalice"}});
  auto report = RedactMachineDirectory(tree.path(), redactor);
  ASSERT_TRUE(report) << report.error();

  EXPECT_FALSE(fs::exists(tree.At("home/zqalice")));
  EXPECT_EQ(ReadAll(tree.At("home/user1/notes.txt")), "owner user1 at 192.0.2.1\n");
  EXPECT_EQ(ReadAll(tree.At("etc/hostname")), "host1\n");
  EXPECT_EQ(fs::read_symlink(tree.At("opt/rocm")), "/home/user1/rocm-6.2.0");
  const std::string binary = ReadAll(tree.At("lib/libx.so"));
  EXPECT_EQ(binary.size(), sizeof kElf - 1) << "a binary keeps its length";
  EXPECT_EQ(binary.find("zqalice"), std::string::npos);
  EXPECT_NE(binary.find("/home/user1_"), std::string::npos);

  const auto machine = nlohmann::json::parse(ReadAll(tree.At(".rocm-doctor/machine.json")));
  EXPECT_EQ(machine["user"]["name"], "user1");
  EXPECT_TRUE(machine["errors"]["read"].contains("/home/user1/x"));
  EXPECT_EQ(machine["env"]["HOME"], "/home/user1");
  EXPECT_EQ(machine["redacted"]["user name"]["values"], 1);
  EXPECT_EQ(machine["redacted"]["hostname"]["values"], 1);
  EXPECT_EQ(machine["redacted"]["IPv4 address"]["occurrences"], 1);
  EXPECT_EQ(report->names_changed, 1u);
  EXPECT_EQ(report->links_changed, 1u);
  EXPECT_TRUE(report->warnings.empty());
  EXPECT_EQ(DescribeRemoved(report->removed).rfind("1 hostname (1 place), 1 user name (", 0), 0u)
      << DescribeRemoved(report->removed);
}

TEST(RedactMachineDirectory, ANameThatRedactsOntoAnotherIsRemoved) {
  testing::TempTree tree;
  tree.File("data/zqalice", "a\n").File("data/user1", "b\n").MachineJson("{}");
  Redactor redactor(IdentifyingNames{{}, {"zqalice"}});
  auto report = RedactMachineDirectory(tree.path(), redactor);
  ASSERT_TRUE(report) << report.error();
  EXPECT_FALSE(fs::exists(tree.At("data/zqalice")));
  EXPECT_EQ(ReadAll(tree.At("data/user1")), "b\n");
  ASSERT_EQ(report->warnings.size(), 1u);
  EXPECT_NE(report->warnings[0].find("/data/zqalice: its redacted name is taken; removed"),
            std::string::npos)
      << report->warnings[0];
}

TEST(RedactMachineDirectory, NoMachineJsonIsAnError) {
  testing::TempTree tree;
  Redactor redactor;
  EXPECT_FALSE(RedactMachineDirectory(tree.path(), redactor));
  EXPECT_FALSE(RedactMachineDirectory(tree.At("missing"), redactor));
}

TEST(IdentifyingNamesOf, HostnamesUsersAndHomes) {
  testing::FakeSystemView view;
  view.File("/proc/sys/kernel/hostname", "node7.example.org\n")
      .File("/etc/hostname", "node7\n")
      .File("/etc/passwd", "root:x:0:0::/root:/bin/sh\nzqbob:x:1000:1000::/home/zqbob:/bin/sh\n")
      .Env("SUDO_USER", "zqcarol")
      .Env("HOME", "/home/zqdave/")
      .User(UserInfo{.name = "zqalice", .uid = 1001, .gid = 1001, .groups = {}, .source = "fake"});
  const IdentifyingNames names = IdentifyingNamesOf(view);
  EXPECT_EQ(names.hostnames, (std::vector<std::string>{"node7.example.org", "node7"}));
  EXPECT_EQ(names.user_names,
            (std::vector<std::string>{"zqalice", "zqcarol", "zqdave", "zqbob"}));
}

}  // namespace
}  // namespace rocm_doctor
