// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

void AddKfdNode(FakeSystemView& view, int index, const std::string& location_id) {
  std::string dir = "/sys/class/kfd/kfd/topology/nodes/" + std::to_string(index);
  view.File(dir + "/properties",
            "cpu_cores_count 0\nsimd_count 192\ngfx_target_version 110000\nvendor_id 4098\n"
            "device_id 29772\nlocation_id " +
                location_id + "\ndomain 0\n");
  view.File(dir + "/gpu_id", "12345\n");
  view.File(dir + "/name", "\n");
}

TEST(DriverGpuInit, PassesWithCardAndKfdNode) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu().Install(*view);
  view->File("/sys/class/kfd/kfd/topology/generation_id", "1\n");
  AddKfdNode(*view, 1, "768");  // 0x300 = 03:00.0
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary.rfind("0000:03:00.0: card0", 0), 0u) << out.summary;
}

TEST(DriverGpuInit, FailsWhenLoadedButUnboundWithLogEvidence) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  view->Log(LogOf({"amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
                   "amdgpu: probe of 0000:03:00.0 failed with error -22",
                   "amdgpu 0000:43:00.0: amdgpu: Fatal error during GPU init"}));
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.amdgpu.init_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("Fatal error during GPU init"), std::string::npos) << f->message;
  // The driver link plus the two lines about 0000:03:00.0, not the other GPU's.
  EXPECT_EQ(f->evidence.size(), 3u);
  ExpectCommandsFilled(*f);
}

TEST(DriverGpuInit, UnboundWithoutProbeLineSuspectsAnUnknownDevice) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  view->Log(LogOf({"Linux version 6.8.0"}));
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  const Finding* f = FindFinding(out, "driver.amdgpu.init_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("device 0x744c"), std::string::npos) << f->message;
}

TEST(DriverGpuInit, FailsWhenBoundWithoutDrmCard) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", "amdgpu", false).Install(*view);
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_TRUE(HasFinding(out, "driver.amdgpu.init_failed"));
}

TEST(DriverGpuInit, FailsWhenInitstateIsNotLive) {
  auto view = NewView();
  LoadAmdgpu(*view);
  view->File("/sys/module/amdgpu/initstate", "coming\n");
  Gpu().Install(*view);
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  const Finding* f = FindFinding(out, "driver.amdgpu.init_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("'coming'"), std::string::npos);
}

TEST(DriverGpuInit, UnknownWhenInitstateUnreadable) {
  auto view = NewView();
  LoadAmdgpu(*view);
  view->Unreadable("/sys/module/amdgpu/initstate");
  Gpu().Install(*view);
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.gpu_init.unknown"));
}

TEST(DriverGpuInit, BuiltInAmdgpuHasNoInitstate) {
  auto view = NewView();
  view->File("/lib/modules/6.8.0-45-generic/modules.builtin",
             "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko\n");
  view->File("/sys/module/amdgpu/parameters/modeset", "-1\n");
  Gpu().Install(*view);
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

}  // namespace
}  // namespace rocm_doctor::testing
