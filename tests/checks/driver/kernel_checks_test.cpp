// SPDX-License-Identifier: MIT
// driver.kernel and driver.kernel_log.
#include <gtest/gtest.h>

#include "checks/driver/driver_fake.h"

namespace rocm_doctor::testing {
namespace {

TEST(DriverKernel, PassesWithReleaseAndInTreeDriver) {
  auto view = NewView();
  LoadAmdgpu(*view);
  CheckOutcome out = RunCheck("driver.kernel", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "Linux 6.8.0-45-generic · amdgpu in-tree");
}

TEST(DriverKernel, NamesTheDkmsDriver) {
  auto view = NewView();
  LoadAmdgpu(*view, "6.10.5");
  CheckOutcome out = RunCheck("driver.kernel", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "Linux 6.8.0-45-generic · amdgpu DKMS 6.10.5");
}

TEST(DriverKernel, SaysWhenAmdgpuIsNotLoaded) {
  auto view = NewView();
  CheckOutcome out = RunCheck("driver.kernel", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "Linux 6.8.0-45-generic · amdgpu not loaded");
}

TEST(DriverKernel, FallsBackToProcVersion) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/proc/version", "Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org)\n");
  CheckOutcome out = RunCheck("driver.kernel", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary.rfind("Linux 6.1.0-18-amd64", 0), 0u) << out.summary;
}

TEST(DriverKernel, UnknownWithoutRelease) {
  auto view = std::make_shared<FakeSystemView>();
  CheckOutcome out = RunCheck("driver.kernel", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.kernel.unknown"));
}

TEST(DriverKernelLog, PassesWhenReadable) {
  auto view = NewView();
  view->Log(LogOf({"Linux version 6.8.0", "amdgpu 0000:03:00.0: amdgpu: GPU reset begin!"}));
  CheckOutcome out = RunCheck("driver.kernel_log", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, "2 lines from /dev/kmsg · 1 amdgpu event");
}

// Issue 15: a readable log of 0 lines passed nothing: information, not a pass.
TEST(DriverKernelLog, AnEmptyLogIsInformationNotAPass) {
  auto view = NewView();
  view->Log(LogOf({}));
  CheckOutcome out = RunCheck("driver.kernel_log", view);
  EXPECT_EQ(out.status, Status::kInfo) << out.summary;
  EXPECT_EQ(out.summary, "0 lines from /dev/kmsg");
  EXPECT_TRUE(out.findings.empty());
}

TEST(DriverKernelLog, UnknownWhenUnreadable) {
  auto view = NewView();
  KernelLog log;
  log.state = KernelLog::State::kUnreadable;
  log.source = "/dev/kmsg";
  log.error = "permission denied; dmesg: read kernel buffer failed: Operation not permitted";
  view->Log(log);
  CheckOutcome out = RunCheck("driver.kernel_log", view);
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "driver.kernel_log.unreadable");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("Operation not permitted"), std::string::npos);
  ExpectCommandsFilled(*f);
}

TEST(DriverKernelLog, SkipsWhenNotRecorded) {
  auto view = NewView();
  CheckOutcome out = RunCheck("driver.kernel_log", view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "not recorded in this capture");
}

TEST(DriverKernelLog, BoundsTheEventsKept) {
  auto view = NewView();
  std::vector<std::string> lines(1000, "amdgpu 0000:03:00.0: amdgpu: GPU reset begin!");
  view->Log(LogOf(lines));
  FactStore facts(view);
  EXPECT_EQ(facts.KernelLog().events.size(), kMaxKernelLogEventsPerKind);
  EXPECT_TRUE(facts.KernelLog().events_truncated);
  EXPECT_EQ(facts.KernelLog().line_count, 1000u);
}

}  // namespace
}  // namespace rocm_doctor::testing
