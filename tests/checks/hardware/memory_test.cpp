// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/fake_pci.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

std::shared_ptr<FakeSystemView> Host(int gpus, const std::string& meminfo) {
  auto view = std::make_shared<FakeSystemView>();
  for (int i = 0; i < gpus; ++i) {
    testing::Mi300x("0000:" + std::to_string(10 + i) + ":00.0").Install(*view);
  }
  view->File("/proc/meminfo", meminfo);
  return view;
}

TEST(HardwareMemory, EnoughRamPasses) {
  // A host with 32 GiB of DIMMs: MemTotal is a little lower than 32 GiB.
  CheckOutcome out = testing::RunCheck("hardware.memory", Host(1, "MemTotal:       32567104 kB\n"));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "31.1 GiB RAM (32 GiB recommended for 1 GPU)");
}

TEST(HardwareMemory, LowRamForEightGpusWarns) {
  CheckOutcome out = testing::RunCheck("hardware.memory", Host(8, "MemTotal:       65536000 kB\n"));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* low = testing::FindFinding(out, "hardware.memory.low");
  ASSERT_NE(low, nullptr);
  EXPECT_NE(low->message.find("below the 144 GiB recommended for 8 GPUs"), std::string::npos)
      << low->message;
  EXPECT_EQ(low->evidence.at(0).source, "/proc/meminfo");
}

TEST(HardwareMemory, ThresholdsComeFromOptions) {
  CheckOptions small;
  small.ram_gib_first_gpu = 8;
  small.ram_gib_per_extra_gpu = 4;
  auto view = Host(2, "MemTotal: 16000000 kB\n");
  EXPECT_EQ(testing::RunCheck("hardware.memory", view, small).status, Status::kPass);
  EXPECT_EQ(testing::RunCheck("hardware.memory", view).status, Status::kWarn);
}

TEST(HardwareMemory, UnreadableMeminfoIsUnknown) {
  auto view = Host(1, "");
  view->Unreadable("/proc/meminfo");
  CheckOutcome out = testing::RunCheck("hardware.memory", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(out, "hardware.memory.unknown"));
}

}  // namespace
}  // namespace rocm_doctor
