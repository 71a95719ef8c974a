// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

constexpr const char* kDebianOsRelease =
    "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\n"
    "VERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nID=debian\n";

TEST(CollectHost, DebianHost) {
  FakeSystemView view;
  view.File("/etc/os-release", kDebianOsRelease)
      .File("/proc/sys/kernel/hostname", "gpu-node-7\n")
      .File("/proc/meminfo", "MemTotal:       263842100 kB\nMemFree:        1000 kB\n")
      .Kernel({.sysname = "Linux", .release = "6.1.0-30-amd64", .version = {}, .machine = "x86_64"})
      .User({.name = "alice",
             .uid = 1000,
             .gid = 1000,
             .groups = {{"alice", 1000}},
             .source = "fake"});
  HostFacts host = CollectHost(view);
  EXPECT_EQ(host.os_pretty_name.value, "Debian GNU/Linux 12 (bookworm)");
  EXPECT_EQ(host.os_id.value, "debian");
  EXPECT_EQ(host.os_version_id.value, "12");
  EXPECT_EQ(host.os_id.source, "/etc/os-release");
  EXPECT_EQ(host.hostname.value, "gpu-node-7");
  EXPECT_EQ(host.mem_total_bytes.value, 263842100ULL * 1024);
  EXPECT_EQ(host.mem_total_bytes.source, "/proc/meminfo");
  EXPECT_EQ(host.uname.release, "6.1.0-30-amd64");
  EXPECT_EQ(host.user.name, "alice");
}

TEST(CollectHost, FallsBackToUsrLibOsRelease) {
  FakeSystemView view;
  view.File("/usr/lib/os-release", "ID=ubuntu\nVERSION_ID=\"22.04\"\n");
  HostFacts host = CollectHost(view);
  EXPECT_EQ(host.os_id.value, "ubuntu");
  EXPECT_EQ(host.os_id.source, "/usr/lib/os-release");
  EXPECT_FALSE(host.os_pretty_name.known());
  EXPECT_NE(host.os_pretty_name.error.find("PRETTY_NAME"), std::string::npos);
}

TEST(CollectHost, NothingReadable) {
  FakeSystemView view;
  view.Unreadable("/etc/os-release").Unreadable("/proc/meminfo");
  view.File("/proc/sys/kernel/hostname", std::string(4096, '\0'));
  HostFacts host = CollectHost(view);
  EXPECT_FALSE(host.os_id.known());
  EXPECT_NE(host.os_id.error.find("/usr/lib/os-release"), std::string::npos) << host.os_id.error;
  EXPECT_FALSE(host.hostname.known());
  EXPECT_FALSE(host.mem_total_bytes.known());
  EXPECT_FALSE(host.mem_total_bytes.error.empty());
}

TEST(CollectHost, HostileMeminfo) {
  const char* cases[] = {"", "MemTotal: lots kB\n", "MemTotal: 99999999999999999999 kB\n",
                         "\xff\xfe\n"};
  for (const char* meminfo : cases) {
    SCOPED_TRACE(meminfo);
    FakeSystemView view;
    view.File("/proc/meminfo", meminfo);
    Fact<std::uint64_t> mem = CollectHost(view).mem_total_bytes;
    EXPECT_FALSE(mem.known());
    EXPECT_FALSE(mem.error.empty());
  }
}

}  // namespace
}  // namespace rocm_doctor
