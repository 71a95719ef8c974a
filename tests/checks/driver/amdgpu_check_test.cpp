// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverAmdgpu, PassesWhenBoundInTree) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu().Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "amdgpu bound to 0000:03:00.0 (in-tree, Linux 6.8)");
  // Issue 15: the pass carries the driver link it read.
  ASSERT_EQ(out.evidence.size(), 1u);
  EXPECT_EQ(out.evidence[0].source, "/sys/bus/pci/devices/0000:03:00.0/driver");
  EXPECT_EQ(out.evidence[0].observed, "-> amdgpu");
}

TEST(DriverAmdgpu, PassesWhenBoundDkms) {
  auto view = NewView();
  LoadAmdgpu(*view, "6.10.5");
  Gpu().Install(*view);
  Gpu("0000:43:00.0").Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "amdgpu bound to 0000:03:00.0, 0000:43:00.0 (DKMS 6.10.5)");
}

TEST(DriverAmdgpu, LoadedButUnboundDefersToGpuInit) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("see GPU init"), std::string::npos) << out.summary;
}

TEST(DriverAmdgpu, NotLoaded) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.amdgpu.not_loaded");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("0000:03:00.0"), std::string::npos);
  ExpectCommandsFilled(*f);
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "sudo modprobe amdgpu  # needs root");
}

TEST(DriverAmdgpu, NotLoadedAndNoModuleFileSaysInstallTheModules) {
  auto view = NewView();
  view->File("/lib/modules/6.8.0-45-generic/modules.dep", "kernel/fs/ext4/ext4.ko.zst:\n");
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  const Finding* f = FindFinding(out, "driver.amdgpu.not_loaded");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("has no amdgpu module"), std::string::npos) << f->message;
  EXPECT_NE(Catalog::Instance().RemediationFor(*f).commands[0].find("linux-modules-extra"),
            std::string::npos);
}

TEST(DriverAmdgpu, BoundToVfioPci) {
  auto view = NewView();
  Gpu("0000:03:00.0", "vfio-pci", false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.amdgpu.not_loaded");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("virtual machine"), std::string::npos);
  ExpectCommandsFilled(*f);
}

TEST(DriverAmdgpu, BoundToRadeon) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:01:00.0", "radeon").Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  const Finding* f = FindFinding(out, "driver.amdgpu.not_loaded");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("si_support"), std::string::npos);
}

TEST(DriverAmdgpu, DkmsNotBuiltForRunningKernel) {
  auto view = NewView();
  view->File("/lib/modules/6.8.0-45-generic/modules.dep", "kernel/fs/ext4/ext4.ko.zst:\n");
  view->Dir("/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/source");
  view->File(
      "/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/6.8.0-40-generic/x86_64/module/"
      "amdgpu.ko.zst",
      "");
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.dkms.not_built_for_kernel");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("6.8.0-40-generic"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("6.8.0-45-generic"), std::string::npos) << f->message;
  ExpectCommandsFilled(*f);
}

TEST(DriverAmdgpu, SecureBootBlocksDkmsModule) {
  auto view = NewView();
  view->File("/lib/modules/6.8.0-45-generic/modules.dep",
             "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst:\nupdates/dkms/amdgpu.ko.zst:\n");
  view->File("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
             std::string("\x06\0\0\0\x01", 5));
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.secure_boot.module_blocked");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("updates/dkms/amdgpu.ko.zst"), std::string::npos) << f->message;
  ExpectCommandsFilled(*f);
  EXPECT_TRUE(Catalog::Instance().RemediationFor(*f).reboot_required);
}

TEST(DriverAmdgpu, LockdownLineMeansModuleBlocked) {
  auto view = NewView();
  view->Log(
      LogOf({"Lockdown: modprobe: unsigned module loading is restricted; see man "
             "kernel_lockdown.7"}));
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_TRUE(HasFinding(out, "driver.secure_boot.module_blocked"));
}

