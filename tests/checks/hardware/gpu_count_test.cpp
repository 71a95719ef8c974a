// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

std::shared_ptr<FakeSystemView> ThreeMi300x() {
  auto view = std::make_shared<FakeSystemView>();
  for (const char* bdf : {"0000:05:00.0", "0000:15:00.0", "0000:65:00.0"}) {
    testing::Mi300x(bdf).Install(*view);
  }
  return view;
}

TEST(HardwareGpuCount, SkipsWithoutExpectation) {
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", ThreeMi300x());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "no --expect-gpus given");
}

TEST(HardwareGpuCount, PassesWhenTheCountMatches) {
  CheckOptions options;
  options.expect_gpus = 3;
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", ThreeMi300x(), options);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "3 AMD GPUs, as expected");
}

TEST(HardwareGpuCount, FailsWhenAGpuIsMissing) {
  CheckOptions options;
  options.expect_gpus = 4;
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", ThreeMi300x(), options);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.gpu.count_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("Expected 4 AMD GPUs (--expect-gpus 4), found 3: 0000:05:00.0"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("1 missing"), std::string::npos) << f->message;
  EXPECT_EQ(f->params.at("expected"), "4");
}

TEST(HardwareGpuCount, FailsWhenThereAreMore) {
  CheckOptions options;
  options.expect_gpus = 1;
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", ThreeMi300x(), options);
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.gpu.count_mismatch"));
}

}  // namespace
}  // namespace rocm_doctor
