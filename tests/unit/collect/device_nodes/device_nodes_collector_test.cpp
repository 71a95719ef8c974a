// SPDX-License-Identifier: MIT
// CollectDeviceNodes: /dev/kfd, render nodes matched to PCI devices, /dev/dxg.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "collect/device_nodes/node_access.h"
#include "rocm_doctor/fact_store.h"

namespace rocm_doctor::testing {
namespace {

TEST(CollectDeviceNodes, HealthyHost) {
  auto view = HealthyMi300xHost();
  DeviceNodeFacts f = CollectDeviceNodes(*view);
  EXPECT_TRUE(f.kfd.info.ok());
  EXPECT_TRUE(f.kfd.read_write);
  EXPECT_TRUE(f.kfd.in_node_group);
  EXPECT_EQ(f.kfd.path, "/dev/kfd");
  ASSERT_EQ(f.render_nodes.size(), 1u);
  EXPECT_EQ(f.render_nodes[0].name, "renderD128");
  EXPECT_EQ(f.render_nodes[0].bdf, "0000:c1:00.0");
  EXPECT_TRUE(f.render_nodes[0].access.read_write);
  EXPECT_TRUE(f.dev_dri.ok());
  EXPECT_EQ(f.dev_dri.names, (std::vector<std::string>{"card0", "renderD128"}));
  EXPECT_FALSE(f.dxg_present);
}

TEST(CollectDeviceNodes, RenderNodesUnionSortedByMinor) {
  FakeSystemView view;
  view.Link("/sys/class/drm/renderD129/device", "../../../0000:03:00.0");
  view.Link("/sys/class/drm/renderD1000/device", "../../../0000:04:00.0");
  view.Link("/sys/class/drm/renderD128/device", "../../../amdgpu_xcp.0");
  view.Dir("/sys/class/drm/card0");
  view.Dir("/sys/class/drm/renderDx");
  view.Node("/dev/dri/renderD130", CharNode(0666, 0, 110, "root", "render", 226, 130));
  DeviceNodeFacts f = CollectDeviceNodes(view);
  ASSERT_EQ(f.render_nodes.size(), 4u);
  EXPECT_EQ(f.render_nodes[0].name, "renderD128");
  EXPECT_EQ(f.render_nodes[0].bdf, "amdgpu_xcp.0");
  EXPECT_EQ(f.render_nodes[1].name, "renderD129");
  EXPECT_EQ(f.render_nodes[2].name, "renderD130");
  EXPECT_EQ(f.render_nodes[2].bdf, "");  // only in /dev/dri
  EXPECT_TRUE(f.render_nodes[2].access.read_write);
  EXPECT_EQ(f.render_nodes[3].name, "renderD1000");
  // In sysfs but not passed into /dev/dri:
  EXPECT_EQ(f.render_nodes[1].access.info.status, FsStatus::kNotFound);
  EXPECT_FALSE(f.kfd.info.ok());
  EXPECT_EQ(f.kfd.reason, "/dev/kfd does not exist");
}

TEST(CollectDeviceNodes, GroupMembershipPending) {
  auto view = HealthyMi300xHost();
  view->User(Alice());  // the session lacks render
  view->File("/etc/group", "root:x:0:\nrender:x:110:alice\nvideo:x:44:alice\n");
  DeviceNodeFacts f = CollectDeviceNodes(*view);
  EXPECT_FALSE(f.kfd.read_write);
  EXPECT_TRUE(f.kfd.group_membership_pending);
  EXPECT_TRUE(f.render_nodes.at(0).access.group_membership_pending);
}

TEST(CollectDeviceNodes, NotPendingWhenNotListed) {
  auto view = HealthyMi300xHost();
  view->User(Alice());
  view->File("/etc/group", "render:x:110:bob\n");
  DeviceNodeFacts f = CollectDeviceNodes(*view);
  EXPECT_FALSE(f.kfd.read_write);
  EXPECT_FALSE(f.kfd.group_membership_pending);
}

TEST(CollectDeviceNodes, RootlessRootAndNogroup) {
  FakeSystemView view;
  view.File("/proc/self/uid_map", "0 1000 1\n1 100000 65536\n");
  view.Node("/dev/kfd", CharNode(0660, kOverflowId, kOverflowId, "nobody", "nogroup", 234, 0));
  view.User(MakeUser("root", 0, {{"root", 0}}));
  DeviceNodeFacts f = CollectDeviceNodes(view);
  EXPECT_FALSE(f.kfd.read_write);
  EXPECT_TRUE(f.kfd.group_unmapped);
}

TEST(CollectDeviceNodes, Dxg) {
  FakeSystemView view;
  view.Node("/dev/dxg", CharNode(0666, 0, 0, "root", "root", 10, 60));
  EXPECT_TRUE(CollectDeviceNodes(view).dxg_present);
}

}  // namespace
}  // namespace rocm_doctor::testing

namespace rocm_doctor::testing {
namespace {

// The mounts holding the nodes, from a mountinfo in the kernel's format: /dev a devtmpfs mounted
// noexec (ROCm/rocminfo#40), /dev/dri bind-mounted on top as a container runtime may do.
TEST(CollectDeviceNodes, MountsOfTheNodes) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo",
            "1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
            "24 1 0:6 / /dev rw,nosuid,noexec,relatime shared:2 - devtmpfs udev rw,mode=755\n"
            "40 24 0:6 /dri /dev/dri rw,nosuid,nodev - devtmpfs udev rw,mode=755\n");
  DeviceNodeFacts f = CollectDeviceNodes(view);
  ASSERT_TRUE(f.kfd_mount.known());
  EXPECT_EQ(f.kfd_mount->mount_point, "/dev");
  EXPECT_EQ(f.kfd_mount->fstype, "devtmpfs");
  EXPECT_EQ(f.kfd_mount->options, "rw,nosuid,noexec,relatime");
  EXPECT_EQ(f.kfd_mount.source, "/proc/self/mountinfo line 2");
  ASSERT_TRUE(f.dri_mount.known());
  EXPECT_EQ(f.dri_mount->mount_point, "/dev/dri");
  EXPECT_EQ(f.dri_mount->options, "rw,nosuid,nodev");
}

TEST(CollectDeviceNodes, MountsUnknownWithoutTheTable) {
  FakeSystemView view;
  DeviceNodeFacts f = CollectDeviceNodes(view);
  EXPECT_FALSE(f.kfd_mount.known());
  EXPECT_EQ(f.kfd_mount.source, "/proc/self/mountinfo");
  EXPECT_EQ(f.kfd_mount.error, "does not exist");
  EXPECT_FALSE(f.dri_mount.known());
  // A table that holds no mount above the nodes (no "/"): unknown, with the reason.
  view.File("/proc/self/mountinfo", "22 1 0:21 / /proc rw,nosuid - proc proc rw\n");
  f = CollectDeviceNodes(view);
  EXPECT_FALSE(f.kfd_mount.known());
  EXPECT_EQ(f.kfd_mount.error, "no mount holds /dev/kfd");
}

}  // namespace
}  // namespace rocm_doctor::testing
