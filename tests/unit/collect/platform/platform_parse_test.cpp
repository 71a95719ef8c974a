// SPDX-License-Identifier: MIT
// Platform detection parsers, table-driven with real lines.
#include "collect/platform/platform_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::platform {
namespace {

TEST(ContainerFromCgroup, Table) {
  struct Case {
    const char* text;
    const char* kind;  // "" = no hint
  };
  const Case cases[] = {
      {"12:pids:/docker/3f2a9c0b1d\n11:memory:/docker/3f2a9c0b1d\n", "docker"},
      {"0::/system.slice/docker-3f2a9c0b1d4e.scope\n", "docker"},
      {"0::/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-8e1c.scope/container\n",
       "podman"},
      {"1:name=systemd:/libpod_parent/libpod-8e1c\n", "podman"},
      {"0::/kubepods/burstable/pod5f3c/0a1b2c\n", "kubernetes"},
      {"0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5f.slice/"
       "cri-containerd-0a1b.scope\n",
       "kubernetes"},
      {"0::/system.slice/cri-containerd-0a1b.scope\n", "containerd"},
      {"0::/lxc.payload.web1\n", "lxc"},
      {"4:memory:/lxc/web1\n", "lxc"},
      // No hint: host, cgroup-v2 private namespace, this project's Firecracker VM, a docker
      // daemon unit, hostile bytes.
      {"0::/\n", ""},
      {"0::/user.slice/user-1000.slice/session-2.scope\n", ""},
      {"9:name=systemd:/\n4:memory:/process_api/48f9141461121c70ae70dbbaeba99030\n0::/\n", ""},
      {"0::/system.slice/docker.service\n", ""},
      {"", ""},
      {"\xff\xfe:docker\n::\n:\n", ""},
      {"0::/docker/\n", ""},
  };
  for (const Case& c : cases) {
    auto hint = ContainerFromCgroup(c.text);
    EXPECT_EQ(hint ? hint->kind : "", c.kind) << c.text;
    if (hint) EXPECT_NE(hint->evidence.find("/proc/self/cgroup: "), std::string::npos);
  }
}

TEST(ContainerFromMountinfo, Table) {
  const char* docker =
      "1290 1180 0:160 / / rw,relatime master:526 - overlay overlay "
      "rw,lowerdir=/var/lib/docker/overlay2/l/ABC:/var/lib/docker/overlay2/l/DEF,upperdir=/var/"
      "lib/docker/overlay2/x/diff,workdir=/var/lib/docker/overlay2/x/work\n";
  const char* podman =
      "600 500 0:50 / / rw - overlay overlay rw,lowerdir=/home/u/.local/share/containers/"
      "storage/overlay/l/A,upperdir=/x\n";
  const char* vm = "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n";
  auto d = ContainerFromMountinfo(docker);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, "docker");
  auto p = ContainerFromMountinfo(podman);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "podman");
  EXPECT_FALSE(ContainerFromMountinfo(vm));
  EXPECT_FALSE(ContainerFromMountinfo(""));
  EXPECT_FALSE(ContainerFromMountinfo("1 2 3 / / rw -\n"));  // truncated
  EXPECT_FALSE(ContainerFromMountinfo("garbage\n\xff"));
}

TEST(MountType, Table) {
  const char* vm =
      "24 27 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,size=12334432k\n"
      "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n";
  EXPECT_EQ(MountType(vm, "/dev"), "devtmpfs devtmpfs");
  EXPECT_EQ(MountType(vm, "/"), "ext4 /dev/vda");
  EXPECT_FALSE(MountType(vm, "/proc"));
  EXPECT_EQ(MountType("5 1 0:5 / /dev rw,nosuid shared:2 - tmpfs tmpfs rw,mode=755\n", "/dev"),
            "tmpfs tmpfs");
  EXPECT_FALSE(MountType("5 1 0:5 / /dev rw\n", "/dev"));
  EXPECT_FALSE(MountType("5 1 0:5 / /dev rw -\n", "/dev"));
}

