// SPDX-License-Identifier: MIT
// CollectPlatform: container, user namespace, WSL2 and hypervisor detection.
#include <gtest/gtest.h>

#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

// This project's own CI machine: a Firecracker VM booted from a Docker image (so /.dockerenv
// exists), cgroup v1 without container paths, the hypervisor CPUID flag, kvm-clock, no DMI.
FakeSystemView FirecrackerVm() {
  FakeSystemView view;
  view.File("/.dockerenv", "");
  view.File("/proc/self/cgroup",
            "9:name=systemd:/\n4:memory:/process_api/48f9141461121c70ae70dbbaeba99030\n0::/\n");
  view.File("/proc/self/mountinfo",
            "22 27 0:21 / /proc rw,relatime - proc proc rw\n"
            "24 27 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,size=12334432k,mode=755\n"
            "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n");
  view.File("/proc/self/uid_map", "         0          0 4294967295\n");
  view.File("/proc/version",
            "Linux version 6.18.44-fc-v857 (builder@sandboxing) (gcc (GCC) 15.3.0) #1 SMP\n");
  view.File("/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2 hypervisor lahf_lm\n");
  view.File("/sys/devices/system/clocksource/clocksource0/available_clocksource",
            "tsc kvm-clock \n");
  return view;
}

TEST(CollectPlatform, FirecrackerVmIsNotAContainer) {
  PlatformFacts p = CollectPlatform(FirecrackerVm());
  EXPECT_EQ(p.container, "");
  EXPECT_TRUE(p.container_evidence.empty());
  ASSERT_EQ(p.container_counter_evidence.size(), 1u);
  EXPECT_NE(p.container_counter_evidence[0].find("devtmpfs"), std::string::npos);
  EXPECT_FALSE(p.rootless_userns);
  EXPECT_FALSE(p.wsl);
  EXPECT_EQ(p.hypervisor, "kvm");
  EXPECT_EQ(p.hypervisor_evidence.size(), 2u);  // cpuinfo flag + clocksource
}

