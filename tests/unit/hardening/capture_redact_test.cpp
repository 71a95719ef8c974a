// SPDX-License-Identifier: MIT
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
constexpr char kElf[] =
    "\x7f"
    "ELF\0\0/home/zqalice/build\0";

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

// Every file's content, every name and every link text under `dir`, for searching.
std::string EverythingIn(const std::string& dir) {
  std::string all;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    all += entry.path().string() + "\n";
    if (entry.is_symlink()) {
      all += fs::read_symlink(entry.path()).string() + "\n";
    } else if (entry.is_regular_file()) {
      all += ReadAll(entry.path().string()) + "\n";
    }
  }
  return all;
}

// Issue 13 item 11, the review's attack on a whole capture: HIP_VISIBLE_DEVICES=GPU-<id> in
// machine.json with the same device's unique_id in KFD (decimal) and DRM (hex), a cache
// directory named by the id that sorts before both, and the FQDN in kernel log lines when the
// kernel and /etc/hostname hold only the short name.
TEST(RedactMachineDirectory, AGpuIdAndTheFqdnInEveryFormAndPlace) {
  testing::TempTree tree;
  tree.File("etc/hostname", "gpu-node-07\n")
      .File("etc/hosts", "127.0.0.1 localhost\n127.0.1.1 gpu-node-07.lab.example.org gpu-node-07\n")
      .File("root/.cache/miopen/3c4b1a0e2d9f0002/gfx942.ukdb", "x\n")
      .File("sys/class/drm/card1/device/unique_id", "3c4b1a0e2d9f0002\n")
      .File("sys/devices/virtual/kfd/kfd/topology/nodes/2/properties",
            "cpu_cores_count 0\nunique_id 4344594913726234626\nnum_xcc 1\n")
      .File(".rocm-doctor/probes/kernel-log.json",
            "{\"state\": \"ok\", \"source\": \"/dev/kmsg\", \"lines\": ["
            "\"systemd[1]: Hostname set to <gpu-node-07.lab.example.org>.\", "
            "\"nfs: server fs01.lab.example.org not responding, still trying\"]}\n")
      .MachineJson(R"({"format": 1, "env": {"HIP_VISIBLE_DEVICES": "GPU-3c4b1a0e2d9f0002",
                                             "HOSTNAME": "gpu-node-07.lab.example.org"}})");
  testing::FakeSystemView view;
  view.File("/proc/sys/kernel/hostname", "gpu-node-07\n")
      .File("/etc/hosts", "127.0.1.1 gpu-node-07.lab.example.org gpu-node-07\n");
  Redactor redactor(IdentifyingNamesOf(view));
  auto report = RedactMachineDirectory(tree.path(), redactor);
  ASSERT_TRUE(report) << report.error();
  EXPECT_TRUE(report->warnings.empty());

  const std::string all = EverythingIn(tree.path());
  for (const char* secret :
       {"3c4b1a0e2d9f0002", "4344594913726234626", "gpu-node-07", "example.org", "lab.example"}) {
    EXPECT_EQ(all.find(secret), std::string::npos) << secret << " in:\n" << all;
  }
  EXPECT_TRUE(fs::exists(tree.At("root/.cache/miopen/0000000000000001/gfx942.ukdb")));
  EXPECT_EQ(ReadAll(tree.At("sys/class/drm/card1/device/unique_id")), "0000000000000001\n");
  EXPECT_NE(ReadAll(tree.At("sys/devices/virtual/kfd/kfd/topology/nodes/2/properties"))
                .find("unique_id 0000000000000000001\n"),
            std::string::npos);
  const auto machine = nlohmann::json::parse(ReadAll(tree.At(".rocm-doctor/machine.json")));
  EXPECT_EQ(machine["env"]["HIP_VISIBLE_DEVICES"], "GPU-0000000000000001");
  EXPECT_EQ(machine["env"]["HOSTNAME"], "host1");
  const std::string log = ReadAll(tree.At(".rocm-doctor/probes/kernel-log.json"));
  EXPECT_NE(log.find("Hostname set to <host1>."), std::string::npos) << log;
  EXPECT_NE(log.find("nfs: server fs01.domain1.example not responding"), std::string::npos) << log;
  EXPECT_EQ(machine["redacted"]["serial number"]["values"], 1) << machine["redacted"].dump();
  EXPECT_EQ(machine["redacted"]["hostname"]["values"], 1) << machine["redacted"].dump();
}

TEST(IdentifyingNamesOf, EtcHostsAddsTheFullyQualifiedName) {
  testing::FakeSystemView view;
  view.File("/proc/sys/kernel/hostname", "gpu-node-07\n")
      .File("/etc/hosts",
            "127.0.0.1\tlocalhost\n"
            "# 10.0.0.9 gpu-node-07.old.example.org\n"
            "127.0.1.1\tgpu-node-07.lab.example.org\tgpu-node-07  # this host\n"
            "10.0.0.8 gpu-node-08.lab.example.org gpu-node-08\n"
            "::1 localhost ip6-localhost ip6-loopback\n");
  const IdentifyingNames names = IdentifyingNamesOf(view);
  EXPECT_EQ(names.hostnames,
            (std::vector<std::string>{"gpu-node-07", "gpu-node-07.lab.example.org"}));
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
  EXPECT_EQ(names.user_names, (std::vector<std::string>{"zqalice", "zqcarol", "zqdave", "zqbob"}));
}

}  // namespace
}  // namespace rocm_doctor
