// SPDX-License-Identifier: MIT
// The partition modes of each GPU in the report's gpus[] (issue 19): read from sysfs by the
// report builder, written by the JSON reporter only for a GPU that has them, so `fleet
// summarize` and `fleet baseline` can group benchmark figures per model and partition.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "checks/hardware/datacenter_fixture.h"
#include "core/report_builder.h"
#include "rocm_doctor/reporters.h"

namespace rocm_doctor {
namespace {

// Three MI300X: one in CPX/NPS4, one whose compute mode cannot be read (EINVAL), and one whose
// driver has no partition attributes (as an MI250X or a Radeon).
std::shared_ptr<testing::EinvalView> ThreeGpus() {
  auto view = std::make_shared<testing::EinvalView>();
  const testing::FakePciFunction cpx = testing::Mi300x("0000:05:00.0");
  cpx.Install(*view);
  view->File(cpx.Dir() + "/current_compute_partition", "CPX\n");
  view->File(cpx.Dir() + "/current_memory_partition", "NPS4\n");
  const testing::FakePciFunction unreadable = testing::Mi300x("0000:25:00.0");
  unreadable.Install(*view);
  view->Einval(unreadable.Dir() + "/current_compute_partition");
  view->File(unreadable.Dir() + "/current_memory_partition", "NPS1\n");
  testing::Mi300x("0000:45:00.0").Install(*view);
  return view;
}

TEST(ReportGpus, CarryThePartitionModesSysfsShows) {
  const FactStore facts(ThreeGpus());
  const Report report = BuildReport(EngineResult{}, facts, ReportContext{});
  ASSERT_EQ(report.gpus.size(), 3u);
  EXPECT_EQ(report.gpus[0].pci, "0000:05:00.0");
  EXPECT_TRUE(report.gpus[0].partition_modes);
  EXPECT_EQ(report.gpus[0].compute_partition, "CPX");
  EXPECT_EQ(report.gpus[0].memory_partition, "NPS4");
  EXPECT_TRUE(report.gpus[1].partition_modes) << "the attribute is there, its value unknown";
  EXPECT_FALSE(report.gpus[1].compute_partition);
  EXPECT_EQ(report.gpus[1].memory_partition, "NPS1");
  EXPECT_FALSE(report.gpus[2].partition_modes);
  EXPECT_FALSE(report.gpus[2].compute_partition);

  const nlohmann::json j = ReportToJson(report);
  EXPECT_EQ(j["gpus"][0]["compute_partition"], "CPX");
  EXPECT_EQ(j["gpus"][0]["memory_partition"], "NPS4");
  ASSERT_TRUE(j["gpus"][1].contains("compute_partition"));
  EXPECT_TRUE(j["gpus"][1]["compute_partition"].is_null()) << "unknown is null, never a guess";
  EXPECT_FALSE(j["gpus"][2].contains("compute_partition")) << "no modes: the keys are left out";
  EXPECT_FALSE(j["gpus"][2].contains("memory_partition"));
}

}  // namespace
}  // namespace rocm_doctor
