// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakePciFunction;
using testing::FakeSystemView;

CheckOutcome RunBar(const std::vector<FakePciFunction>& gpus, const CheckOptions& options = {}) {
  auto view = std::make_shared<FakeSystemView>();
  for (const FakePciFunction& f : gpus) f.Install(*view);
  return testing::RunCheck("hardware.bar", view, options);
}

TEST(HardwareBar, LargeBarPasses) {
  // amdgpu-sysfs-rs rx6900xt: vis == total == 17163091968 bytes.
  FakePciFunction f = testing::Rx7900Xtx();
  f.device = "0x73bf";
  f.revision = "0xc0";
  f.vram_total = "17163091968";
  f.vis_vram_total = "17163091968";
  CheckOutcome out = RunBar({f});
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "16368 MiB of 16368 MiB VRAM visible to the CPU");
  // Issue 15: the pass carries the two sizes it read.
  ASSERT_EQ(out.evidence.size(), 2u);
  EXPECT_EQ(out.evidence[0].source, "/sys/bus/pci/devices/0000:03:00.0/mem_info_vis_vram_total");
  EXPECT_EQ(out.evidence[0].observed, "16368 MiB (17163091968 bytes)");
  EXPECT_EQ(out.evidence[0].expected, "at least 90% of 16368 MiB");
  EXPECT_EQ(out.evidence[1].source, "/sys/bus/pci/devices/0000:03:00.0/mem_info_vram_total");
}

// Many GPUs: the first four GPUs' lines, then one line counting the rest.
TEST(HardwareBar, PassEvidenceOfManyGpusEndsInACount) {
  std::vector<FakePciFunction> gpus;
  for (const char* bdf : {"0000:03:00.0", "0000:13:00.0", "0000:23:00.0", "0000:33:00.0",
                          "0000:43:00.0", "0000:53:00.0"}) {
    FakePciFunction f = testing::Rx7900Xtx(bdf);
    f.vram_total = "17163091968";
    f.vis_vram_total = "17163091968";
    gpus.push_back(f);
  }
  CheckOutcome out = RunBar(gpus);
  ASSERT_EQ(out.status, Status::kPass) << out.summary;
  ASSERT_EQ(out.evidence.size(), 9u);
  EXPECT_EQ(out.evidence[6].source, "/sys/bus/pci/devices/0000:33:00.0/mem_info_vis_vram_total");
  EXPECT_EQ(out.evidence[8].source, "2 more GPUs");
  EXPECT_EQ(out.evidence[8].observed,
            "16368 MiB of 16368 MiB visible on each (0000:43:00.0, 0000:53:00.0)");
}

TEST(HardwareBar, SmallBarWarns) {
  // LACT r7-240: 256 MiB of 2048 MiB visible.
  FakePciFunction f = testing::Rx7900Xtx("0000:01:00.0");
  f.device = "0x6617";
  f.revision = "0x87";
  f.vram_total = "2147483648";
  f.vis_vram_total = "268435456";
  CheckOutcome out = RunBar({f});
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* bar = testing::FindFinding(out, "hardware.bar.small");
  ASSERT_NE(bar, nullptr);
  EXPECT_NE(bar->message.find("Only 256 MiB of the 2048 MiB VRAM of AMD Radeon R7 200 Series"),
            std::string::npos)
      << bar->message;
  EXPECT_NE(bar->message.find("Above 4G Decoding and Resizable BAR"), std::string::npos);
  EXPECT_EQ(bar->params.at("bdf"), "0000:01:00.0");
  EXPECT_EQ(bar->params.at("visible_mib"), "256");
  ASSERT_EQ(bar->evidence.size(), 2u);
  EXPECT_EQ(bar->evidence[0].source, "/sys/bus/pci/devices/0000:01:00.0/mem_info_vis_vram_total");
}

TEST(HardwareBar, ThresholdComesFromOptions) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.vram_total = "1000";
  f.vis_vram_total = "500";
  CheckOptions lenient;
  lenient.min_visible_vram_fraction = 0.4;
  EXPECT_EQ(RunBar({f}, lenient).status, Status::kPass);
  EXPECT_EQ(RunBar({f}).status, Status::kWarn);
}

TEST(HardwareBar, ApuSkips) {
  FakePciFunction apu = testing::Phoenix780m();
  apu.vis_vram_total = "268435456";  // would be "small" on a dGPU
  CheckOutcome out = RunBar({apu});
  EXPECT_EQ(out.status, Status::kSkip);
}

TEST(HardwareBar, AmdgpuNotBoundSkips) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.vram_total = std::nullopt;
  f.vis_vram_total = std::nullopt;
  f.driver = std::nullopt;
  CheckOutcome out = RunBar({f});
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("amdgpu not bound"), std::string::npos) << out.summary;
}

TEST(HardwareBar, GarbageIsUnknown) {
  FakePciFunction f = testing::Rx7900Xtx();
  f.vis_vram_total = "lots";
  CheckOutcome out = RunBar({f});
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.bar.unreadable"));
}

}  // namespace
}  // namespace rocm_doctor
