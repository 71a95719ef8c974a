// SPDX-License-Identifier: MIT
// hardware.xgmi_links and hardware.xgmi_errors (issue 18).
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/datacenter_fixture.h"
#include "rocm_doctor/catalog.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::EinvalView;
using testing::KfdGpuNode;

constexpr std::uint64_t kHive = 15188982192727901047ULL;  // the MI300X CPX capture's hive_id
const std::vector<std::string> kBdfs = {"0000:05:00.0", "0000:26:00.0", "0000:46:00.0",
                                        "0000:65:00.0"};

// Four MI300X in one hive (SPX: one KFD node each, nodes 2..5), every pair linked unless
// `drop` names a link "from->to" to leave out.
std::shared_ptr<EinvalView> Hive(const std::string& drop = "") {
  auto view = std::make_shared<EinvalView>();
  for (std::size_t i = 0; i < kBdfs.size(); ++i) {
    testing::HiveMember(*view, kBdfs[i], kHive, static_cast<int>(i));
    KfdGpuNode n{.index = static_cast<int>(i) + 2, .bdf = kBdfs[i], .hive = kHive,
                 .unique_id = 100 + i};
    for (std::size_t j = 0; j < kBdfs.size(); ++j) {
      const std::string link = std::to_string(i + 2) + "->" + std::to_string(j + 2);
      if (j != i && link != drop) n.xgmi_to.push_back(static_cast<int>(j) + 2);
    }
    testing::InstallKfdNode(*view, n);
  }
  return view;
}

TEST(XgmiLinks, AFullHivePasses) {
  CheckOutcome out = testing::RunCheck("hardware.xgmi_links", Hive());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "hive 15188982192727901047: 4 GPU nodes, each linked to the other 3 over XGMI "
            "(weights 41)");
}

TEST(XgmiLinks, AMissingLinkFailsNamingBothEnds) {
  CheckOutcome out = testing::RunCheck("hardware.xgmi_links", Hive("3->5"));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.xgmi.link_missing");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("bdf"), "0000:26:00.0");
  EXPECT_NE(f->message.find("links to 2 of the 3 other GPU nodes"), std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("none to node 5 (0000:65:00.0)"), std::string::npos) << f->message;
}

TEST(XgmiLinks, NoHiveSkips) {
  auto view = std::make_shared<EinvalView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  testing::InstallKfdNode(*view, {.index = 1, .bdf = "0000:05:00.0", .unique_id = 1});
  EXPECT_EQ(testing::RunCheck("hardware.xgmi_links", view).status, Status::kSkip);
}

TEST(XgmiErrors, CleanCountersPass) {
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", Hive());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "no XGMI link errors on 4 GPUs");
}

TEST(XgmiErrors, EinvalOnMi300ReadsTheWaflCounterInstead) {
  auto view = Hive();
  for (const std::string& bdf : kBdfs) view->Einval("/sys/bus/pci/devices/" + bdf + "/xgmi_error");
  view->File("/sys/bus/pci/devices/0000:46:00.0/ras/xgmi_wafl_err_count", "ue: 2\nce: 5\n");
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.xgmi.wafl_uncorrectable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("bdf"), "0000:46:00.0");
  // A reset of one GPU takes its whole hive: the GPU first, then the rest in BDF order.
  EXPECT_EQ(f->params.at("reset_bdfs"), "0000:46:00.0 0000:05:00.0 0000:26:00.0 0000:65:00.0");
  EXPECT_NE(f->message.find("A reset takes down its whole hive together: 0000:46:00.0, "
                            "0000:05:00.0, 0000:26:00.0, 0000:65:00.0"),
            std::string::npos)
      << f->message;
  EXPECT_FALSE(testing::HasFinding(out, "hardware.xgmi.health_unreadable"));
  Remediation r = Catalog::Instance().RemediationFor(*f);
  ASSERT_EQ(r.commands.size(), 2u);
  EXPECT_EQ(r.commands[1],
            "sudo amd-smi reset --gpureset --gpu 0000:46:00.0 0000:05:00.0 0000:26:00.0 "
            "0000:65:00.0  # needs root");
}

// One WAFL fault, one root cause: hardware.ras leaves the xgmi_wafl block to this check (before,
// mi308x-xgmi-wafl-errors had hardware.ras.uncorrectable and hardware.xgmi.wafl_uncorrectable).
TEST(XgmiErrors, AWaflErrorIsNotAlsoARasUncorrectable) {
  auto view = Hive();
  view->File("/sys/bus/pci/devices/0000:46:00.0/ras/xgmi_wafl_err_count", "ue: 2\nce: 15\n");
  EXPECT_TRUE(testing::HasFinding(testing::RunCheck("hardware.xgmi_errors", view),
                                  "hardware.xgmi.wafl_uncorrectable"));
  CheckOutcome ras = testing::RunCheck("hardware.ras", view);
  EXPECT_FALSE(testing::HasFinding(ras, "hardware.ras.uncorrectable")) << ras.summary;
  EXPECT_FALSE(testing::HasFinding(ras, "hardware.ras.correctable_rate")) << ras.summary;
  // Its pass does not say "no uncorrectable errors" of GPUs whose WAFL block holds two.
  EXPECT_NE(ras.summary.find("outside the XGMI WAFL block (its 2: hardware.xgmi_errors)"),
            std::string::npos)
      << ras.summary;
}

