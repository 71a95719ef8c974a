// SPDX-License-Identifier: MIT
// CollectFacts<RuntimeEnvFacts>: which variables are taken, set-but-empty kept apart from unset,
// per-node overrides sorted by node, malformed overrides kept with the reason.
#include <gtest/gtest.h>

#include "rocm_doctor/facts/runtime_env.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

TEST(RuntimeEnvCollector, EmptyEnvironment) {
  FakeSystemView view;
  RuntimeEnvFacts env = CollectFacts<RuntimeEnvFacts>(view);
  EXPECT_EQ(env.source, ".rocm-doctor/machine.json env");
  EXPECT_FALSE(env.rocr_visible_devices);
  EXPECT_FALSE(env.hip_visible_devices);
  EXPECT_FALSE(env.gfx_override);
  EXPECT_TRUE(env.node_gfx_overrides.empty());
  EXPECT_TRUE(env.informational.empty());
  EXPECT_EQ(env.OverrideFor(1), nullptr);
}

TEST(RuntimeEnvCollector, TakesTheRuntimeVariables) {
  FakeSystemView view;
  view.Replay(false);
  view.Env("ROCR_VISIBLE_DEVICES", "")
      .Env("HIP_VISIBLE_DEVICES", "0,1")
      .Env("CUDA_VISIBLE_DEVICES", "GPU-1")
      .Env("GPU_DEVICE_ORDINAL", "1")
      .Env("HIP_PLATFORM", "nvidia")
      .Env("AMD_LOG_LEVEL", "4")
      .Env("HSA_ENABLE_SDMA", "0")
      .Env("PATH", "/usr/bin");
  RuntimeEnvFacts env = CollectFacts<RuntimeEnvFacts>(view);
  EXPECT_EQ(env.source, "environment");
  ASSERT_TRUE(env.rocr_visible_devices);
  EXPECT_EQ(env.rocr_visible_devices->value, "");  // set but empty is kept
  EXPECT_EQ(env.hip_visible_devices->value, "0,1");
  EXPECT_EQ(env.cuda_visible_devices->value, "GPU-1");
  EXPECT_EQ(env.gpu_device_ordinal->value, "1");
  EXPECT_EQ(env.hip_platform->value, "nvidia");
  ASSERT_EQ(env.informational.size(), 2u);
  EXPECT_EQ(env.informational[0].name, "HSA_ENABLE_SDMA");  // the table's order
  EXPECT_EQ(env.informational[1].name, "AMD_LOG_LEVEL");
}

TEST(RuntimeEnvCollector, GfxOverrides) {
  FakeSystemView view;
  view.Env("HSA_OVERRIDE_GFX_VERSION", "10.3")
      .Env("HSA_OVERRIDE_GFX_VERSION_12", "11.0.0")
      .Env("HSA_OVERRIDE_GFX_VERSION_2", "10.3.0")
      .Env("HSA_OVERRIDE_GFX_VERSION_X", "10.3.0");
  RuntimeEnvFacts env = CollectFacts<RuntimeEnvFacts>(view);
  ASSERT_TRUE(env.gfx_override);
  EXPECT_FALSE(env.gfx_override->version);
  EXPECT_EQ(env.gfx_override->error, "not major.minor.stepping (three numbers separated by dots)");
  ASSERT_EQ(env.node_gfx_overrides.size(), 2u);
  EXPECT_EQ(env.node_gfx_overrides[0].node, 2);
  EXPECT_EQ(env.node_gfx_overrides[1].node, 12);
  EXPECT_EQ(env.node_gfx_overrides[1].version->Target(), "gfx1100");
  EXPECT_EQ(env.OverrideFor(2)->name, "HSA_OVERRIDE_GFX_VERSION_2");  // per node first
  EXPECT_EQ(env.OverrideFor(1)->name, "HSA_OVERRIDE_GFX_VERSION");
}

}  // namespace
}  // namespace rocm_doctor::testing
