// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverBlacklist, PassesOnACleanHost) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->File("/etc/modprobe.d/alsa-base.conf", "options snd-hda-intel power_save=1\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(DriverBlacklist, FailsOnNomodeset) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->File("/proc/cmdline", "BOOT_IMAGE=/vmlinuz ro quiet splash nomodeset\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.amdgpu.blacklisted");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("nomodeset"), std::string::npos);
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence[0].source, "/proc/cmdline");
  ExpectCommandsFilled(*f);
}

TEST(DriverBlacklist, FailsOnModprobeBlacklistListWithFileAndLine) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->File("/etc/modprobe.d/blacklist-gpu.conf",
             "# installed by a VFIO guide\r\nblacklist nouveau\r\nblacklist amdgpu\r\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.amdgpu.blacklisted");
  ASSERT_NE(f, nullptr);
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence[0].source, "/etc/modprobe.d/blacklist-gpu.conf:3");
  ExpectCommandsFilled(*f);
  Remediation r = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(r.commands.empty());
  EXPECT_EQ(r.commands[0],
            "sudo sed -i '3s/^/# /' /etc/modprobe.d/blacklist-gpu.conf  # needs root");
  EXPECT_TRUE(r.reboot_required);
}

TEST(DriverBlacklist, EtcHidesTheVendorFileOfTheSameName) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->File("/usr/lib/modprobe.d/amdgpu-blacklist.conf", "blacklist amdgpu\n");
  view->File("/etc/modprobe.d/amdgpu-blacklist.conf", "");
  view->File("/lib/modprobe.d/README", "blacklist amdgpu\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(DriverBlacklist, InstallFalseAndOptionsModeset) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->File("/etc/modprobe.d/a.conf", "install amdgpu /bin/false\n");
  view->File("/usr/lib/modprobe.d/b.conf", "options amdgpu modeset=0\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_EQ(out.findings.size(), 2u);
}

TEST(DriverBlacklist, InfoWhenAmdgpuIsBoundAnyway) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", "amdgpu").Install(*view);
  view->File("/proc/cmdline", "ro modprobe.blacklist=amdgpu\n");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kPass);  // info findings alone leave a pass
  const Finding* f = FindFinding(out, "driver.amdgpu.blacklist_inactive");
  ASSERT_NE(f, nullptr);
  ExpectCommandsFilled(*f);
}

TEST(DriverBlacklist, UnknownWhenAModprobeFileIsUnreadable) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt).Install(*view);
  view->Unreadable("/etc/modprobe.d/secret.conf");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.blacklist.unknown"));
}

TEST(DriverBlacklist, MissingCmdlineInACaptureIsNotUnknown) {
  auto view = std::make_shared<FakeSystemView>();
  Gpu("0000:03:00.0").Install(*view);
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(DriverBlacklist, UnreadableCmdlineIsUnknown) {
  auto view = NewView();
  Gpu("0000:03:00.0").Install(*view);
  view->Unreadable("/proc/cmdline");
  CheckOutcome out = RunCheck("driver.blacklist", view);
  EXPECT_EQ(out.status, Status::kUnknown);
}

}  // namespace
}  // namespace rocm_doctor::testing