TEST(XgmiErrors, ResetScopeFallsBackToTheKfdHive) {
  auto view = Hive();
  for (const std::string& bdf : kBdfs) {
    view->Unreadable("/sys/bus/pci/devices/" + bdf + "/xgmi_hive_info/xgmi_hive_id");
  }
  view->File("/sys/bus/pci/devices/0000:05:00.0/ras/xgmi_wafl_err_count", "ue: 1\nce: 0\n");
  const Finding* f = nullptr;
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  f = testing::FindFinding(out, "hardware.xgmi.wafl_uncorrectable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("reset_bdfs"), "0000:05:00.0 0000:26:00.0 0000:46:00.0 0000:65:00.0");
  EXPECT_NE(f->message.find("KFD hive_id 15188982192727901047"), std::string::npos)
      << f->message;
}

TEST(XgmiErrors, AGpuInNoHiveResetsAlone) {
  auto view = std::make_shared<EinvalView>();
  testing::FakePciFunction f = testing::Mi300x("0000:05:00.0");
  f.ras["xgmi_wafl_err_count"] = "ue: 1\nce: 0\n";
  f.Install(*view);
  const Finding* u = nullptr;
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  u = testing::FindFinding(out, "hardware.xgmi.wafl_uncorrectable");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->params.at("reset_bdfs"), "0000:05:00.0");
  EXPECT_NE(u->message.find("It is in no XGMI hive: a reset takes down this GPU alone."),
            std::string::npos)
      << u->message;
}

TEST(XgmiErrors, CorrectableWaflErrorsWarn) {
  auto view = Hive();
  view->File("/sys/bus/pci/devices/0000:65:00.0/ras/xgmi_wafl_err_count", "ue: 0\nce: 9\n");
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.xgmi.wafl_correctable");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("bdf"), "0000:65:00.0");
}

TEST(XgmiErrors, LegacyErrorStatusWarns) {
  auto view = Hive();
  view->File("/sys/bus/pci/devices/0000:05:00.0/xgmi_error", "3\n");
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.xgmi.error_status");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("3 XGMI errors"), std::string::npos) << f->message;
}

TEST(XgmiErrors, EinvalWithoutARasCounterIsUnknownNotSilence) {
  auto view = std::make_shared<EinvalView>();
  testing::FakePciFunction f = testing::HiveMember(*view, "0000:05:00.0", kHive, 0);
  view->Unreadable(f.Dir() + "/ras/xgmi_wafl_err_count");
  view->Einval(f.Dir() + "/xgmi_error");
  CheckOutcome out = testing::RunCheck("hardware.xgmi_errors", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* u = testing::FindFinding(out, "hardware.xgmi.health_unreadable");
  ASSERT_NE(u, nullptr);
  EXPECT_NE(u->message.find("EINVAL"), std::string::npos) << u->message;
}

TEST(XgmiErrors, NoHiveAndNoCounterSkips) {
  auto view = std::make_shared<EinvalView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  EXPECT_EQ(testing::RunCheck("hardware.xgmi_errors", view).status, Status::kSkip);
}

// The action ladder of issue 18 on this work's codes (include/rocm_doctor/finding_action.h).
TEST(DatacenterActions, EveryCodeCarriesItsAction) {
  const std::pair<const char*, FindingAction> expected[] = {
      {"hardware.xgmi.link_missing", FindingAction::kIsolate},
      {"hardware.xgmi.wafl_uncorrectable", FindingAction::kReset},
      {"hardware.xgmi.wafl_correctable", FindingAction::kMonitor},
      {"hardware.xgmi.error_status", FindingAction::kMonitor},
      {"hardware.xgmi.health_unreadable", FindingAction::kNone},
      {"hardware.partition.logical_count_mismatch", FindingAction::kIsolate},
      {"hardware.partition.memory_exceeds_compute", FindingAction::kNone},
      {"hardware.gpu.count_is_logical", FindingAction::kNone},
      {"hardware.throttle.active_at_rest", FindingAction::kMonitor},
      {"hardware.throttle.thermal_residency", FindingAction::kMonitor},
      {"hardware.throttle.metrics_unreadable", FindingAction::kNone},
  };
  for (const auto& [code, action] : expected) {
    SCOPED_TRACE(code);
    ASSERT_NE(Catalog::Instance().Find(code), nullptr);
    EXPECT_EQ(Catalog::Instance().ActionFor(code), action);
  }
}

}  // namespace
}  // namespace rocm_doctor
