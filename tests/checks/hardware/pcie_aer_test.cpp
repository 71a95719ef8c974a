// SPDX-License-Identifier: MIT
// hardware.pcie_aer: every code and its action, from the AER counters of a GPU.
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/catalog.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

struct Aer {
  std::string correctable = "RxErr 0\nRollover 0\nTimeout 0\nTOTAL_ERR_COR 0\n";
  std::string nonfatal = "DLP 0\nCmpltTO 0\nTOTAL_ERR_NONFATAL 0\n";
  std::string fatal = "DLP 0\nSDES 0\nTOTAL_ERR_FATAL 0\n";
};

CheckOutcome RunAer(const Aer& aer, const std::string& uptime = "36000.00 1.00\n") {
  auto view = std::make_shared<FakeSystemView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  const std::string dir = "/sys/bus/pci/devices/0000:05:00.0/";
  view->File(dir + "aer_dev_correctable", aer.correctable);
  view->File(dir + "aer_dev_nonfatal", aer.nonfatal);
  view->File(dir + "aer_dev_fatal", aer.fatal);
  view->File("/proc/uptime", uptime);
  return testing::RunCheck("hardware.pcie_aer", view);
}

FindingAction ActionOf(const Finding* f) { return Catalog::Instance().ActionFor(f->code); }

TEST(HardwarePcieAer, ZeroCountsPass) {
  CheckOutcome out = RunAer({});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "no PCIe error to act on for 1 GPU");
}

TEST(HardwarePcieAer, FatalIsIsolate) {
  Aer aer;
  aer.fatal = "DLP 0\nSDES 1\nTOTAL_ERR_FATAL 1\n";
  CheckOutcome out = RunAer(aer);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.pcie.aer_fatal");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ActionOf(f), FindingAction::kIsolate);
  EXPECT_NE(f->message.find("1 fatal PCIe error since boot (SDES 1)"), std::string::npos)
      << f->message;
}

TEST(HardwarePcieAer, NonFatalIsMonitor) {
  Aer aer;
  aer.nonfatal = "DLP 0\nCmpltTO 2\nTOTAL_ERR_NONFATAL 2\n";
  CheckOutcome out = RunAer(aer);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.pcie.aer_nonfatal");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ActionOf(f), FindingAction::kMonitor);
}

TEST(HardwarePcieAer, CorrectableOnlyAboveTheRateAndTheFloor) {
  Aer often;  // 20 in 10 h: 2 per hour
  often.correctable = "RxErr 12\nRollover 3\nTimeout 5\nTOTAL_ERR_COR 20\n";
  CheckOutcome out = RunAer(often);
  const Finding* f = testing::FindFinding(out, "hardware.pcie.aer_correctable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ActionOf(f), FindingAction::kMonitor);
  EXPECT_NE(f->message.find("2.0 per hour over 10.0 h"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("replays: Rollover 3, Timeout 5"), std::string::npos) << f->message;

  Aer rare = often;  // the same 20 over 100 h: 0.2 per hour
  EXPECT_EQ(RunAer(rare, "360000.00 1.00\n").status, Status::kPass);
  Aer few;  // under the floor of 10
  few.correctable = "RxErr 9\nTOTAL_ERR_COR 9\n";
  EXPECT_EQ(RunAer(few, "60.00 1.00\n").status, Status::kPass);
}

TEST(HardwarePcieAer, UnreadableIsUnknownAndAbsentSkips) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  view->Unreadable("/sys/bus/pci/devices/0000:05:00.0/aer_dev_fatal");
  CheckOutcome out = testing::RunCheck("hardware.pcie_aer", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_NE(testing::FindFinding(out, "hardware.pcie.aer_unreadable"), nullptr);

  auto bare = std::make_shared<FakeSystemView>();
  testing::Mi300x("0000:05:00.0").Install(*bare);
  EXPECT_EQ(testing::RunCheck("hardware.pcie_aer", bare).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor
