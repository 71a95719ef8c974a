// SPDX-License-Identifier: MIT
// runtime.visible_devices: nothing set, a mask that keeps GPUs, "-1", ROCR set but empty, HIP
// indices past the ROCr-filtered list, a truncated list, GPU_DEVICE_ORDINAL.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.visible_devices";

std::shared_ptr<FakeSystemView> TwoGpus() { return GpuHost({kRx7900Xtx, kMi100}); }

TEST(RuntimeVisibleDevices, NothingSetPasses) {
  CheckOutcome out = RunCheck(kCheck, TwoGpus());
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "no device-selection variable set: all 2 GPUs visible (0 = gfx1100 at 0000:03:00.0, "
            "1 = gfx908 at 0000:43:00.0)");
}

TEST(RuntimeVisibleDevices, MaskKeepingOneGpuPasses) {
  auto view = TwoGpus();
  view->Env("HIP_VISIBLE_DEVICES", "1");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "HIP sees 1 of 2 GPUs: 0 = gfx908 at 0000:43:00.0 (HIP_VISIBLE_DEVICES=\"1\")");
}

TEST(RuntimeVisibleDevices, MinusOneHidesEverything) {
  auto view = TwoGpus();
  view->Env("HIP_VISIBLE_DEVICES", "-1");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.env.devices_hidden");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "HIP_VISIBLE_DEVICES=\"-1\" leaves HIP no GPU (token \"-1\": negative index): HIP "
            "reports hipErrorNoDevice");
  EXPECT_EQ(f->evidence[0].source, "$HIP_VISIBLE_DEVICES");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(fix.commands[0], "unset HIP_VISIBLE_DEVICES");
}

TEST(RuntimeVisibleDevices, RocrSetButEmpty) {
  auto view = TwoGpus();
  view->Env("ROCR_VISIBLE_DEVICES", "");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.devices_hidden");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "ROCR_VISIBLE_DEVICES is set but empty: ROCr exposes none of the 2 GPUs KFD has; "
            "HIP reports hipErrorNoDevice");
}

TEST(RuntimeVisibleDevices, HipIndexCountsTheRocrList) {
  // Parsl#3858: both set to the same physical index leaves nothing.
  auto view = TwoGpus();
  view->Env("ROCR_VISIBLE_DEVICES", "1").Env("CUDA_VISIBLE_DEVICES", "1");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.devices_hidden");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("its indices count the 1 GPU ROCR_VISIBLE_DEVICES=\"1\" left"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "unset ROCR_VISIBLE_DEVICES CUDA_VISIBLE_DEVICES");
}

TEST(RuntimeVisibleDevices, UnknownUuid) {
  auto view = TwoGpus();
  view->Env("ROCR_VISIBLE_DEVICES", "GPU-deadbeef");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.devices_hidden");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("matches no GPU's UUID"), std::string::npos) << f->message;
}

TEST(RuntimeVisibleDevices, TruncatedListWarns) {
  auto view = TwoGpus();
  view->Env("HIP_VISIBLE_DEVICES", "1,4,0");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.env.devices_truncated");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "HIP_VISIBLE_DEVICES=\"1,4,0\": HIP uses only the first 1 of 3 tokens (token \"4\": "
            "index out of range (2 GPUs visible to HIP))");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0], "export HIP_VISIBLE_DEVICES=1");
  EXPECT_NE(out.summary.find("HIP sees 1 of 2 GPUs"), std::string::npos) << out.summary;
}

TEST(RuntimeVisibleDevices, OrdinalHidesEverythingFromOpenCl) {
  auto view = TwoGpus();
  view->Env("GPU_DEVICE_ORDINAL", "5");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.devices_hidden");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("leaves OpenCL programs"), std::string::npos) << f->message;
}

TEST(RuntimeVisibleDevices, SkipsWithoutGpus) {
  auto view = std::make_shared<FakeSystemView>();
  view->Env("HIP_VISIBLE_DEVICES", "0");
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
