// SPDX-License-Identifier: MIT
// hardware.throttle (issue 18): gpu_metrics read at rest.
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/datacenter_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

// A v1.6 table (MI300, 384 bytes) left 0xFF where not set, as smu_cmn_init_soft_gpu_metrics does.
std::string V16(std::uint32_t throttle, std::uint32_t socket_thm, std::uint32_t counter) {
  std::string t(384, '\xff');
  auto put32 = [&t](std::size_t off, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) t[off + i] = static_cast<char>((v >> (8 * i)) & 0xff);
  };
  t[0] = static_cast<char>(384 & 0xff);
  t[1] = static_cast<char>(384 >> 8);
  t[2] = 1;
  t[3] = 6;
  t[12] = 0;  // average_gfx_activity 0 %
  t[13] = 0;
  put32(104, counter);
  for (std::size_t off = 108; off <= 124; off += 4) put32(off, 0);
  put32(116, socket_thm);
  put32(128, throttle);
  return t;
}

std::shared_ptr<testing::EinvalView> Gpu(const std::string& metrics) {
  auto view = std::make_shared<testing::EinvalView>();
  testing::FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.Install(*view);
  view->File(f.Dir() + "/gpu_metrics", metrics);
  return view;
}

TEST(HardwareThrottle, QuietTablePasses) {
  CheckOutcome out = testing::RunCheck("hardware.throttle", Gpu(V16(0, 0, 5000)));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "no throttling at rest on 1 GPU");
}

TEST(HardwareThrottle, ThrottlingAtRestWarns) {
  CheckOutcome out = testing::RunCheck("hardware.throttle", Gpu(V16(0x4, 0, 5000)));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.throttle.active_at_rest");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("throttle_status 0x00000004) while 0% busy (gpu_metrics 1.6)"),
            std::string::npos)
      << f->message;
}

TEST(HardwareThrottle, ThermalResidencyWarnsWithItsShare) {
  CheckOutcome out = testing::RunCheck("hardware.throttle", Gpu(V16(0, 50, 5000)));
  const Finding* f = testing::FindFinding(out, "hardware.throttle.thermal_residency");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("socket thermal 50 (up to 1.00% of 5000 cycles)"), std::string::npos)
      << f->message;
}

TEST(HardwareThrottle, ABadSizeIsUnknown) {
  CheckOutcome out = testing::RunCheck("hardware.throttle", Gpu(V16(0, 0, 1).substr(0, 300)));
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.throttle.metrics_unreadable"));
}

TEST(HardwareThrottle, ANewerRevisionIsNotJudgedNotGuessed) {
  std::string t = V16(0x4, 0, 1);
  t[3] = 9;  // a 1.9 nobody knows yet
  CheckOutcome out = testing::RunCheck("hardware.throttle", Gpu(t));
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("not judged: 0000:05:00.0: revision 1.9 is newer"),
            std::string::npos)
      << out.summary;
}

TEST(HardwareThrottle, NoTableSkips) {
  auto view = std::make_shared<testing::EinvalView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  EXPECT_EQ(testing::RunCheck("hardware.throttle", view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor
