// SPDX-License-Identifier: MIT
// driver.amdgpu_module: the DKMS copy shadowing the in-tree one while ROCm fails on it
// (ROCm/ROCm#5433), and amdgpu-dkms unbuilt for the running kernel while the in-tree amdgpu
// drives the GPU (ROCm/ROCm#3701, #5624, #6121).
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.amdgpu_module";
constexpr char kRoot[] = "/lib/modules/6.8.0-45-generic/";
constexpr char kInTree[] = "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst";
constexpr char kDkmsVer[] = "/var/lib/dkms/amdgpu/6.8.5-2009582.24.04";
constexpr char kNoDevice[] =
    R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx1100"],)"
    R"("runtime_version":70051831,"driver_version":70051831,"device_count":0,"error":{"code":100,)"
    R"("name":"hipErrorNoDevice","message":"no ROCm-capable device is detected",)"
    R"("call":"hipGetDeviceCount"},"devices":[]})";

CommandOutcome Exited(std::string out) {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = 0;
  o.out = std::move(out);
  return o;
}

// Ubuntu with the in-tree amdgpu on disk, amdgpu-dkms's source registered with DKMS.
std::shared_ptr<FakeSystemView> UbuntuWithDkms() {
  auto view = NewView();
  view->File("/etc/depmod.d/ubuntu.conf", "search updates ubuntu built-in\n");
  view->File(std::string(kRoot) + kInTree, "");
  view->Dir(std::string(kDkmsVer) + "/source");
  Gpu().Install(*view);
  return view;
}

// The DKMS build for `kernel`, installed into /lib/modules when it is the running one.
void BuiltFor(FakeSystemView& view, const std::string& kernel) {
  view.File(std::string(kDkmsVer) + "/" + kernel + "/x86_64/module/amdgpu.ko.zst", "");
  if (kernel == kRelease) {
    view.File(std::string(kRoot) + "updates/dkms/amdgpu.ko.zst", "");
    view.File(std::string(kRoot) + "modules.dep", "updates/dkms/amdgpu.ko.zst:\n");
  }
}

TEST(DriverAmdgpuModule, InTreeFallbackAfterAKernelUpdateWarns) {
  auto view = UbuntuWithDkms();
  BuiltFor(*view, "6.8.0-41-generic");
  view->File("/var/lib/dpkg/status",
             "Package: amdgpu-dkms\nStatus: install ok half-configured\n"
             "Version: 1:6.8.5.60200-2009582.24.04\n\n");
  view->File(std::string(kDkmsVer) + "/build/make.log", "error: implicit declaration\n");
  LoadAmdgpu(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "driver.dkms.in_tree_fallback");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("only for 6.8.0-41-generic"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("half-configured"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("build/make.log"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find(kInTree), std::string::npos) << f->message;
  ExpectCommandsFilled(*f);
}

TEST(DriverAmdgpuModule, InTreeFallbackWithoutDpkgFromTheDkmsTree) {
  // Arch/Fedora: no dpkg, the DKMS tree alone says amdgpu-dkms is there.
  auto view = UbuntuWithDkms();
  BuiltFor(*view, "6.17.0-5-generic");
  LoadAmdgpu(*view);
  EXPECT_TRUE(HasFinding(RunCheck(kCheck, view), "driver.dkms.in_tree_fallback"));
}

TEST(DriverAmdgpuModule, RemovedPackageLeavesNoFinding) {
  auto view = UbuntuWithDkms();
  BuiltFor(*view, "6.8.0-41-generic");
  view->File("/var/lib/dpkg/status",
             "Package: amdgpu-dkms\nStatus: deinstall ok config-files\nVersion: 1:6.8.5\n\n");
  LoadAmdgpu(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(DriverAmdgpuModule, DkmsBuiltAndLoadedPassesAndSaysItShadows) {
  auto view = UbuntuWithDkms();
  BuiltFor(*view, kRelease);
  BuiltFor(*view, "6.8.0-41-generic");
  LoadAmdgpu(*view, "6.8.5");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_TRUE(out.findings.empty());
  EXPECT_NE(out.summary.find("modprobe loads updates/dkms/amdgpu.ko.zst (depmod search "
                             "updates ubuntu built-in), shadowing " +
                             std::string(kInTree)),
            std::string::npos)
      << out.summary;
}

TEST(DriverAmdgpuModule, DkmsShadowingInTreeWhileHipSeesNoDeviceFails) {
  auto view = UbuntuWithDkms();
  BuiltFor(*view, kRelease);
  LoadAmdgpu(*view, "6.14.14");
  view->Command("hip-probe", Exited(kNoDevice));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.dkms.shadows_in_tree");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("DKMS amdgpu 6.14.14"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("hipErrorNoDevice"), std::string::npos) << f->message;
  ExpectCommandsFilled(*f);
  EXPECT_TRUE(Catalog::Instance().RemediationFor(*f).reboot_required);
}

TEST(DriverAmdgpuModule, NoShadowFindingWithoutAnInTreeCopyOrWhenHipWorks) {
  // No in-tree amdgpu to fall back to: the runtime failure is judged by the runtime checks.
  auto view = NewView();
  view->Dir(std::string(kDkmsVer) + "/source");
  BuiltFor(*view, kRelease);
  Gpu().Install(*view);
  LoadAmdgpu(*view, "6.14.14");
  view->Command("hip-probe", Exited(kNoDevice));
  EXPECT_FALSE(HasFinding(RunCheck(kCheck, view), "driver.dkms.shadows_in_tree"));
  // In-tree loaded and HIP failing: not this check's finding either.
  auto in_tree = UbuntuWithDkms();
  BuiltFor(*in_tree, kRelease);
  LoadAmdgpu(*in_tree);
  in_tree->Command("hip-probe", Exited(kNoDevice));
  EXPECT_FALSE(HasFinding(RunCheck(kCheck, in_tree), "driver.dkms.shadows_in_tree"));
}

TEST(DriverAmdgpuModule, SkipsWhenAmdgpuIsNotLoadedOrThereIsNoGpu) {
  auto view = UbuntuWithDkms();
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
  auto none = NewView();
  LoadAmdgpu(*none);
  EXPECT_EQ(RunCheck(kCheck, none).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
