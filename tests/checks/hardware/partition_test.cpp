// SPDX-License-Identifier: MIT
// hardware.partition and hardware.gpu_count's logical count (issue 18).
#include <gtest/gtest.h>

#include <memory>

#include "checks/hardware/datacenter_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor {
namespace {

using testing::KfdGpuNode;

// `gpus` MI300X in `mode` with `nodes_each` KFD nodes each (the last GPU `last_nodes`).
std::shared_ptr<testing::EinvalView> Node(int gpus, const std::string& mode, int nodes_each,
                                          int last_nodes, const std::string& memory = "NPS1") {
  auto view = std::make_shared<testing::EinvalView>();
  int index = 2;
  for (int g = 0; g < gpus; ++g) {
    char bdf[16];
    std::snprintf(bdf, sizeof bdf, "0000:%02x:00.0", 0x05 + 0x20 * g);
    testing::FakePciFunction f = testing::Mi300x(bdf);
    f.Install(*view);
    view->File(f.Dir() + "/current_compute_partition", mode + "\n");
    view->File(f.Dir() + "/available_compute_partition", "SPX, DPX, QPX, CPX\n");
    view->File(f.Dir() + "/current_memory_partition", memory + "\n");
    view->File(f.Dir() + "/available_memory_partition", "NPS1, NPS4\n");
    const int nodes = g == gpus - 1 ? last_nodes : nodes_each;
    for (int p = 0; p < nodes; ++p) {
      testing::InstallKfdNode(*view, {.index = index++, .bdf = bdf, .partition = p,
                                      .unique_id = static_cast<std::uint64_t>(100 + g)});
    }
  }
  return view;
}

TEST(HardwarePartition, CpxNodeCountsEightPhysicalAndSixtyFourLogical) {
  CheckOutcome out = testing::RunCheck("hardware.partition", Node(8, "CPX", 8, 8));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "8 physical GPUs (8 in CPX/NPS1), 64 logical GPUs");
}

TEST(HardwarePartition, AMissingCpxPartitionFails) {
  // The real 8 x MI300X CPX capture has 7 KFD nodes for its last GPU.
  CheckOutcome out = testing::RunCheck("hardware.partition", Node(8, "CPX", 8, 7));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = testing::FindFinding(out, "hardware.partition.logical_count_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->params.at("bdf"), "0000:e5:00.0");
  EXPECT_NE(f->message.find("CPX mode, which makes 8 logical GPUs of it, but the KFD topology "
                            "shows 7 nodes for it: 1 partition(s) missing."),
            std::string::npos)
      << f->message;
}

TEST(HardwarePartition, DpxMakesTwo) {
  EXPECT_EQ(testing::RunCheck("hardware.partition", Node(2, "DPX", 2, 2)).status, Status::kPass);
  CheckOutcome out = testing::RunCheck("hardware.partition", Node(2, "DPX", 2, 1));
  EXPECT_TRUE(testing::HasFinding(out, "hardware.partition.logical_count_mismatch"));
}

TEST(HardwarePartition, MoreMemoryThanComputePartitionsWarns) {
  CheckOutcome out = testing::RunCheck("hardware.partition", Node(1, "DPX", 2, 2, "NPS4"));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.partition.memory_exceeds_compute");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("NPS4 (4 memory partitions) with DPX (2 compute partitions)"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(testing::RunCheck("hardware.partition", Node(1, "CPX", 8, 8, "NPS4")).status,
            Status::kPass);
}

TEST(HardwarePartition, NoKfdNodeIsLeftToTheKfdChecks) {
  CheckOutcome out = testing::RunCheck("hardware.partition", Node(1, "CPX", 0, 0));
  EXPECT_FALSE(testing::HasFinding(out, "hardware.partition.logical_count_mismatch"));
}

TEST(HardwarePartition, NoPartitionAttributeSkips) {
  auto view = std::make_shared<testing::EinvalView>();
  testing::Mi300x("0000:05:00.0").Install(*view);
  EXPECT_EQ(testing::RunCheck("hardware.partition", view).status, Status::kSkip);
}

CheckOptions ExpectGpus(int n) {
  CheckOptions o;
  o.expect_gpus = n;
  return o;
}

TEST(HardwareGpuCount, TheLogicalCountGivenSaysWhichItIs) {
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", Node(8, "CPX", 8, 8), ExpectGpus(64));
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* f = testing::FindFinding(out, "hardware.gpu.count_is_logical");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("--expect-gpus 64 is the number of logical GPUs"), std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("8 on the PCI bus"), std::string::npos) << f->message;
  EXPECT_EQ(f->params.at("found"), "8");
  EXPECT_EQ(testing::RunCheck("hardware.gpu_count", Node(8, "CPX", 8, 8), ExpectGpus(8)).status,
            Status::kPass);
}

TEST(HardwareGpuCount, AnotherMismatchNamesBothCounts) {
  CheckOutcome out = testing::RunCheck("hardware.gpu_count", Node(8, "CPX", 8, 8), ExpectGpus(32));
  const Finding* f = testing::FindFinding(out, "hardware.gpu.count_mismatch");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("partitioned, they show as 64 logical GPUs"), std::string::npos)
      << f->message;
}

}  // namespace
}  // namespace rocm_doctor
