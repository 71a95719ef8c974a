// SPDX-License-Identifier: MIT
// runtime.gfx_override: unset, a good RDNA2 override, malformed values, another family, an ISA
// ROCr does not know, the risky gfx1103 -> 11.0.0, per-node overrides on a mixed system.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.gfx_override";

TEST(RuntimeGfxOverride, UnsetPasses) {
  CheckOutcome out = RunCheck(kCheck, GpuHost({kRx7900Xtx}));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "HSA_OVERRIDE_GFX_VERSION not set: every GPU reports its own target");
}

TEST(RuntimeGfxOverride, SameFamilyOverridePasses) {
  auto view = GpuHost({kRx6700Xt});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "gfx1031 at 0000:03:00.0 (KFD node 1) runs as gfx1030 (HSA_OVERRIDE_GFX_VERSION="
            "10.3.0)");
}

TEST(RuntimeGfxOverride, MalformedFails) {
  for (const char* value : {"10.3", "gfx1030", "10.3.0 ", ""}) {
    auto view = GpuHost({kRx7900Xtx});
    view->Env("HSA_OVERRIDE_GFX_VERSION", value);
    CheckOutcome out = RunCheck(kCheck, view);
    EXPECT_EQ(out.status, Status::kFail) << value;
    const Finding* f = FindFinding(out, "runtime.env.gfx_override_invalid");
    ASSERT_NE(f, nullptr) << value;
    EXPECT_NE(f->message.find("is rejected by libhsakmt"), std::string::npos) << f->message;
    EXPECT_NE(f->message.find("HSA_STATUS_ERROR_OUT_OF_RESOURCES"), std::string::npos);
    EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0], "unset HSA_OVERRIDE_GFX_VERSION");
  }
}

TEST(RuntimeGfxOverride, MalformedOnRdna2SuggestsTheFamilyValue) {
  auto view = GpuHost({kRx6700Xt});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.gfx_override_invalid");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message,
            "HSA_OVERRIDE_GFX_VERSION=\"10.3\" is rejected by libhsakmt (not major.minor."
            "stepping (three numbers separated by dots)): the whole topology scan fails, so ROCr "
            "sees no GPU and hsa_init returns HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "export HSA_OVERRIDE_GFX_VERSION=10.3.0  # workaround, not a fix: the GPU then runs "
            "kernels built for gfx1030; where the two ISAs differ that gives wrong results, hangs "
            "or crashes");
}

TEST(RuntimeGfxOverride, AnotherFamilyFails) {
  auto view = GpuHost({kRx7900Xtx});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.gfx_override_invalid");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("run code for gfx1030, another family (gfx10.3 vs gfx11)"),
            std::string::npos)
      << f->message;
}

TEST(RuntimeGfxOverride, UnknownIsaFails) {
  auto view = GpuHost({kRx6700Xt});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.7");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.gfx_override_invalid");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("names gfx1037, an ISA ROCr does not know"), std::string::npos)
      << f->message;
}

TEST(RuntimeGfxOverride, Gfx1103To1100IsRisky) {
  auto view = GpuHost({kPhoenix});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "11.0.0");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.env.gfx_override_risky");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("smaller (256 KiB vs 384 KiB per CU)"), std::string::npos)
      << f->message;
}

TEST(RuntimeGfxOverride, GlobalOverrideOnMixedSystem) {
  // ROCm/ROCm#5069-style: one global value rewrites both GPUs.
  auto view = GpuHost({kMi100, kRaphael});
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "runtime.env.gfx_override_invalid");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("gfx908 at 0000:43:00.0 (KFD node 1)"), std::string::npos)
      << f->message;
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "unset HSA_OVERRIDE_GFX_VERSION; export HSA_OVERRIDE_GFX_VERSION_2=10.3.0  # "
            "workaround, not a fix: each GPU then runs kernels built for another target of its "
            "family; where the ISAs differ that gives wrong results, hangs or crashes");
}

TEST(RuntimeGfxOverride, PerNodeOverrideOnMixedSystemPasses) {
  auto view = GpuHost({kMi100, kRaphael});
  view->Env("HSA_OVERRIDE_GFX_VERSION_2", "10.3.0").Env("HSA_OVERRIDE_GFX_VERSION_7", "bad");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "gfx908 at 0000:43:00.0 (KFD node 1) keeps its own target; gfx1036 at 0000:0e:00.0 "
            "(KFD node 2) runs as gfx1030 (HSA_OVERRIDE_GFX_VERSION_2=10.3.0); "
            "HSA_OVERRIDE_GFX_VERSION_7 names KFD node 7, which is not a GPU node: libhsakmt "
            "never reads it");
}

}  // namespace
}  // namespace rocm_doctor::testing
