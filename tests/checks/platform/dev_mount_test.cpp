// SPDX-License-Identifier: MIT
// driver.dev_mount: /dev/kfd and /dev/dri usable as mounted (nodev, noexec), or not judged.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.dev_mount";

// A mount table in the kernel's format with /dev mounted with `dev_options`.
std::shared_ptr<FakeSystemView> HostWithDev(const std::string& dev_options) {
  auto view = HealthyMi300xHost();
  view->File("/proc/self/mountinfo",
             "1 0 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"
             "24 1 0:6 / /dev " + dev_options + " shared:2 - devtmpfs udev rw,mode=755\n");
  return view;
}

TEST(DriverDevMount, PassesOnADefaultDevtmpfs) {
  CheckOutcome out = RunCheck(kCheck, HostWithDev("rw,nosuid,relatime"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "/dev/kfd is on /dev (devtmpfs rw,nosuid,relatime): neither nodev nor noexec");
}

// ROCm/rocminfo#40: /dev mounted without exec; `mount -o remount,exec /dev` fixed rocminfo.
TEST(DriverDevMount, NoexecDevFails) {
  CheckOutcome out = RunCheck(kCheck, HostWithDev("rw,nosuid,noexec,relatime"));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.dev.noexec");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message, "/dev/kfd is on /dev (devtmpfs rw,nosuid,noexec,relatime), mounted noexec");
  ASSERT_EQ(f->evidence.size(), 1u);
  EXPECT_EQ(f->evidence[0].source, "/proc/self/mountinfo line 2");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_EQ(fix.commands[0].rfind("sudo mount -o remount,exec /dev", 0), 0u) << fix.commands[0];
  EXPECT_EQ(FindFinding(out, "driver.dev.nodev"), nullptr);
}

TEST(DriverDevMount, NodevFailsAndNoexecIsAWordNotASubstring) {
  // "noexecx" is not noexec; nodev is.
  CheckOutcome out = RunCheck(kCheck, HostWithDev("rw,nodev,noexecx"));
  EXPECT_EQ(out.status, Status::kFail);
  ASSERT_NE(FindFinding(out, "driver.dev.nodev"), nullptr);
  EXPECT_EQ(FindFinding(out, "driver.dev.noexec"), nullptr);
}

// A container runtime's bind mount of /dev/dri can carry nodev while /dev itself does not.
TEST(DriverDevMount, NodevOnTheRenderNodesMount) {
  auto view = HostWithDev("rw,nosuid");
  view->File("/proc/self/mountinfo",
             "1 0 259:2 / / rw,relatime - ext4 /dev/nvme0n1p2 rw\n"
             "24 1 0:6 / /dev rw,nosuid - tmpfs tmpfs rw\n"
             "40 24 0:6 /dri /dev/dri rw,nosuid,nodev - devtmpfs udev rw\n");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.dev.nodev");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message, "/dev/dri is on /dev/dri (devtmpfs rw,nosuid,nodev), mounted nodev");
  // nodev on /dev itself: the fix remounts /dev.
  view->File("/proc/self/mountinfo",
             "1 0 259:2 / / rw,relatime - ext4 /dev/nvme0n1p2 rw\n"
             "24 1 0:6 / /dev rw,nodev - tmpfs tmpfs rw\n");
  out = RunCheck(kCheck, view);
  f = FindFinding(out, "driver.dev.nodev");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0].rfind("sudo mount -o remount,dev /dev", 0), 0u);
}

TEST(DriverDevMount, SkippedWithoutAMountTable) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "how /dev is mounted is not judged: /proc/self/mountinfo does not exist in this capture");
}

}  // namespace
}  // namespace rocm_doctor::testing
