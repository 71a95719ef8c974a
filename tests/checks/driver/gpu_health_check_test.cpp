// SPDX-License-Identifier: MIT
// driver.gpu_health: failures after init (issue 16 rule 8): runtime PM error, failed resume,
// failed reset, hangs; a runtime-suspended GPU is information; GPUs are chosen by vendor and
// driver, not by card0.
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.gpu_health";
constexpr char kPm[] = "/sys/bus/pci/devices/0000:03:00.0/power/";

std::shared_ptr<FakeSystemView> UpGpu(const std::string& runtime_status = "active") {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu().Install(*view);
  view->File(std::string(kPm) + "runtime_status", runtime_status + "\n");
  view->File(std::string(kPm) + "control", "auto\n");
  view->File("/sys/module/amdgpu/parameters/runpm", "-1\n");
  return view;
}

TEST(DriverGpuHealth, PassesOnAHealthyLogWithBenignLines) {
  auto view = UpGpu();
  view->Log(LogOf({"amdgpu 0000:03:00.0: amdgpu: RAP: optional rap ta ucode is not available",
                   "amdgpu 0000:03:00.0: amdgpu: SMU is resuming...",
                   "amdgpu 0000:03:00.0: amdgpu: PCIE atomic ops is not supported",
                   "amdgpu: Topology: Add dGPU node [0x164e:0x1002]"}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_TRUE(out.findings.empty());
  EXPECT_EQ(out.summary,
            "1 GPU: no failed resume, reset or hang in the kernel log, runtime PM not in error");
}

TEST(DriverGpuHealth, RuntimeStatusErrorFailsWithRunpmAndTheLines) {
  auto view = UpGpu("error");
  view->Log(LogOf({"amdgpu 0000:03:00.0: amdgpu: SMU is resuming...",
                   "amdgpu 0000:03:00.0: amdgpu: SMC is not ready",
                   "amdgpu 0000:03:00.0: amdgpu: resume of IP block <smu> failed -5",
                   "amdgpu 0000:03:00.0: amdgpu: amdgpu_device_ip_resume failed (-5)."}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.gpu.runtime_pm_error");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("amdgpu.runpm is -1 (auto"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("resume of IP block <smu> failed -5"), std::string::npos)
      << f->message;
  ASSERT_GE(f->evidence.size(), 4u);
  EXPECT_EQ(f->evidence[0].source, "/sys/bus/pci/devices/0000:03:00.0/power/runtime_status");
  EXPECT_EQ(f->evidence[0].observed, "error");
  EXPECT_EQ(f->params.at("bdf"), "0000:03:00.0");
  ExpectCommandsFilled(*f);
}

TEST(DriverGpuHealth, RuntimeStatusErrorAloneStillFails) {
  auto view = UpGpu("error");
  view->Log(LogOf({"Linux version 7.0.0-31-generic"}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_TRUE(HasFinding(out, "driver.gpu.runtime_pm_error")) << out.summary;
}

TEST(DriverGpuHealth, ResumeFailureWithoutRuntimeStatusFails) {
  auto view = UpGpu("active");
  view->Log(LogOf({"[drm:amdgpu_device_ip_resume_phase2 [amdgpu]] *ERROR* resume of IP block "
                   "<gfx_v11_0> failed -110"}));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.gpu.resume_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(out.status, Status::kFail);
}

TEST(DriverGpuHealth, FailedResetFails) {
  auto view = UpGpu();
  view->Log(LogOf({"amdgpu 0000:03:00.0: amdgpu: GPU reset begin!",
                   "amdgpu 0000:03:00.0: amdgpu: GPU reset(2) failed"}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_TRUE(HasFinding(out, "driver.gpu.reset_failed")) << out.summary;
  EXPECT_EQ(out.status, Status::kFail);
}

TEST(DriverGpuHealth, RecoveredHangsWarn) {
  auto view = UpGpu();
  view->Log(LogOf({"[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled "
                   "seq=3295304, emitted seq=3295306",
                   "amdgpu 0000:03:00.0: amdgpu: GPU reset begin!",
                   "[drm:amdgpu_mes_reg_write_reg_wait [amdgpu]] *ERROR* MES failed to response "
                   "msg=3",
                   "amdgpu 0000:03:00.0: amdgpu: GPU reset(1) succeeded!"}));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.gpu.hangs");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(out.status, Status::kWarn);
  EXPECT_NE(f->message.find("3 hang lines"), std::string::npos) << f->message;
}

TEST(DriverGpuHealth, AnotherGpusLinesAreNotThisOnes) {
  auto view = UpGpu();
  Gpu("0000:43:00.0").Install(*view);
  view->Log(LogOf({"amdgpu 0000:43:00.0: amdgpu: resume of IP block <smu> failed -5",
                   "[drm:amdgpu_device_ip_resume_phase2 [amdgpu]] *ERROR* resume of IP block "
                   "<gfx_v11_0> failed -110"}));
  CheckOutcome out = RunCheck(kCheck, view);
  ASSERT_EQ(out.findings.size(), 1u) << out.summary;
  EXPECT_EQ(out.findings[0].params.at("bdf"), "0000:43:00.0");
  // The line without an address is not pinned on either of two GPUs.
  std::size_t log_lines = 0;
  for (const Evidence& e : out.findings[0].evidence) log_lines += e.source == "/dev/kmsg";
  EXPECT_EQ(log_lines, 1u);
}

// ROCm/rocm_smi_lib#217: card0 is the BMC's ASPEED VGA (vendor 0x1a03, driver ast) and active;
// the AMD GPUs behind card1.. are runtime-suspended. The check reads the AMD functions.
TEST(DriverGpuHealth, SuspendedAmdGpusAreInformationAndCard0IsIgnored) {
  auto view = NewView();
  LoadAmdgpu(*view);
  FakePciFunction aspeed;
  aspeed.bdf = "0000:02:00.0";
  aspeed.vendor = "0x1a03";
  aspeed.device = "0x2000";
  aspeed.driver = "ast";
  aspeed.Install(*view);
  view->File("/sys/bus/pci/devices/0000:02:00.0/power/runtime_status", "active\n");
  Gpu("0000:83:00.0").Install(*view);
  view->File("/sys/bus/pci/devices/0000:83:00.0/power/runtime_status", "suspended\n");
  view->File("/sys/bus/pci/devices/0000:83:00.0/power/control", "auto\n");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  const Finding* f = FindFinding(out, "driver.gpu.runtime_suspended");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("bdf"), "0000:83:00.0");
  EXPECT_EQ(f->status, Status::kInfo);
  for (const Finding& finding : out.findings) {
    EXPECT_EQ(finding.message.find("0000:02:00.0"), std::string::npos) << finding.message;
  }
}

TEST(DriverGpuHealth, UnexpectedRuntimeStatusIsNotGuessed) {
  auto view = UpGpu("ERROR\x01");
  view->Log(LogOf({}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "1 GPU: no failed resume, reset or hang in the kernel log");
}

TEST(DriverGpuHealth, SkipsWithNothingToRead) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu().Install(*view);
  KernelLog unreadable;
  unreadable.state = KernelLog::State::kUnreadable;
  unreadable.source = "/dev/kmsg";
  unreadable.error = "permission denied";
  view->Log(unreadable);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kSkip) << out.summary;
}

TEST(DriverGpuHealth, SkipsWithoutABoundGpu) {
  auto view = NewView();
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
