// SPDX-License-Identifier: MIT
// runtime.gfx_support: official, RDNA2 needing 10.3.0 (ROCm/ROCm#2620), the override already
// set, RDNA4 before 6.4.1, mixed GPUs (per-node fix), deprecated gfx906, the patch fallback,
// releases the data lacks, and an unsupported iGPU next to a supported dGPU.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.gfx_support";

std::shared_ptr<FakeSystemView> OnRocm620(const std::vector<TestGpu>& gpus) {
  auto view = GpuHost(gpus);
  AddRocm620(*view);
  return view;
}

TEST(RuntimeGfxSupport, OfficialPasses) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kRx7900Xtx}));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "ROCm 6.2.0: gfx1100 supported");
}

TEST(RuntimeGfxSupport, Rdna2NeedsTheOverride) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kRx6700Xt}));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "gfx1031 at 0000:03:00.0 is not supported by ROCm 6.2.0; HSA_OVERRIDE_GFX_VERSION="
            "10.3.0 makes ROCr report it as gfx1030, whose code the release ships (unofficial)");
  EXPECT_EQ(f->params.at("override"), "10.3.0");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  // The fix line itself says it is a workaround and what it risks (issue 15).
  EXPECT_EQ(fix.commands[0],
            "export HSA_OVERRIDE_GFX_VERSION=10.3.0  # workaround, not a fix: the GPU then runs "
            "kernels built for gfx1030; where the two ISAs differ that gives wrong results, hangs "
            "or crashes");
  EXPECT_EQ(f->evidence.back().observed, "ROCm 6.2.0, gfx1031: override (override 10.3.0)");
}

// An RX 5700 XT (gfx1010): no release ships kernels for it and no same-family target stands
// in, so the fix says so and gives the build that does work, not "install a release".
TEST(RuntimeGfxSupport, ATargetNoReleaseShipsGetsTheBuildPath) {
  const TestGpu rx5700xt{"0000:03:00.0", "0x731f", "0xc1", 100100};
  CheckOutcome out = RunCheck(kCheck, OnRocm620({rx5700xt}));
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("no ROCm release ships kernels for it"), std::string::npos)
      << f->message;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(fix.commands.size(), 1u);
  EXPECT_EQ(fix.commands[0].rfind("export PYTORCH_ROCM_ARCH=gfx1010 && git clone --recursive "
                                  "https://github.com/pytorch/pytorch", 0),
            0u)
      << fix.commands[0];
  EXPECT_NE(fix.commands[0].find("# no ROCm release ships kernels for gfx1010"), std::string::npos);
  EXPECT_NE(fix.commands[0].find("community build"), std::string::npos);
  EXPECT_EQ(fix.commands[0].find("install ROCm"), std::string::npos);
}

TEST(RuntimeGfxSupport, OverrideAlreadySetPassesWithNote) {
  auto view = OnRocm620({kRx6700Xt});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "ROCm 6.2.0: gfx1031 runs as gfx1030 through HSA_OVERRIDE_GFX_VERSION=10.3.0 "
            "(unofficial)");
}

TEST(RuntimeGfxSupport, OverrideToAnUnsupportedTargetFails) {
  auto view = OnRocm620({kRx6700Xt});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.2");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("HSA_OVERRIDE_GFX_VERSION=10.3.2 does not help"), std::string::npos)
      << f->message;
}

TEST(RuntimeGfxSupport, Rdna4BeforeItsRelease) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({{"0000:03:00.0", "0x7550", "0xc0", 120001}}));
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "gfx1201 at 0000:03:00.0 is not supported by ROCm 6.2.0 (first supported in ROCm "
            "6.4.1)");
  EXPECT_EQ(f->params.count("override"), 0u);
}

TEST(RuntimeGfxSupport, MixedGpusGetPerNodeOverride) {
  const TestGpu second{"0000:08:00.0", "0x73df", "0xc1", 100301};
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kRx7900Xtx, second}));
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "export HSA_OVERRIDE_GFX_VERSION_2=10.3.0  # workaround, not a fix: the GPU then runs "
            "kernels built for gfx1030; where the two ISAs differ that gives wrong results, hangs "
            "or crashes");
}

TEST(RuntimeGfxSupport, DeprecatedIsInformational) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({{"0000:03:00.0", "0x66af", "0xc1", 90006}}));
  EXPECT_EQ(out.status, Status::kPass);
  const Finding* f = FindFinding(out, "runtime.gfx.deprecated");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_EQ(out.summary, "ROCm 6.2.0: gfx906 supported (deprecated)");
}

TEST(RuntimeGfxSupport, PatchReleaseFallsBack) {
  auto view = GpuHost({kRx7900Xtx});
  AddOptInstall(*view, "6.2.3", "6.2.60203", "1.14.60203");
  view->Link("/opt/rocm", "/opt/rocm-6.2.3");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "ROCm 6.2.2 (installed 6.2.3): gfx1100 supported");
}

TEST(RuntimeGfxSupport, ReleaseMissingFromTheDataIsUnknown) {
  auto view = GpuHost({kRx7900Xtx});
  // The support data starts at ROCm 5.0.0 (checks/data/SUPPORT-MATRIX.md); 4.5.2 is a real
  // release before it.
  AddOptInstall(*view, "4.5.2", "4.5.50502", "1.4.50502");
  view->Link("/opt/rocm", "/opt/rocm-4.5.2");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "runtime.gfx.support_unknown");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "cannot tell whether ROCm 4.5.2 supports gfx1100: the support data has no ROCm 4.5");
}

// Debian 12's ROCm is 5.2.3 (its packages' versions); AMD's 5.2.3 GPU support table does not
// list gfx1100 (first listed in 5.7.1), so the release is judged, not unknown.
TEST(RuntimeGfxSupport, DebianRocmIsJudgedByItsRelease) {
  auto view = GpuHost({kRx7900Xtx});
  AddDebianRocm(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(FindFinding(out, "runtime.gfx.support_unknown"), nullptr) << out.summary;
  const Finding* f = FindFinding(out, "runtime.gfx.unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("5.2"), std::string::npos) << f->message;
}

TEST(RuntimeGfxSupport, NoInstallIsUnknown) {
  CheckOutcome out = RunCheck(kCheck, GpuHost({kRx7900Xtx}));
  EXPECT_EQ(out.status, Status::kUnknown);
}

TEST(RuntimeGfxSupport, UnsupportedIgpuNextToSupportedDgpuIsNotAFailure) {
  CheckOutcome out = RunCheck(kCheck, OnRocm620({kRaphael, kMi100}));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "ROCm 6.2.0: gfx908 supported; integrated gfx1036 not supported (see "
            "runtime.igpu_order)");
}

TEST(RuntimeGfxSupport, SkipsWithoutGpus) {
  EXPECT_EQ(RunCheck(kCheck, std::make_shared<FakeSystemView>()).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
