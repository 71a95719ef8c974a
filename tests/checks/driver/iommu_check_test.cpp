// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

std::shared_ptr<FakeSystemView> TwoGpus() {
  auto view = NewView();
  LoadAmdgpu(*view);
  Gpu("0000:03:00.0").Install(*view);
  Gpu("0000:43:00.0").Install(*view);
  return view;
}

TEST(DriverIommu, SkipsWithOneGpu) {
  auto view = NewView();
  Gpu().Install(*view);
  EXPECT_EQ(RunCheck("driver.iommu", view).status, Status::kSkip);
}

TEST(DriverIommu, WarnsWithoutIommuPt) {
  auto view = TwoGpus();
  CheckOutcome out = RunCheck("driver.iommu", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "driver.iommu.not_passthrough");
  ASSERT_NE(f, nullptr);
  ExpectCommandsFilled(*f);
}

TEST(DriverIommu, PassesWithIommuPt) {
  auto view = TwoGpus();
  view->File("/proc/cmdline", "ro quiet iommu=pt\n");
  EXPECT_EQ(RunCheck("driver.iommu", view).status, Status::kPass);
}

TEST(DriverIommu, GroupTypeIsTheKernelsWord) {
  auto view = TwoGpus();
  view->File("/proc/cmdline", "ro quiet\n");
  view->File("/sys/kernel/iommu_groups/12/type", "identity\n");
  view->Dir("/sys/kernel/iommu_groups/12/devices/0000:03:00.0");
  view->File("/sys/kernel/iommu_groups/40/type", "identity\n");
  view->Dir("/sys/kernel/iommu_groups/40/devices/0000:43:00.0");
  CheckOutcome pass = RunCheck("driver.iommu", view);
  EXPECT_EQ(pass.status, Status::kPass);
  // The pass shows each GPU's group type, the kernel's own record.
  ASSERT_EQ(pass.evidence.size(), 2u);
  EXPECT_NE(pass.evidence[1].source.find("0000:43:00.0"), std::string::npos);
  EXPECT_EQ(pass.evidence[1].observed, "identity");

  view->File("/sys/kernel/iommu_groups/40/type", "DMA-FQ\n");
  CheckOutcome out = RunCheck("driver.iommu", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = FindFinding(out, "driver.iommu.not_passthrough");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("0000:43:00.0"), std::string::npos);
  EXPECT_EQ(f->message.find("0000:03:00.0,"), std::string::npos) << f->message;
}

TEST(DriverIommu, NoGroupsMeansNoTranslation) {
  auto view = TwoGpus();
  view->Dir("/sys/kernel/iommu_groups");
  CheckOutcome out = RunCheck("driver.iommu", view);
  EXPECT_EQ(out.status, Status::kPass);
  ASSERT_EQ(out.evidence.size(), 1u);
  EXPECT_EQ(out.evidence[0].observed, "no IOMMU groups");
}

TEST(DriverIommu, UnknownWhenNothingReadable) {
  auto view = TwoGpus();
  view->Unreadable("/proc/cmdline");
  CheckOutcome out = RunCheck("driver.iommu", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.iommu.unknown"));
}

}  // namespace
}  // namespace rocm_doctor::testing
