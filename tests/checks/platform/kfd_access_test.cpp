// SPDX-License-Identifier: MIT
// driver.kfd_access: pass, permission denied (and pending), container gid mismatch, rootless.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "collect/device_nodes/node_access.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.kfd_access";

TEST(DriverKfdAccess, PassesForGroupMember) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "read-write for alice: crw-rw---- root:render");
}

TEST(DriverKfdAccess, PassesForRoot) {
  auto view = HealthyMi300xHost();
  view->User(MakeUser("root", 0, {{"root", 0}}));
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
}

TEST(DriverKfdAccess, UserNotInRender) {
  auto view = HealthyMi300xHost();
  view->User(Alice());
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.kfd.permission_denied");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(
      f->message,
      "/dev/kfd is crw-rw---- root:render; alice (groups: alice, sudo) is not in group render; the "
      "other bits do not allow read-write");
  EXPECT_EQ(f->params.at("user"), "alice");
  EXPECT_EQ(f->params.at("group"), "render");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_EQ(fix.commands[0], "sudo usermod -aG render,video alice  # needs root");
  EXPECT_TRUE(fix.requires_root);
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence[0].source, "/dev/kfd");
}

TEST(DriverKfdAccess, AddedToGroupButNotLoggedInAgain) {
  auto view = HealthyMi300xHost();
  view->User(Alice());
  view->File("/etc/group", "render:x:110:alice\n");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.kfd.permission_denied");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("log out and back in (or `newgrp render`)"), std::string::npos)
      << f->message;
}

TEST(DriverKfdAccess, ContainerGidMismatch) {
  auto view = HealthyMi300xHost();
  view->File("/proc/self/cgroup", "0::/system.slice/docker-3f2a9c0b1d4e.scope\n");
  // The host's render gid 109 has no name in the image; the app user has the image's video.
  view->Node("/dev/kfd", CharNode(0660, 0, 109, "root", "", 234, 0));
  view->User(MakeUser("app", 1000, {{"app", 1000}, {"video", 44}}));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "container.group.gid_mismatch");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("--group-add 109"), std::string::npos) << f->message;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_NE(fix.commands[0].find("--group-add 109"), std::string::npos);
  EXPECT_FALSE(HasFinding(out, "driver.kfd.permission_denied"));
}

TEST(DriverKfdAccess, RootlessContainerNogroup) {
  auto view = HealthyMi300xHost();
  view->File("/run/.containerenv", "rootless=1\n");
  view->File("/proc/self/uid_map", "0 1000 1\n1 100000 65536\n");
  view->Node("/dev/kfd", CharNode(0660, kOverflowId, kOverflowId, "nobody", "nogroup", 234, 0));
  view->User(MakeUser("root", 0, {{"root", 0}}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "container.group.unmapped");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("uid_map 0 1000 1"), std::string::npos) << f->message;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_NE(fix.commands[0].find("keep-groups"), std::string::npos);
}

TEST(DriverKfdAccess, SkipsWithoutDevKfd) {
  auto view = std::make_shared<FakeSystemView>();
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
