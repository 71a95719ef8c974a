// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "rocm_doctor/facts/ras.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

RasFacts Collect(FakeSystemView& view) { return CollectFacts<RasFacts>(view); }

TEST(RasCollector, ReadsPagesThresholdAndUptime) {
  FakeSystemView view;
  testing::FakePciFunction gpu = testing::Mi300x("0000:05:00.0");
  gpu.ras["gpu_vram_bad_pages"] = "0x00000001 : 0x00001000 : R\n0x00000002 : 0x00001000 : P\n";
  gpu.Install(view);
  testing::Rx7900Xtx("0000:03:00.0").Install(view);  // no ras/: not listed
  view.File("/sys/module/amdgpu/parameters/bad_page_threshold", "-1\n");
  view.File("/proc/uptime", "54000.25 410000.00\n");
  RasFacts facts = Collect(view);
  ASSERT_EQ(facts.gpus.size(), 1u);
  const GpuRasPages& g = facts.gpus[0];
  EXPECT_EQ(g.bdf, "0000:05:00.0");
  ASSERT_TRUE(g.pages.known()) << g.pages.error;
  EXPECT_EQ(g.pages.source, "/sys/bus/pci/devices/0000:05:00.0/ras/gpu_vram_bad_pages");
  EXPECT_EQ(g.Count('R'), 1u);
  EXPECT_EQ(g.Count('P'), 1u);
  EXPECT_EQ(g.Count('F'), 0u);
  ASSERT_TRUE(facts.uptime_seconds.known());
  EXPECT_DOUBLE_EQ(*facts.uptime_seconds, 54000.25);
  EXPECT_EQ(*facts.bad_page_threshold_param, -1);
  EXPECT_FALSE(facts.cper.empty());
  // amdgpu_ras_validate_threshold: VRAM / RAS_BAD_PAGE_COVER (100 MiB); 206141652992 B -> 1965.
  std::string why;
  EXPECT_EQ(RetirementThreshold(facts, g, why), 1965u);
}

TEST(RasCollector, ThresholdFollowsTheParameter) {
  RasFacts facts;
  GpuRasPages gpu;
  gpu.vram_total_bytes = Fact<std::uint64_t>::Known(206141652992, "mem_info_vram_total");
  std::string why;
  facts.bad_page_threshold_param = Fact<std::int64_t>::Known(128, "p");
  EXPECT_EQ(RetirementThreshold(facts, gpu, why), 128u);
  facts.bad_page_threshold_param = Fact<std::int64_t>::Known(-2, "p");
  EXPECT_EQ(RetirementThreshold(facts, gpu, why), 1965u);
  facts.bad_page_threshold_param = Fact<std::int64_t>::Known(0, "p");
  EXPECT_EQ(RetirementThreshold(facts, gpu, why), std::nullopt);
  EXPECT_NE(why.find("disabled"), std::string::npos);
  facts.bad_page_threshold_param = Fact<std::int64_t>::Unknown("p", "not found");
  EXPECT_EQ(RetirementThreshold(facts, gpu, why), std::nullopt);
  EXPECT_NE(why.find("unknown"), std::string::npos);
}

TEST(RasCollector, MissingListIsNotReportedAndADeniedOneIsUnknown) {
  FakeSystemView view;
  testing::Mi300x("0000:05:00.0").Install(view);
  testing::FakePciFunction denied = testing::Mi300x("0000:15:00.0");
  denied.Install(view);
  view.Unreadable("/sys/bus/pci/devices/0000:15:00.0/ras/gpu_vram_bad_pages");
  RasFacts facts = Collect(view);
  ASSERT_EQ(facts.gpus.size(), 2u);
  EXPECT_FALSE(facts.gpus[0].pages.known());
  EXPECT_TRUE(NotReported(facts.gpus[0].pages.error)) << facts.gpus[0].pages.error;
  EXPECT_FALSE(facts.gpus[1].pages.known());
  EXPECT_FALSE(NotReported(facts.gpus[1].pages.error)) << facts.gpus[1].pages.error;
  EXPECT_FALSE(facts.uptime_seconds.known());
  EXPECT_FALSE(facts.bad_page_threshold_param.known());
}

TEST(RasCollector, MalformedUptimeIsUnknown) {
  FakeSystemView view;
  view.File("/proc/uptime", "soon\n");
  EXPECT_FALSE(Collect(view).uptime_seconds.known());
}

}  // namespace
}  // namespace rocm_doctor
