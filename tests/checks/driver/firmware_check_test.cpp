// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverFirmware, PassesWithoutFailures) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu().Install(*view);
  view->Log(LogOf({"amdgpu 0000:03:00.0: amdgpu: SMU is initialized successfully!"}));
  CheckOutcome out = RunCheck("driver.firmware", view);
  EXPECT_EQ(out.status, Status::kPass);
}

TEST(DriverFirmware, FailsWhenTheGpuDidNotComeUp) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:23:00.0", std::nullopt, false).Install(*view);
  view->Log(
      LogOf({"amdgpu 0000:23:00.0: Direct firmware load for amdgpu/arcturus_gpu_info.bin failed "
             "with error -2",
             "amdgpu 0000:23:00.0: amdgpu: Failed to load gpu_info firmware "
             "\"amdgpu/arcturus_gpu_info.bin\"",
             "amdgpu 0000:23:00.0: Fatal error during GPU init",
             "amdgpu: probe of 0000:23:00.0 failed with error -2"}));
  CheckOutcome out = RunCheck("driver.firmware", view);
  EXPECT_EQ(out.status, Status::kFail);
  ASSERT_EQ(out.findings.size(), 1u);  // the loader's line and amdgpu's line are one failure
  const Finding* f = FindFinding(out, "driver.firmware.missing");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("amdgpu/arcturus_gpu_info.bin"), std::string::npos);
  EXPECT_EQ(f->evidence.size(), 3u);
  ExpectCommandsFilled(*f);
  Remediation r = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(r.commands[0], "ls -l /lib/firmware/amdgpu/arcturus_gpu_info.bin*");
  EXPECT_TRUE(r.reboot_required);
}

TEST(DriverFirmware, OptionalTaFirmwareIsOnlyNoted) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:19:00.0", std::nullopt, false).Install(*view);
  view->Log(
      LogOf({"amdgpu 0000:19:00.0: Direct firmware load for amdgpu/vega20_ta.bin failed "
             "with error -2"}));
  CheckOutcome out = RunCheck("driver.firmware", view);
  EXPECT_EQ(out.status, Status::kPass);  // info findings alone leave a pass
  EXPECT_TRUE(HasFinding(out, "driver.firmware.optional_missing"));
}

TEST(DriverFirmware, FailureOnAGpuThatCameUpIsOnlyNoted) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0").Install(*view);
  view->Log(
      LogOf({"amdgpu 0000:03:00.0: Direct firmware load for amdgpu/gc_11_0_0_toc.bin "
             "failed with error -2"}));
  CheckOutcome out = RunCheck("driver.firmware", view);
  EXPECT_EQ(out.status, Status::kPass);  // info findings alone leave a pass
}

TEST(DriverFirmware, UnknownWhenLogUnreadable) {
  auto view = NewView();
  Gpu().Install(*view);
  KernelLog log;
  log.state = KernelLog::State::kUnreadable;
  log.source = "/dev/kmsg";
  log.error = "permission denied";
  view->Log(log);
  CheckOutcome out = RunCheck("driver.firmware", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.firmware.unknown"));
}

TEST(DriverFirmware, SkipsWhenNotRecorded) {
  auto view = NewView();
  Gpu().Install(*view);
  EXPECT_EQ(RunCheck("driver.firmware", view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