TEST(CollectPlatform, HypervisorFlagAloneIsUnknownHypervisor) {
  FakeSystemView view;
  view.File("/proc/cpuinfo", "flags\t\t: fpu hypervisor\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.hypervisor, "unknown");
  EXPECT_EQ(p.hypervisor_evidence, std::vector<std::string>{"cpuinfo flag hypervisor"});
}

TEST(CollectPlatform, DmiNamesTheHypervisorEvenWithTheFlagHidden) {
  FakeSystemView view;
  view.File("/proc/cpuinfo", "flags\t\t: fpu sse2\n");
  view.File("/sys/class/dmi/id/sys_vendor", "QEMU\n");
  view.File("/sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.hypervisor, "kvm");
  ASSERT_EQ(p.hypervisor_evidence.size(), 1u);
  EXPECT_NE(p.hypervisor_evidence[0].find("dmi sys_vendor QEMU"), std::string::npos);
}

TEST(CollectPlatform, XenFromSysHypervisor) {
  FakeSystemView view;
  view.File("/sys/hypervisor/type", "xen\n");
  EXPECT_EQ(CollectPlatform(view).hypervisor, "xen");
}

TEST(CollectPlatform, BareMetal) {
  FakeSystemView view;
  view.File("/proc/cpuinfo", "flags\t\t: fpu sse2\n");
  view.File("/sys/class/dmi/id/sys_vendor", "Supermicro\n");
  view.File("/proc/self/uid_map", "0 0 4294967295\n");
  view.File("/proc/self/cgroup", "0::/user.slice/user-1000.slice/session-3.scope\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.container, "");
  EXPECT_EQ(p.hypervisor, "");
  EXPECT_FALSE(p.wsl);
  EXPECT_FALSE(p.rootless_userns);
}

TEST(CollectPlatform, DockerCgroupV2WithOnlyDockerenv) {
  // cgroup v2 private namespace: "0::/" tells nothing; /dev is a tmpfs, / an overlay.
  FakeSystemView view;
  view.File("/.dockerenv", "");
  view.File("/proc/self/cgroup", "0::/\n");
  view.File("/proc/self/mountinfo",
            "600 500 0:50 / / rw - overlay overlay rw,lowerdir=/x/l/A,upperdir=/x/u\n"
            "601 600 0:52 / /dev rw,nosuid - tmpfs tmpfs rw,size=65536k,mode=755\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.container, "docker");
  EXPECT_EQ(p.container_evidence, std::vector<std::string>{"/.dockerenv exists"});
}

TEST(CollectPlatform, DockerWithHostDevBindMountIsStillAContainer) {
  FakeSystemView view;
  view.File("/.dockerenv", "");
  view.File("/proc/self/mountinfo",
            "600 500 0:50 / / rw - overlay overlay rw,lowerdir=/x/l/A,upperdir=/x/u\n"
            "601 600 0:6 / /dev rw - devtmpfs udev rw\n");
  EXPECT_EQ(CollectPlatform(view).container, "docker");
}

TEST(CollectPlatform, DockerFromCgroupV1) {
  FakeSystemView view;
  view.File("/proc/self/cgroup", "12:pids:/docker/3f2a9c0b1d\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.container, "docker");
  ASSERT_EQ(p.container_evidence.size(), 1u);
}

TEST(CollectPlatform, RootlessPodman) {
  FakeSystemView view;
  view.File("/run/.containerenv", "engine=\"podman-4.9.3\"\nname=\"torch\"\nrootless=1\n");
  view.Env("container", "podman");
  view.File("/proc/self/uid_map",
            "         0       1000          1\n         1     100000      65536\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.container, "podman");
  EXPECT_TRUE(p.rootless_userns);
  EXPECT_EQ(p.userns_map, "0       1000          1; 1     100000      65536");
  ASSERT_GE(p.container_evidence.size(), 2u);
  EXPECT_EQ(p.container_evidence[0], "/run/.containerenv exists (rootless=1)");
}

TEST(CollectPlatform, KubernetesWinsOverTheRuntime) {
  FakeSystemView view;
  view.File("/proc/self/cgroup", "0::/system.slice/cri-containerd-0a1b.scope\n");
  view.Env("KUBERNETES_SERVICE_HOST", "10.96.0.1");
  EXPECT_EQ(CollectPlatform(view).container, "kubernetes");
}

TEST(CollectPlatform, LxcFromInitEnviron) {
  FakeSystemView view;
  view.File("/proc/1/environ", std::string("PATH=/bin\0container=lxc\0", 25));
  EXPECT_EQ(CollectPlatform(view).container, "lxc");
}

TEST(CollectPlatform, Wsl2) {
  FakeSystemView view;
  view.File("/proc/version",
            "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) (gcc (GCC) "
            "11.2.0) #1 SMP Tue Nov 5 00:21:55 UTC 2024\n");
  view.Node("/dev/dxg", NodeInfo{});
  view.File("/proc/sys/fs/binfmt_misc/WSLInterop", "enabled\n");
  PlatformFacts p = CollectPlatform(view);
  EXPECT_TRUE(p.wsl);
  EXPECT_EQ(p.wsl_evidence.size(), 3u);
}

TEST(CollectPlatform, HostileFilesDoNotCrash) {
  FakeSystemView view;
  view.File("/proc/self/cgroup", std::string(5000, '\0'));
  view.File("/proc/self/uid_map", "\xff\xfe\n");
  view.File("/proc/version", "");
  view.File("/proc/cpuinfo", std::string(3 << 20, 'x'));
  view.Unreadable("/proc/self/mountinfo");
  view.File("/.dockerenv", "");
  view.File("/sys/class/dmi/id/sys_vendor", std::string(200000, 'Q'));
  PlatformFacts p = CollectPlatform(view);
  EXPECT_EQ(p.container, "docker");  // mountinfo unreadable: /.dockerenv is trusted
  EXPECT_FALSE(p.rootless_userns);
  EXPECT_FALSE(p.wsl);
}

}  // namespace
}  // namespace rocm_doctor::testing
