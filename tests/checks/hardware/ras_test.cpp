// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/catalog.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakePciFunction;
using testing::FakeSystemView;

CheckOutcome RunRas(const std::vector<FakePciFunction>& gpus) {
  auto view = std::make_shared<FakeSystemView>();
  for (const FakePciFunction& f : gpus) f.Install(*view);
  return testing::RunCheck("hardware.ras", view);
}

TEST(HardwareRas, CleanCountersPass) {
  CheckOutcome out = RunRas({testing::Mi300x("0000:05:00.0"), testing::Mi300x("0000:15:00.0")});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "no uncorrectable errors on 2 GPUs");
}

TEST(HardwareRas, CorrectableErrorsAreReportedInTheSummary) {
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.ras["umc_err_count"] = "ue: 0\nce: 12\nde: 0\n";
  CheckOutcome out = RunRas({f});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "no uncorrectable errors on 1 GPU; 12 correctable (0000:05:00.0: 12)");
}

TEST(HardwareRas, UncorrectableFails) {
  FakePciFunction f = testing::Mi300x("0000:c1:00.0");
  f.ras["umc_err_count"] = "ue: 3\nce: 7\nde: 0\n";
  CheckOutcome out = RunRas({testing::Mi300x("0000:05:00.0"), f});
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* ue = testing::FindFinding(out, "hardware.ras.uncorrectable");
  ASSERT_NE(ue, nullptr);
  EXPECT_NE(ue->message.find("AMD Instinct MI300X (gfx942) at 0000:c1:00.0"), std::string::npos)
      << ue->message;
  EXPECT_NE(ue->message.find("umc 3"), std::string::npos) << ue->message;
  EXPECT_NE(ue->message.find("Correctable errors: 7"), std::string::npos) << ue->message;
  EXPECT_EQ(ue->params.at("bdf"), "0000:c1:00.0");
  ASSERT_EQ(ue->evidence.size(), 1u);
  EXPECT_EQ(ue->evidence[0].observed, "ue: 3, ce: 7, de: 0");
}

// Issue 18: correctable errors at 1 per hour or more since boot (and at least 10) are watched.
TEST(HardwareRas, AHighCorrectableRateIsMonitor) {
  auto view = std::make_shared<FakeSystemView>();
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.ras["umc_err_count"] = "ue: 0\nce: 14\nde: 0\n";
  f.Install(*view);
  view->File("/proc/uptime", "7200.00 1.00\n");  // 2 h: 7 per hour
  CheckOutcome out = testing::RunCheck("hardware.ras", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* ce = testing::FindFinding(out, "hardware.ras.correctable_rate");
  ASSERT_NE(ce, nullptr);
  EXPECT_NE(ce->message.find("7.0 per hour over 2.0 h"), std::string::npos) << ce->message;
  EXPECT_EQ(Catalog::Instance().ActionFor(ce->code), FindingAction::kMonitor);

  view->File("/proc/uptime", "72000.00 1.00\n");  // 20 h: 0.7 per hour
  EXPECT_EQ(testing::RunCheck("hardware.ras", view).status, Status::kPass);
}

TEST(HardwareRas, NoRasDirectorySkips) {
  CheckOutcome out = RunRas({testing::Rx7900Xtx()});
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "no RAS counters (not a RAS-capable GPU or ras_enable=0)");
}

TEST(HardwareRas, InaccessibleQueryIsUnknown) {
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.ras["umc_err_count"] = "Query currently inaccessible\n";
  CheckOutcome out = RunRas({f});
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* u = testing::FindFinding(out, "hardware.ras.unreadable");
  ASSERT_NE(u, nullptr);
  EXPECT_NE(u->message.find("umc"), std::string::npos) << u->message;
}

TEST(HardwareRas, UnlistableRasDirectoryIsUnknown) {
  auto view = std::make_shared<testing::DeniedDirsView>();
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.Install(*view);
  view->DenyListing(f.Dir() + "/ras");
  CheckOutcome out = testing::RunCheck("hardware.ras", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.ras.unreadable"));
}

}  // namespace
}  // namespace rocm_doctor
