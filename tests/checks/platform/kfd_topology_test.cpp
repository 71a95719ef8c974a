// SPDX-License-Identifier: MIT
// driver.kfd_topology: summary, partitions, unreadable nodes, GPUs without a KFD node.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.kfd_topology";

TEST(DriverKfdTopology, Passes) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "1 GPU node: gfx942 \u00d71");
}

TEST(DriverKfdTopology, Mi300xPartitions) {
  auto view = HealthyMi300xHost();
  for (int p = 0; p < 8; ++p) {
    AddKfdNode(*view, 1 + p, GpuProperties(90402, 29857, 0xc100 + p, 128 + p, 7));
  }
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "8 GPU nodes: gfx942 \u00d78 on 1 device");
}

TEST(DriverKfdTopology, MixedTargets) {
  auto view = HealthyMi300xHost();
  AddAmdGpu(*view, "0000:64:00.0", "0x15bf", "amdgpu", 129);
  AddKfdNode(*view, 2, kPhoenixGpuProperties);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "2 GPU nodes: gfx1103 \u00d71, gfx942 \u00d71");
}

TEST(DriverKfdTopology, AbsentTopologyIsUnknown) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:03:00.0", "0x744c");
  view->Node("/dev/kfd", KfdNodeInfo());
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "driver.kfd_topology.unreadable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("/sys/class/kfd/kfd/topology does not exist"), std::string::npos);
}

TEST(DriverKfdTopology, MoreNodesThanAnyHostIsUnknown) {
  // A hostile machine directory: thousands of copies of one GPU node (issue 5).
  auto view = HealthyMi300xHost();
  for (int n = 2; n < static_cast<int>(kMaxKfdNodes) + 10; ++n) {
    AddKfdNode(*view, n, GpuProperties(90402, 29857, 0xc100, 128, 7));
  }
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown) << out.summary;
  const Finding* f = FindFinding(out, "driver.kfd_topology.unreadable");
  ASSERT_NE(f, nullptr);
  const std::string listed = std::to_string(kMaxKfdNodes + 10);
  EXPECT_NE(f->message.find("/sys/class/kfd/kfd/topology/nodes lists " + listed + " nodes"),
            std::string::npos)
      << f->message;
}

TEST(DriverKfdTopology, RefusedNodeOnHostIsUnknown) {
  auto view = HealthyMi300xHost();
  view->Unreadable(std::string(kTopo) + "/nodes/2/properties");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "driver.kfd_topology.unreadable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("/sys/class/kfd/kfd/topology/nodes/2/properties: permission denied"),
            std::string::npos)
      << f->message;
  EXPECT_NE(f->message.find("device cgroup"), std::string::npos);
}

TEST(DriverKfdTopology, RefusedNodesInContainerAreOtherPodsGpus) {
  auto view = HealthyMi300xHost();
  view->Env("KUBERNETES_SERVICE_HOST", "10.96.0.1");
  AddAmdGpu(*view, "0000:c2:00.0", "0x74a1", "amdgpu", 129);
  view->Unreadable(std::string(kTopo) + "/nodes/2/properties");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("1 more not permitted in this container"), std::string::npos);
}

TEST(DriverKfdTopology, GpuWithoutKfdNode) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:01:00.0", "0x6818");
  view->Node("/dev/kfd", KfdNodeInfo());
  AddKfdCpuNode(*view, 0);
  view->Log(KernelLog{.state = KernelLog::State::kOk,
                      .source = "/dev/kmsg",
                      .lines = {"kfd kfd: amdgpu: PITCAIRN  not supported in kfd"},
                      .error = ""});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.kfd_topology.gpu_missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("amdgpu drives 0000:01:00.0 but KFD has no GPU node"),
            std::string::npos)
      << f->message;
  bool log_line = false;
  for (const Evidence& e : f->evidence)
    log_line |= e.observed.find("PITCAIRN") != std::string::npos;
  EXPECT_TRUE(log_line);
}

TEST(DriverKfdTopology, DisplayGpuWithoutNodeNextToAComputeGpu) {
  auto view = HealthyMi300xHost();
  AddAmdGpu(*view, "0000:01:00.0", "0x6818", "amdgpu", 129);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn);
  EXPECT_TRUE(HasFinding(out, "driver.kfd_topology.gpu_partial"));
}

TEST(DriverKfdTopology, VfioBoundGpuNeedsNoNode) {
  auto view = HealthyMi300xHost();
  AddAmdGpu(*view, "0000:02:00.0", "0x74a1", "vfio-pci", 0);
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
}

}  // namespace
}  // namespace rocm_doctor::testing
