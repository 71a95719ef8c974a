// SPDX-License-Identifier: MIT
// driver.kernel_support: listed distribution and kernel pass; an unlisted kernel, distribution
// version or distribution warns with the release, what it lists and the source rows; what the
// data cannot judge (no ROCm, a release without rows, WSL, containers) is skipped.
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.kernel_support";

constexpr char kNoble[] =
    "PRETTY_NAME=\"Ubuntu 24.04.1 LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\n"
    "VERSION=\"24.04.1 LTS (Noble Numbat)\"\nID=ubuntu\nID_LIKE=debian\n";
constexpr char kJammy3[] =
    "PRETTY_NAME=\"Ubuntu 22.04.3 LTS\"\nVERSION_ID=\"22.04\"\n"
    "VERSION=\"22.04.3 LTS (Jammy Jellyfish)\"\nID=ubuntu\n";
constexpr char kBookworm[] =
    "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nVERSION_ID=\"12\"\nVERSION=\"12 "
    "(bookworm)\"\nID=debian\n";

std::shared_ptr<FakeSystemView> Host(const char* os_release, const std::string& kernel) {
  auto view = NewView();
  view->Kernel(UnameInfo{"Linux", kernel, "#1", "x86_64"});
  view->File("/etc/os-release", os_release);
  AddRocm620(*view);
  return view;
}

TEST(KernelSupport, ListedDistributionAndKernelPass) {
  CheckOutcome out = RunCheck(kCheck, Host(kNoble, "6.8.0-45-generic"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "ubuntu 24.04.1, Linux 6.8 (6.8.0-45-generic): listed for ROCm 6.2.0 (6.8 GA)");
}

TEST(KernelSupport, UnlistedKernelWarnsWithWhatTheReleaseLists) {
  CheckOutcome out = RunCheck(kCheck, Host(kNoble, "6.11.0-19-generic"));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "driver.kernel.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "Linux 6.11 (6.11.0-19-generic) is not a kernel ROCm 6.2.0 lists for ubuntu 24.04.1: "
            "it lists 6.8 GA");
  ASSERT_EQ(f->evidence.size(), 3u);
  EXPECT_EQ(f->evidence[0].observed, "6.11.0-19-generic");
  EXPECT_EQ(f->evidence[1].source, "/etc/os-release");
  EXPECT_EQ(f->evidence[1].observed,
            "ID=ubuntu VERSION_ID=24.04 VERSION=\"24.04.1 LTS (Noble Numbat)\"");
  EXPECT_EQ(f->evidence[2].observed, "ROCm 6.2.0: ubuntu 24.04, Linux 6.8 GA");
  EXPECT_EQ(f->evidence[2].source.rfind("checks/data/rocm_kernels.csv (hanzoai/ROCm@", 0), 0u)
      << f->evidence[2].source;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_NE(fix.text.find("ROCm 6.2.0 lists 6.8 GA"), std::string::npos) << fix.text;
  ExpectCommandsFilled(*f);
}

TEST(KernelSupport, UnlistedPointReleaseWarns) {
  CheckOutcome out = RunCheck(kCheck, Host(kJammy3, "6.2.0-39-generic"));
  const Finding* f = FindFinding(out, "driver.kernel.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "ubuntu 22.04.3 is not a ubuntu version ROCm 6.2.0 lists: it lists ubuntu 24.04, "
            "22.04.5, 22.04.4");
}

TEST(KernelSupport, UnlistedDistributionWarns) {
  CheckOutcome out = RunCheck(kCheck, Host(kBookworm, "6.1.0-30-amd64"));
  const Finding* f = FindFinding(out, "driver.kernel.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "debian 12 is not a distribution ROCm 6.2.0 lists: it lists ubuntu, rhel, sles, ol");
  EXPECT_EQ(f->params.at("listed"), "ubuntu, rhel, sles, ol");
}

TEST(KernelSupport, ListedWithAmdsNotes) {
  auto view = NewView();
  view->Kernel(UnameInfo{"Linux", "6.1.0-30-amd64", "#1", "x86_64"});
  view->File("/etc/os-release", kBookworm);
  AddOptInstall(*view, "6.3.3", "6.3.60303", "1.14.60303");
  view->Link("/opt/rocm", "/opt/rocm-6.3.3");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("listed for ROCm 6.3.3 (6.1); AMD notes: supported only on MI300X"),
            std::string::npos)
      << out.summary;
}

TEST(KernelSupport, PatchFallbackIsNamed) {
  auto view = NewView();
  view->File("/etc/os-release", kNoble);
  AddOptInstall(*view, "6.2.3", "6.2.60203", "1.14.60203");
  view->Link("/opt/rocm", "/opt/rocm-6.2.3");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("ROCm 6.2.2 (installed 6.2.3, judged by 6.2.2)"), std::string::npos)
      << out.summary;
}

TEST(KernelSupport, SkipsWhatTheDataCannotJudge) {
  auto no_rocm = NewView();
  no_rocm->File("/etc/os-release", kNoble);
  EXPECT_EQ(RunCheck(kCheck, no_rocm).status, Status::kSkip);

  // ROCm 5.x: GPU support rows, but no distribution rows (checks/data/SUPPORT-MATRIX.md).
  auto five = NewView();
  five->File("/etc/os-release", kNoble);
  AddOptInstall(*five, "5.7.1", "5.7.50701", "1.11.50701");
  five->Link("/opt/rocm", "/opt/rocm-5.7.1");
  CheckOutcome out = RunCheck(kCheck, five);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "the support data lists no distribution for ROCm 5.7.1");

  auto old = NewView();
  old->File("/etc/os-release", kNoble);
  AddOptInstall(*old, "4.5.2", "4.5.50502", "1.4.50502");
  old->Link("/opt/rocm", "/opt/rocm-4.5.2");
  out = RunCheck(kCheck, old);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "ROCm 4.5.2: the support data has no ROCm 4.5");

  auto wsl = Host(kNoble, "5.15.167.4-microsoft-standard-WSL2");
  wsl->File("/proc/version", "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c8) #1\n");
  EXPECT_EQ(RunCheck(kCheck, wsl).status, Status::kSkip);

  auto docker = Host(kBookworm, "6.8.0-45-generic");
  docker->File("/.dockerenv", "");
  docker->File("/proc/self/cgroup", "0::/system.slice/docker-3f1e.scope\n");
  CheckOutcome in_container = RunCheck(kCheck, docker);
  EXPECT_EQ(in_container.status, Status::kSkip) << in_container.summary;

  auto no_os = NewView();
  AddRocm620(*no_os);
  EXPECT_EQ(RunCheck(kCheck, no_os).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
