// SPDX-License-Identifier: MIT
// runtime.hip_platform: unset, amd, nvidia/nvcc on an AMD host, a mixed host, a bad value.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.hip_platform";

TEST(RuntimeHipPlatform, UnsetAndAmdPass) {
  auto view = GpuHost({kRx7900Xtx});
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
  view->Env("HIP_PLATFORM", "amd");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "HIP_PLATFORM=amd");
  ASSERT_EQ(out.evidence.size(), 1u);
  EXPECT_EQ(out.evidence[0].source, "$HIP_PLATFORM");
  EXPECT_EQ(out.evidence[0].observed, "\"amd\"");
}

TEST(RuntimeHipPlatform, NvidiaOnAmdHostFails) {
  for (const char* value : {"nvidia", "nvcc"}) {
    auto view = GpuHost({kRx7900Xtx});
    view->Env("HIP_PLATFORM", value);
    CheckOutcome out = RunCheck(kCheck, view);
    EXPECT_EQ(out.status, Status::kFail) << value;
    const Finding* f = FindFinding(out, "runtime.env.hip_platform_nvidia");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->message, "HIP_PLATFORM=" + std::string(value) +
                              " makes hipcc build for CUDA, but this host has 1 AMD GPU and no "
                              "NVIDIA GPU");
    EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0], "export HIP_PLATFORM=amd");
  }
}

TEST(RuntimeHipPlatform, NvidiaWithAnNvidiaGpuPasses) {
  auto view = GpuHost({kRx7900Xtx});
  view->File("/sys/bus/pci/devices/0000:17:00.0/vendor", "0x10de\n");
  view->File("/sys/bus/pci/devices/0000:17:00.0/device", "0x2335\n");
  view->File("/sys/bus/pci/devices/0000:17:00.0/class", "0x030200\n");
  view->Env("HIP_PLATFORM", "nvidia");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("NVIDIA GPU at 0000:17:00.0"), std::string::npos) << out.summary;
  ASSERT_EQ(out.evidence.size(), 2u);
  EXPECT_EQ(out.evidence[1].source, "/sys/bus/pci/devices/0000:17:00.0/vendor");
}

TEST(RuntimeHipPlatform, UnknownValueWarns) {
  auto view = GpuHost({kRx7900Xtx});
  view->Env("HIP_PLATFORM", "rocm\x01");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "runtime.env.hip_platform_invalid");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message, "HIP_PLATFORM=\"rocm\\x01\" is neither amd nor nvidia; hipcc rejects it");
}

}  // namespace
}  // namespace rocm_doctor::testing
