// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakePciFunction;
using testing::FakeSystemView;

CheckOutcome RunLink(const std::vector<FakePciFunction>& gpus) {
  auto view = std::make_shared<FakeSystemView>();
  for (const FakePciFunction& f : gpus) f.Install(*view);
  return testing::RunCheck("hardware.pcie_link", view);
}

TEST(HardwarePcieLink, FullLinkPasses) {
  CheckOutcome out = RunLink({testing::Rx7900Xtx()});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "16.0 GT/s x16 (max 16.0 GT/s x16)");
  // Issue 15: the pass carries the current speed and width against their maximum.
  ASSERT_EQ(out.evidence.size(), 2u);
  EXPECT_EQ(out.evidence[0].source, "/sys/bus/pci/devices/0000:03:00.0/current_link_speed");
  EXPECT_EQ(out.evidence[0].observed, "16.0 GT/s");
  EXPECT_EQ(out.evidence[0].expected, "max_link_speed 16.0 GT/s");
  EXPECT_EQ(out.evidence[1].source, "/sys/bus/pci/devices/0000:03:00.0/current_link_width");
  EXPECT_EQ(out.evidence[1].observed, "x16");
}

TEST(HardwarePcieLink, SeveralIdenticalLinks) {
  CheckOutcome out = RunLink({testing::Mi300x("0000:05:00.0"), testing::Mi300x("0000:15:00.0")});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "2 GPUs at 32.0 GT/s x16 (max 32.0 GT/s x16)");
}

TEST(HardwarePcieLink, FewerLanesWarns) {
  // LACT r7-240 capture: 5.0 GT/s x4 on a card capable of 8.0 GT/s x8.
  FakePciFunction f = testing::Rx7900Xtx("0000:01:00.0");
  f.device = "0x6617";
  f.revision = "0x87";
  f.current_link_speed = "5.0 GT/s PCIe";
  f.max_link_speed = "8.0 GT/s PCIe";
  f.current_link_width = "4";
  f.max_link_width = "8";
  CheckOutcome out = RunLink({f});
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* d = testing::FindFinding(out, "hardware.pcie.link_degraded");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->message.find("4 of its 8 lanes (5.0 GT/s x4, max 8.0 GT/s x8)"), std::string::npos)
      << d->message;
  EXPECT_NE(d->message.find("0000:01:00.0"), std::string::npos);
  EXPECT_EQ(d->params.at("bdf"), "0000:01:00.0");
  ASSERT_EQ(d->evidence.size(), 4u);
  EXPECT_EQ(d->evidence[2].observed, "x4");
  EXPECT_EQ(d->evidence[2].expected, "x8");
}

TEST(HardwarePcieLink, SlowerSpeedAloneIsInformationNotAWarning) {
  // An idle Radeon at 2.5 GT/s on all its lanes is power management, not a fault.
  FakePciFunction f = testing::Rx7900Xtx();
  f.current_link_speed = "2.5 GT/s PCIe";
  CheckOutcome out = RunLink({f});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_FALSE(testing::HasFinding(out, "hardware.pcie.link_degraded"));
  const Finding* d = testing::FindFinding(out, "hardware.pcie.link_downclocked");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->status, Status::kInfo);
  EXPECT_NE(d->message.find("idle GPU trains its link down"), std::string::npos) << d->message;
}

TEST(HardwarePcieLink, VirtualFunctionWithoutLinkStateSkips) {
  FakePciFunction vf = testing::Mi300x("0000:00:05.0");
  vf.device = "0x74b5";  // MI300X VF
  vf.current_link_speed = "Unknown";
  vf.max_link_speed = "Unknown";
  vf.current_link_width = "0";
  vf.max_link_width = "0";
  CheckOutcome out = RunLink({vf});
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("no PCIe link state for 0000:00:05.0"), std::string::npos)
      << out.summary;
}

TEST(HardwarePcieLink, OneGpuNotReportedOthersJudged) {
  FakePciFunction vf = testing::Rx7900Xtx("0000:04:00.0");
  vf.current_link_speed = "Unknown";
  CheckOutcome out = RunLink({testing::Rx7900Xtx("0000:03:00.0"), vf});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("not reported for 0000:04:00.0"), std::string::npos) << out.summary;
  const Finding* info = testing::FindFinding(out, "hardware.pcie.link_not_reported");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->status, Status::kInfo);
}

TEST(HardwarePcieLink, ApuOnlySkips) {
  CheckOutcome out = RunLink({testing::Phoenix780m()});
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("APU"), std::string::npos);
}

TEST(HardwarePcieLink, UnreadableIsUnknown) {
  auto view = std::make_shared<FakeSystemView>();
  FakePciFunction f = testing::Rx7900Xtx();
  f.max_link_width = std::nullopt;
  f.Install(*view);
  view->Unreadable(f.Dir() + "/max_link_width");
  CheckOutcome out = testing::RunCheck("hardware.pcie_link", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.pcie.link_unreadable"));
}

TEST(HardwarePcieLink, MalformedValueIsUnknownNotPass) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.current_link_width = "sixteen";
  CheckOutcome out = RunLink({f});
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.pcie.link_unreadable"));
}

}  // namespace
}  // namespace rocm_doctor
