// SPDX-License-Identifier: MIT
// hardware.ras_pages: every code and its action, from the retired-page list amdgpu writes.
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/catalog.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakePciFunction;
using testing::FakeSystemView;

std::string Lines(int count, char state, int first = 0x1000) {
  std::string out;
  char line[64];
  for (int i = 0; i < count; ++i) {
    std::snprintf(line, sizeof line, "0x%08x : 0x00001000 : %c\n", first + i, state);
    out += line;
  }
  return out;
}

CheckOutcome RunPages(const std::string& pages, const std::string& threshold = "-1\n") {
  auto view = std::make_shared<FakeSystemView>();
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.ras["gpu_vram_bad_pages"] = pages;
  f.Install(*view);
  view->File("/sys/module/amdgpu/parameters/bad_page_threshold", threshold);
  view->File("/proc/uptime", "54000.00 1.00\n");
  return testing::RunCheck("hardware.ras_pages", view);
}

FindingAction ActionOf(const Finding* f) { return Catalog::Instance().ActionFor(f->code); }

TEST(HardwareRasPages, EmptyListPassesWithTheThreshold) {
  CheckOutcome out = RunPages("");
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "no retired page on 1 GPU (threshold 1965 "
            "(/sys/module/amdgpu/parameters/bad_page_threshold = -1))");
}

TEST(HardwareRasPages, RetiredPagesBelowTheThresholdAreHistory) {
  CheckOutcome out = RunPages(Lines(3, 'R'));
  EXPECT_NE(out.status, Status::kFail);
  EXPECT_NE(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.ras.pages_retired");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->status, Status::kInfo);
  EXPECT_EQ(ActionOf(f), FindingAction::kMonitor);
  EXPECT_NE(f->message.find("3 pages retired (R)"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("15.0 h ago"), std::string::npos) << f->message;
}

TEST(HardwareRasPages, AtTheThresholdIsReplace) {
  CheckOutcome out = RunPages(Lines(128, 'R'), "128\n");
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.ras.pages_over_threshold");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ActionOf(f), FindingAction::kReplace);
  EXPECT_EQ(f->params.at("bdf"), "0000:05:00.0");
  EXPECT_EQ(testing::FindFinding(out, "hardware.ras.pages_retired"), nullptr);
}

TEST(HardwareRasPages, NinetyPercentIsMonitor) {
  CheckOutcome out = RunPages(Lines(116, 'R'), "128\n");
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.ras.pages_near_threshold");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(ActionOf(f), FindingAction::kMonitor);
  CheckOutcome below = RunPages(Lines(114, 'R'), "128\n");
  EXPECT_EQ(testing::FindFinding(below, "hardware.ras.pages_near_threshold"), nullptr);
}

TEST(HardwareRasPages, PendingIsResetAndUnreservableIsIsolate) {
  CheckOutcome out = RunPages(Lines(2, 'R') + Lines(1, 'P', 0x2000) + Lines(1, 'F', 0x3000));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* pending = testing::FindFinding(out, "hardware.ras.pages_pending");
  ASSERT_NE(pending, nullptr);
  EXPECT_EQ(ActionOf(pending), FindingAction::kReset);
  // Issue 18 D: the reset names what goes down with the GPU (alone here: no XGMI hive).
  EXPECT_NE(pending->message.find("a reset takes down this GPU alone"), std::string::npos)
      << pending->message;
  EXPECT_EQ(pending->params.at("reset_bdfs"), pending->params.at("bdf"));
  const Finding* failed = testing::FindFinding(out, "hardware.ras.pages_unreservable");
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(ActionOf(failed), FindingAction::kIsolate);
  EXPECT_EQ(testing::FindFinding(out, "hardware.ras.pages_retired"), nullptr);
}

TEST(HardwareRasPages, RetirementDisabledJudgesNoThreshold) {
  CheckOutcome out = RunPages(Lines(500, 'R'), "0\n");
  EXPECT_EQ(testing::FindFinding(out, "hardware.ras.pages_over_threshold"), nullptr);
  const Finding* f = testing::FindFinding(out, "hardware.ras.pages_retired");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("retirement is disabled"), std::string::npos) << f->message;
}

TEST(HardwareRasPages, UnreadableListIsUnknown) {
  auto view = std::make_shared<FakeSystemView>();
  FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.Install(*view);
  view->Unreadable("/sys/bus/pci/devices/0000:05:00.0/ras/gpu_vram_bad_pages");
  CheckOutcome out = testing::RunCheck("hardware.ras_pages", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_NE(testing::FindFinding(out, "hardware.ras.pages_unreadable"), nullptr);
}

TEST(HardwareRasPages, NoListSkips) {
  auto view = std::make_shared<FakeSystemView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  testing::Rx7900Xtx().Install(*view);
  EXPECT_EQ(testing::RunCheck("hardware.ras_pages", view).status, Status::kSkip);
}

// A current uncorrectable error takes the node out; hardware.ras's code says isolate.
TEST(HardwareRasPages, UncorrectableCountersAreIsolate) {
  EXPECT_EQ(Catalog::Instance().ActionFor("hardware.ras.uncorrectable"), FindingAction::kIsolate);
}

}  // namespace
}  // namespace rocm_doctor