TEST(ContainerFromEnviron, Table) {
  using namespace std::string_literals;
  EXPECT_EQ(ContainerFromEnviron("PATH=/bin\0container=podman\0HOME=/\0"s), "podman");
  EXPECT_EQ(ContainerFromEnviron("container=lxc"s), "lxc");
  EXPECT_FALSE(ContainerFromEnviron("PATH=/bin\0HOME=/\0"s));
  EXPECT_FALSE(ContainerFromEnviron("container=\0"s));
  EXPECT_FALSE(ContainerFromEnviron(""));
}

TEST(UidMapIsUnprivileged, Table) {
  struct Case {
    const char* text;
    bool unprivileged;
  };
  const Case cases[] = {
      {"         0          0 4294967295\n", false},  // initial namespace
      {"0 1000 1\n1 100000 65536\n", true},           // rootless podman / docker
      {"0 100000 65536\n", true},                     // unprivileged LXC
      {"0 0 65536\n", false},                         // root-mapped namespace
      {"1000 1000 1\n", true},                        // uid 0 unmapped
      {"", false},
      {"garbage\n", false},
      {"0 x 1\n", false},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(UidMapIsUnprivileged(c.text), c.unprivileged) << c.text;
  }
}

TEST(ProcVersionIsWsl, Table) {
  EXPECT_TRUE(ProcVersionIsWsl(
      "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) (gcc (GCC) 11.2.0, "
      "GNU ld (GNU Binutils) 2.37) #1 SMP Tue Nov 5 00:21:55 UTC 2024\n"));
  EXPECT_TRUE(ProcVersionIsWsl("Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com)"));
  EXPECT_FALSE(ProcVersionIsWsl("Linux version 6.8.0-45-generic (buildd@lcy02-amd64-075)"));
  EXPECT_FALSE(ProcVersionIsWsl(
      "Linux version 6.18.44-fc-v857 (builder@sandboxing) (gcc (GCC) 15.3.0) #1 SMP"));
  EXPECT_FALSE(ProcVersionIsWsl(""));
}

TEST(CpuinfoHasHypervisorFlag, Table) {
  EXPECT_TRUE(
      CpuinfoHasHypervisorFlag("processor\t: 0\nflags\t\t: fpu vme sse2 hypervisor lahf_lm\n"));
  EXPECT_FALSE(CpuinfoHasHypervisorFlag("processor\t: 0\nflags\t\t: fpu vme sse2 lahf_lm\n"));
  EXPECT_FALSE(CpuinfoHasHypervisorFlag("model name\t: hypervisor-lookalike\n"));
  EXPECT_FALSE(CpuinfoHasHypervisorFlag("flags hypervisor\n"));  // no colon: not the format
  EXPECT_FALSE(CpuinfoHasHypervisorFlag(""));
}

TEST(HypervisorFromDmi, Table) {
  struct Case {
    const char* vendor;
    const char* product;
    const char* name;
  };
  const Case cases[] = {
      {"QEMU\n", "Standard PC (Q35 + ICH9, 2009)\n", "kvm"},
      {"Red Hat", "KVM", "kvm"},
      {"VMware, Inc.", "VMware Virtual Platform", "vmware"},
      {"Microsoft Corporation", "Virtual Machine", "microsoft"},
      {"Microsoft Corporation", "Surface Laptop 5", ""},
      {"Xen", "HVM domU", "xen"},
      {"Amazon EC2", "m5.large", "amazon"},
      {"Amazon EC2", "m5.metal", ""},
      {"Google", "Google Compute Engine", "google"},
      {"innotek GmbH", "VirtualBox", "oracle"},
      {"Supermicro", "AS -8125GS-TNMR2", ""},
      {"", "", ""},
      {"\xff\xff", "\x00", ""},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(HypervisorFromDmi(c.vendor, c.product), c.name) << c.vendor << " / " << c.product;
  }
}

TEST(HypervisorFromClocksources, Table) {
  EXPECT_EQ(HypervisorFromClocksources("tsc kvm-clock \n"), "kvm");
  EXPECT_EQ(HypervisorFromClocksources("hyperv_clocksource_tsc_page acpi_pm\n"), "microsoft");
  EXPECT_EQ(HypervisorFromClocksources("xen tsc\n"), "xen");
  EXPECT_EQ(HypervisorFromClocksources("tsc hpet acpi_pm\n"), "");
  EXPECT_EQ(HypervisorFromClocksources(""), "");
}

}  // namespace
}  // namespace rocm_doctor::platform
