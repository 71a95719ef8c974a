// SPDX-License-Identifier: MIT
// driver.gpu_init: a probe that failed with -12 (no PCI address space for the BARs) gets its own
// finding, with the BIOS fix (lamikr/rocm_sdk_builder#180, kernel 6.12's dd.c wording).
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverGpuInitBarSpace, ProbeFailedWithEnomemNamesAbove4GDecoding) {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
  view->Log(LogOf({"[    5.408757] amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
                   "[    5.408787] amdgpu 0000:03:00.0: probe with driver amdgpu failed with "
                   "error -12"}));
  CheckOutcome out = RunCheck("driver.gpu_init", view);
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_FALSE(HasFinding(out, "driver.amdgpu.init_failed"));
  const Finding* f = FindFinding(out, "driver.amdgpu.probe_no_bar_space");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("bdf"), "0000:03:00.0");
  EXPECT_EQ(f->evidence.size(), 3u);
  ExpectCommandsFilled(*f);
}

TEST(DriverGpuInitBarSpace, OtherErrorsAndOtherGpusStayInitFailed) {
  for (const char* line : {"amdgpu: probe of 0000:03:00.0 failed with error -62",
                           "amdgpu: probe of 0000:03:00.0 failed with error -120",
                           "amdgpu 0000:43:00.0: probe with driver amdgpu failed with error -12"}) {
    auto view = NewView();
    LoadAmdgpu(*view);
    Gpu("0000:03:00.0", std::nullopt, false).Install(*view);
    view->Log(LogOf({line}));
    CheckOutcome out = RunCheck("driver.gpu_init", view);
    EXPECT_TRUE(HasFinding(out, "driver.amdgpu.init_failed")) << line;
    EXPECT_FALSE(HasFinding(out, "driver.amdgpu.probe_no_bar_space")) << line;
  }
}

}  // namespace
}  // namespace rocm_doctor::testing
