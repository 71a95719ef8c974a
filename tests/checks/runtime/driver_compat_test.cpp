// SPDX-License-Identifier: MIT
// runtime.driver_compat: a DKMS driver of a listed series passes, an older or newer one warns
// with the rows; an unmapped version is skipped, never guessed; the in-tree driver is judged by
// its kernel against the distribution's listed kernels.
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.driver_compat";
constexpr char kJammy[] =
    "PRETTY_NAME=\"Ubuntu 22.04.5 LTS\"\nVERSION_ID=\"22.04\"\n"
    "VERSION=\"22.04.5 LTS (Jammy Jellyfish)\"\nID=ubuntu\n";

// ROCm `release` under /opt/rocm-<release>, amdgpu loaded (`dkms` = its module version).
std::shared_ptr<FakeSystemView> Host(const std::string& release, const std::string& dkms,
                                     const std::string& kernel = "5.15.0-116-generic") {
  auto view = NewView();
  view->Kernel(UnameInfo{"Linux", kernel, "#126-Ubuntu", "x86_64"});
  view->File("/etc/os-release", kJammy);
  const std::string code = release.substr(0, 1) + "0" + release.substr(2, 1) + "0" +
                           release.substr(4, 1);  // 6.3.3 -> 60303
  AddOptInstall(*view, release, release.substr(0, 3) + "." + code, "1.14." + code);
  view->Link("/opt/rocm", "/opt/rocm-" + release);
  LoadAmdgpu(*view, dkms);
  return view;
}

TEST(DriverCompat, ListedDkmsSeriesPasses) {
  CheckOutcome out = RunCheck(kCheck, Host("6.2.0", "6.8.5"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "amdgpu DKMS 6.8.5 (the 6.2.x driver, shipped with ROCm 6.2.0) is supported with "
            "ROCm 6.2.0");
  // The pass shows the module version it read and the rows it was placed by.
  ASSERT_FALSE(out.evidence.empty());
  EXPECT_EQ(out.evidence[0].source, "/sys/module/amdgpu/version");
  EXPECT_EQ(out.evidence[0].observed, "6.8.5");
}

TEST(DriverCompat, OlderDkmsSeriesWarns) {
  CheckOutcome out = RunCheck(kCheck, Host("6.3.3", "6.3.6"));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.driver.version_skew");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "amdgpu DKMS 6.3.6 (the 6.0.x driver, shipped with ROCm 6.0.0) is not a driver ROCm "
            "6.3.3 supports: it supports the 6.4.x, 6.3.x, 6.2.x, 6.1.x drivers, and this one is "
            "older than all of them");
  ASSERT_EQ(f->evidence.size(), 4u);
  EXPECT_EQ(f->evidence[0].source, "/sys/module/amdgpu/version");
  EXPECT_EQ(f->evidence[0].observed, "6.3.6");
  EXPECT_NE(f->evidence[1].observed.find("ROCm 6.0.0 ships amdgpu 6.3.6 (amdgpu-dkms"),
            std::string::npos)
      << f->evidence[1].observed;
  EXPECT_EQ(f->evidence[2].observed, "ROCm 6.3.3 supports drivers 6.4.x, 6.3.x, 6.2.x, 6.1.x");
  EXPECT_EQ(f->evidence[3].source, "/opt/rocm-6.3.3/.info/version");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(fix.commands.back(),
            "sudo amdgpu-install --usecase=dkms  # needs root; then reboot; from the ROCm 6.3.3 "
            "repository");
  EXPECT_TRUE(fix.reboot_required);
  ExpectCommandsFilled(*f);
}

TEST(DriverCompat, NewerDkmsSeriesWarns) {
  CheckOutcome out = RunCheck(kCheck, Host("6.0.0", "6.12.12"));
  const Finding* f = FindFinding(out, "runtime.driver.version_skew");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("the 6.4.x driver, shipped with ROCm 6.4.1"), std::string::npos);
  EXPECT_NE(f->message.find("newer than all of them"), std::string::npos) << f->message;
}

TEST(DriverCompat, UnmappedVersionIsSkippedNotGuessed) {
  CheckOutcome out = RunCheck(kCheck, Host("6.2.0", "6.7.0"));
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary,
            "amdgpu DKMS 6.7.0: no ROCm release in the support data is recorded as shipping "
            "amdgpu 6.7.0");
}

TEST(DriverCompat, InTreeDriverJudgedByItsKernel) {
  CheckOutcome within = RunCheck(kCheck, Host("6.2.0", "", "5.15.0-116-generic"));
  EXPECT_EQ(within.status, Status::kPass);
  EXPECT_EQ(within.summary,
            "in-tree amdgpu of Linux 5.15 (no driver version of its own): within the ubuntu "
            "kernels ROCm 6.2.0 lists (5.15 to 6.8)");
  CheckOutcome newer = RunCheck(kCheck, Host("6.2.0", "", "6.11.0-19-generic"));
  EXPECT_EQ(newer.status, Status::kPass);
  EXPECT_NE(newer.summary.find("newer than the ubuntu kernels ROCm 6.2.0 lists"),
            std::string::npos);

  CheckOutcome older = RunCheck(kCheck, Host("6.2.0", "", "5.4.0-150-generic"));
  EXPECT_EQ(older.status, Status::kWarn);
  const Finding* f = FindFinding(older, "runtime.driver.version_skew");
  ASSERT_NE(f, nullptr) << older.summary;
  EXPECT_EQ(f->message,
            "the in-tree amdgpu of Linux 5.4 (no driver version of its own) is older than the "
            "ubuntu kernels ROCm 6.2.0 lists (5.15 to 6.8): its KFD may lack interfaces this "
            "ROCm user space needs");
  EXPECT_EQ(f->evidence[0].expected, "Linux 5.15 or later");
  ExpectCommandsFilled(*f);
}

TEST(DriverCompat, SkipsWithoutDriverReleaseOrRows) {
  auto unloaded = NewView();
  AddRocm620(*unloaded);
  EXPECT_EQ(RunCheck(kCheck, unloaded).status, Status::kSkip);

  auto no_rocm = NewView();
  LoadAmdgpu(*no_rocm, "6.8.5");
  EXPECT_EQ(RunCheck(kCheck, no_rocm).status, Status::kSkip);

  // ROCm 7.0.2's column has no AMD GPU Driver cell: no kmd_compat rows.
  CheckOutcome seven = RunCheck(kCheck, Host("7.0.2", "6.8.5"));
  EXPECT_EQ(seven.status, Status::kSkip);
  EXPECT_EQ(seven.summary,
            "amdgpu DKMS 6.8.5 (the 6.2.x driver): the support data lists no driver series for "
            "ROCm 7.0.2");

  auto debian = Host("6.2.0", "");
  debian->File("/etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n");
  EXPECT_EQ(RunCheck(kCheck, debian).summary,
            "in-tree amdgpu of Linux 5.15 (no driver version of its own): the support data lists "
            "no debian kernel for ROCm 6.2.0");
}

}  // namespace
}  // namespace rocm_doctor::testing
