// SPDX-License-Identifier: MIT
// runtime.rocm: pass (AMD install, Debian packages), not installed, mixed releases.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.rocm";

TEST(RuntimeRocm, PassesForOptRocm) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "ROCm 6.2.0 at /opt/rocm-6.2.0 (HIP 6.2.60200)");
}

TEST(RuntimeRocm, PassesForDebianPackages) {
  auto view = std::make_shared<FakeSystemView>();
  AddDebianRocm(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "ROCm 5.2.3 from Debian packages (/usr/lib/x86_64-linux-gnu)");
}

TEST(RuntimeRocm, CountsOtherInstalls) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  AddOptInstall(*view, "5.7.1", "5.7.50701", "1.11.50701");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "ROCm 6.2.0 at /opt/rocm-6.2.0 (HIP 6.2.60200); 1 other install");
}

TEST(RuntimeRocm, NotInstalledOnUbuntu) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/etc/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.rocm.not_installed");
  ASSERT_NE(f, nullptr) << out.summary;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(fix.commands.size(), 2u);
  EXPECT_NE(fix.commands[0].find("amdgpu-install/latest/ubuntu/noble/"), std::string::npos)
      << fix.commands[0];
  EXPECT_EQ(fix.commands[1], "sudo amdgpu-install --usecase=rocm  # needs root; then reboot");
  EXPECT_TRUE(fix.requires_root);
}

// ROCm/ROCm#731: ROCm 2.2 is installed; it is too old to check, not missing.
TEST(RuntimeRocm, HccEraInstallIsTooOldNotMissing) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/etc/os-release", "ID=ubuntu\nVERSION_ID=\"18.04\"\n");
  view->File("/opt/rocm/.info/version", "2.2.31\n");
  view->File("/opt/rocm/hip/lib/libhip_hcc.so", "");
  view->File("/opt/rocm/hip/bin/.hipVersion", "HIP_VERSION_MAJOR=1\nHIP_VERSION_MINOR=5\n");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  EXPECT_EQ(FindFinding(out, "runtime.rocm.not_installed"), nullptr);
  const Finding* f = FindFinding(out, "runtime.rocm.too_old");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "ROCm 2.2.31 at /opt/rocm is an HCC-era release: its HIP 1.5 is "
            "/opt/rocm/hip/lib/libhip_hcc.so, not the libamdhip64 of ROCm 3.5 and later; the "
            "doctor cannot load or judge that runtime, and its support data starts at ROCm 5.0.0");
  ASSERT_GE(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[0].observed, "/opt/rocm/hip/lib/libhip_hcc.so");
  EXPECT_EQ(f->evidence[1].source, "/opt/rocm/.info/version");
}

TEST(RuntimeRocm, NotInstalledWhenRocmPathHoldsNoLibrary) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n");
  view->Env("ROCM_PATH", "/opt/rocm-typo");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.rocm.not_installed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("/opt/rocm-typo (ROCM_PATH) holds no HIP library"), std::string::npos)
      << f->message;
  EXPECT_EQ(f->params.at("install"),
            "sudo apt install libamdhip64-dev hipcc rocminfo  # needs root; Debian's own ROCm");
}

TEST(RuntimeRocm, LdLibraryPathAtAnotherRelease) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  AddOptInstall(*view, "5.7.1", "5.7.50701", "1.11.50701");
  view->Env("LD_LIBRARY_PATH", "/opt/rocm-5.7.1/lib");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.rocm.mixed_versions");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "LD_LIBRARY_PATH points at ROCm 5.7.1 (/opt/rocm-5.7.1) while /opt/rocm is ROCm "
            "6.2.0 (/opt/rocm-6.2.0)");
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence[0].source, "$LD_LIBRARY_PATH");
  EXPECT_EQ(f->evidence[0].observed, "/opt/rocm-5.7.1/lib");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_EQ(fix.commands[0], "export LD_LIBRARY_PATH=/opt/rocm/lib");
}

TEST(RuntimeRocm, RocmPathAtAnotherRelease) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  AddOptInstall(*view, "6.1.2", "6.1.60102", "1.13.60102");
  view->Env("ROCM_PATH", "/opt/rocm-6.1.2");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.rocm.mixed_versions");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("fix"), "export ROCM_PATH=/opt/rocm");
}

TEST(RuntimeRocm, LoaderPicksDistributionHipOverOptRocm) {
  auto view = std::make_shared<FakeSystemView>();
  AddDebianRocm(*view);
  AddOptInstall(*view, "6.2.0", "6.2.60200", "1.14.60200");
  view->Link("/opt/rocm", "/opt/rocm-6.2.0");  // not on any loader path
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.rocm.mixed_versions");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "the dynamic loader picks ROCm 5.2.3 (/usr) while /opt/rocm is ROCm 6.2.0 "
            "(/opt/rocm-6.2.0)");
}

TEST(RuntimeRocm, HipAndHsaFromDifferentReleases) {
  auto view = std::make_shared<FakeSystemView>();
  AddOptInstall(*view, "6.2.0", "6.2.60200", "1.13.60100");
  view->Link("/opt/rocm", "/opt/rocm-6.2.0");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.rocm.mixed_versions");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "in /opt/rocm-6.2.0/lib libamdhip64 is from ROCm 6.2.0 but libhsa-runtime64 from "
            "ROCm 6.1.0");
}

}  // namespace
}  // namespace rocm_doctor::testing
