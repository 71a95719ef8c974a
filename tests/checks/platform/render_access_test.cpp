// SPDX-License-Identifier: MIT
// driver.render_access: pass, permission denied, missing, container variants, unmatched.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "collect/device_nodes/node_access.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.render_access";

void InDocker(FakeSystemView& view) {
  view.File("/proc/self/cgroup", "12:pids:/docker/3f2a9c0b1d\n");
}

TEST(DriverRenderAccess, Passes) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "renderD128 (0000:c1:00.0) read-write for alice");
}

TEST(DriverRenderAccess, PermissionDenied) {
  auto view = HealthyMi300xHost();
  view->Node("/dev/kfd", KfdNodeInfo(0666));
  view->User(MakeUser("bob", 1001, {{"bob", 1001}, {"video", 44}}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.render_node.permission_denied");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("bob cannot open renderD128 (0000:c1:00.0) read-write"),
            std::string::npos)
      << f->message;
  EXPECT_EQ(f->params.at("bdf"), "0000:c1:00.0");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "sudo usermod -aG render,video bob  # needs root");
}

TEST(DriverRenderAccess, PendingMembershipIsNamed) {
  auto view = HealthyMi300xHost();
  view->User(Alice());
  view->File("/etc/group", "render:x:110:alice\n");
  const Finding* f = nullptr;
  CheckOutcome out = RunCheck(kCheck, view);
  f = FindFinding(out, "driver.render_node.permission_denied");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("log out and back in"), std::string::npos) << f->message;
}

TEST(DriverRenderAccess, MissingOnHost) {
  auto view = HealthyMi300xHost();
  view->Node("/dev/dri/renderD128", NodeInfo{});
  auto bare = std::make_shared<FakeSystemView>();
  AddAmdGpu(*bare, "0000:c1:00.0", "0x74a1");
  bare->Node("/dev/kfd", KfdNodeInfo());
  bare->User(AliceInRender());
  CheckOutcome out = RunCheck(kCheck, bare);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.render_node.missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("renderD128"), std::string::npos);
}

TEST(DriverRenderAccess, ContainerWithoutDri) {
  auto view = std::make_shared<FakeSystemView>();
  InDocker(*view);
  AddAmdGpu(*view, "0000:c1:00.0", "0x74a1");
  AddKfdCpuNode(*view, 0);
  AddKfdNode(*view, 1, GpuProperties(90402, 29857, 0xc100, 128));
  view->Node("/dev/kfd", KfdNodeInfo(0666));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "container.devices.not_passed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("docker container lacks renderD128"), std::string::npos) << f->message;
}

TEST(DriverRenderAccess, KubernetesPodWithOneOfTwoGpus) {
  // The device cgroup permits only renderD128: KFD answers EPERM for the other GPU's node.
  auto view = std::make_shared<FakeSystemView>();
  view->Env("KUBERNETES_SERVICE_HOST", "10.96.0.1");
  AddAmdGpu(*view, "0000:c1:00.0", "0x74a1", "amdgpu", 128);
  AddAmdGpu(*view, "0000:c2:00.0", "0x74a1", "amdgpu", 129);
  AddKfdCpuNode(*view, 0);
  AddKfdNode(*view, 1, GpuProperties(90402, 29857, 0xc100, 128));
  view->Unreadable(std::string(kTopo) + "/nodes/2/properties");
  view->Node("/dev/kfd", KfdNodeInfo(0666));
  view->Node("/dev/dri/renderD128", CharNode(0666, 0, 110, "root", "render"));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(DriverRenderAccess, ContainerGidMismatch) {
  auto view = HealthyMi300xHost();
  InDocker(*view);
  view->Node("/dev/kfd", KfdNodeInfo(0666));
  view->Node("/dev/dri/renderD128", CharNode(0660, 0, 993, "", ""));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "container.group.gid_mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("gid"), "993");
  EXPECT_NE(f->message.find("--group-add 993"), std::string::npos);
}

TEST(DriverRenderAccess, RootlessUnmapped) {
  auto view = HealthyMi300xHost();
  view->File("/run/.containerenv", "rootless=1\n");
  view->File("/proc/self/uid_map", "0 1000 1\n");
  view->User(MakeUser("root", 0, {{"root", 0}}));
  view->Node("/dev/dri/renderD128", CharNode(0660, kOverflowId, kOverflowId, "nobody", "nogroup"));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_TRUE(HasFinding(out, "container.group.unmapped")) << out.summary;
}

TEST(DriverRenderAccess, PartitionRenderNodesFromKfd) {
  // MI300X CPX: 8 KFD nodes of one GPU, each with its own render minor.
  auto view = HealthyMi300xHost();
  for (int p = 0; p < 8; ++p) {
    AddKfdNode(*view, 1 + p, GpuProperties(90402, 29857, 0xc100 + p, 128 + p, 7));
    if (p != 3) {
      view->Node("/dev/dri/renderD" + std::to_string(128 + p),
                 CharNode(0660, 0, 110, "root", "render", 226, 128 + p));
    }
  }
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.render_node.missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("renderD131 (0000:c1:00.0)"), std::string::npos) << f->message;
}

TEST(DriverRenderAccess, UnmatchedGpuIsUnknown) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:03:00.0", "0x744c", "amdgpu", 0);
  view->Node("/dev/kfd", KfdNodeInfo(0666));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.render_access.unmatched"));
}

TEST(DriverRenderAccess, VfioGpuIsNotJudged) {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:03:00.0", "0x744c", "vfio-pci", 0);
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

TEST(DriverRenderAccess, SkipsOnWsl) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/proc/version", "Linux version 5.15.167.4-microsoft-standard-WSL2\n");
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