TEST(DriverAmdgpu, SecureBootOnWithInTreeModuleIsJustNotLoaded) {
  auto view = NewView();
  view->File("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
             std::string("\x06\0\0\0\x01", 5));
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_TRUE(HasFinding(out, "driver.amdgpu.not_loaded"));
  EXPECT_FALSE(HasFinding(out, "driver.secure_boot.module_blocked"));
}

// A fake whose one link cannot be read (EACCES), to show an unknown driver.
class DeniedLinkView : public FakeSystemView {
 public:
  explicit DeniedLinkView(std::string denied) : denied_(std::move(denied)) {}
  LinkTarget ReadLink(std::string_view path) const override {
    if (path == denied_) return {FsStatus::kPermissionDenied, "", "Permission denied"};
    return FakeSystemView::ReadLink(path);
  }

 private:
  std::string denied_;
};

TEST(DriverAmdgpu, UnreadableDriverLinkIsUnknown) {
  FakePciFunction gpu = Gpu("0000:03:00.0");
  auto view = std::make_shared<DeniedLinkView>(gpu.Dir() + "/driver");
  view->Kernel(UnameInfo{"Linux", kRelease, "", "x86_64"});
  LoadAmdgpu(*view);
  gpu.Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.amdgpu.unknown"));
}

TEST(DriverAmdgpu, SkipsWithoutAmdGpu) {
  auto view = NewView();
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_EQ(out.status, Status::kSkip);
}

TEST(DriverAmdgpu, SecureBootNamesTheShadowedInTreeModule) {
  // ROCm/ROCm#4328: both copies on disk, depmod ranks updates/ first (Ubuntu's depmod.d).
  auto view = NewView();
  view->File("/etc/depmod.d/ubuntu.conf", "search updates ubuntu built-in\n");
  view->File("/lib/modules/6.8.0-45-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst", "");
  view->File("/lib/modules/6.8.0-45-generic/updates/dkms/amdgpu.ko.zst", "");
  view->File("/lib/modules/6.8.0-45-generic/modules.dep", "updates/dkms/amdgpu.ko.zst:\n");
  view->File("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
             std::string("\x06\0\0\0\x01", 5));
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  const Finding* f = FindFinding(out, "driver.secure_boot.module_blocked");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("shadows the kernel's own signed "
                            "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("'updates ubuntu built-in'"), std::string::npos) << f->message;
}

TEST(DriverAmdgpu, SecureBootWithDkmsBuiltButTheInTreeModuleChosenIsNotBlamed) {
  // DKMS built for this kernel but did not install it where depmod ranks it first: modprobe
  // loads the signed in-tree file, so Secure Boot is not why amdgpu is missing. Before: the DKMS
  // build alone made this driver.secure_boot.module_blocked.
  auto view = NewView();
  view->File("/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
             std::string("\x06\0\0\0\x01", 5));
  view->Dir("/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/source");
  view->File(
      "/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/6.8.0-45-generic/x86_64/module/amdgpu.ko.zst", "");
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  EXPECT_FALSE(HasFinding(out, "driver.secure_boot.module_blocked"));
  EXPECT_TRUE(HasFinding(out, "driver.amdgpu.not_loaded"));
}

TEST(DriverAmdgpu, DkmsNotBuiltWhileOnlyTheInTreeModuleIsThere) {
  // ROCm/ROCm#731: rock-dkms failed to build for 4.18; the kernel's own amdgpu is on disk but
  // did not claim the Radeon VII. Before: a plain driver.amdgpu.not_loaded.
  auto view = NewView();
  view->File("/var/lib/dpkg/status",
             "Package: rock-dkms\nStatus: install ok half-configured\nVersion: 2.2-31\n\n");
  view->Dir("/var/lib/dkms/amdgpu/2.2-31/source");
  view->File("/var/lib/dkms/amdgpu/2.2-31/build/make.log", "error\n");
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  CheckOutcome out = RunCheck("driver.amdgpu", view);
  const Finding* f = FindFinding(out, "driver.dkms.not_built_for_kernel");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("built for no kernel"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("has only its own amdgpu"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("rock-dkms 2.2-31 half-configured"), std::string::npos) << f->message;
  ExpectCommandsFilled(*f);
}

}  // namespace
}  // namespace rocm_doctor::testing
