// SPDX-License-Identifier: MIT
// runtime.igpu_order: a Raphael iGPU enumerated before an MI100 (ROCm/ROCm#2594), after it,
// hidden by ROCR_VISIBLE_DEVICES, and hosts it does not apply to.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.igpu_order";

std::shared_ptr<FakeSystemView> OnRocm620(const std::vector<TestGpu>& gpus) {
  auto view = GpuHost(gpus);
  AddRocm620(*view);
  return view;
}

TEST(RuntimeIgpuOrder, IgpuFirstWarns) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kRaphael, kMi100}));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.igpu.first");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "the integrated gfx1036 at 0000:0e:00.0, which ROCm does not support (ROCm 6.2.0: "
            "override), is HIP device 0 before the discrete GPU gfx908 at 0000:43:00.0: programs "
            "that use device 0 get no kernels for it");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0], "export ROCR_VISIBLE_DEVICES=1");
}

TEST(RuntimeIgpuOrder, WithoutAReleaseUsesEveryRelease) {
  CheckOutcome out = RunCheck(kCheck, GpuHost({kRaphael, kMi100}));
  const Finding* f = FindFinding(out, "runtime.igpu.first");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("(no ROCm release lists it)"), std::string::npos) << f->message;
}

TEST(RuntimeIgpuOrder, IgpuAfterTheDgpuPasses) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kMi100, kRaphael}));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("is HIP device 1, after the discrete GPU"), std::string::npos)
      << out.summary;
}

TEST(RuntimeIgpuOrder, HiddenIgpuPasses) {
  auto view = OnRocm620({kRaphael, kMi100});
  view->Env("ROCR_VISIBLE_DEVICES", "1");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "integrated gfx1036 at 0000:0e:00.0 is hidden");
}

TEST(RuntimeIgpuOrder, DoesNotApply) {
  EXPECT_EQ(RunCheck(kCheck, OnRocm620({kMi100})).status, Status::kSkip);
  EXPECT_EQ(RunCheck(kCheck, OnRocm620({kPhoenix})).status, Status::kSkip);
  EXPECT_EQ(RunCheck(kCheck, OnRocm620({kRx7900Xtx, kMi100})).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
