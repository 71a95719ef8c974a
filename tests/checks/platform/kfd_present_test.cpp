// SPDX-License-Identifier: MIT
// driver.kfd: pass, WSL skip, container passthrough, missing KFD, unreadable.
#include <gtest/gtest.h>

#include "checks/platform/platform_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "driver.kfd";

// A FakeSystemView whose stat of one path fails with a status.
class StatFails : public FakeSystemView {
 public:
  StatFails(std::string path, FsStatus status) : path_(std::move(path)), status_(status) {}
  NodeInfo Stat(std::string_view path) const override {
    if (path != path_) return FakeSystemView::Stat(path);
    NodeInfo info;
    info.status = status_;
    info.error = "Permission denied";
    return info;
  }

 private:
  std::string path_;
  FsStatus status_;
};

void InDocker(FakeSystemView& view) {
  view.File("/.dockerenv", "");
  view.File("/proc/self/cgroup", "12:pids:/docker/3f2a9c0b1d\n");
}

std::shared_ptr<FakeSystemView> HostWithoutDevKfd() {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:03:00.0", "0x744c");
  return view;
}

TEST(DriverKfd, PassesWhenDevKfdExists) {
  CheckOutcome out = RunCheck(kCheck, HealthyMi300xHost());
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "present (char 234:0)");
}

TEST(DriverKfd, SkipsOnWsl) {
  auto view = HostWithoutDevKfd();
  view->File("/proc/version", "Linux version 5.15.167.4-microsoft-standard-WSL2 (gcc) #1 SMP\n");
  view->Node("/dev/dxg", CharNode(0666, 0, 0, "root", "root", 10, 60));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "WSL2: ROCm uses /dev/dxg");
}

TEST(DriverKfd, ContainerWithoutDevicesPassedIn) {
  auto view = HostWithoutDevKfd();
  InDocker(*view);
  view->Dir("/sys/class/kfd/kfd/topology/nodes");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "container.devices.not_passed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("docker container has no /dev/kfd"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("and drives 0000:03:00.0"), std::string::npos) << f->message;
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_NE(fix.commands[0].find("--device=/dev/kfd --device=/dev/dri"), std::string::npos);
}

TEST(DriverKfd, ContainerOnAHostWithoutKfdBlamesTheHost) {
  auto view = HostWithoutDevKfd();
  InDocker(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.kfd.missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("host itself has no KFD"), std::string::npos) << f->message;
  EXPECT_FALSE(HasFinding(out, "container.devices.not_passed"));
}

TEST(DriverKfd, HostWithoutKfdSupport) {
  auto view = HostWithoutDevKfd();
  view->Log(KernelLog{.state = KernelLog::State::kOk,
                      .source = "/dev/kmsg",
                      .lines = {"kfd kfd: amdgpu: PITCAIRN  not supported in kfd"},
                      .error = ""});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "driver.kfd.missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("CONFIG_HSA_AMD"), std::string::npos) << f->message;
  bool has_log_line = false;
  for (const Evidence& e : f->evidence)
    has_log_line |= e.observed.find("not supported in kfd") != std::string::npos;
  EXPECT_TRUE(has_log_line);
}

TEST(DriverKfd, KfdInitialisedButNoDeviceNode) {
  auto view = HostWithoutDevKfd();
  view->File("/sys/class/kfd/kfd/dev", "234:0\n");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "driver.kfd.missing");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("dev 234:0"), std::string::npos) << f->message;
  EXPECT_NE(f->message.find("device node was not created"), std::string::npos);
}

TEST(DriverKfd, UnstatableIsUnknown) {
  auto view = std::make_shared<StatFails>("/dev/kfd", FsStatus::kPermissionDenied);
  AddAmdGpu(*view, "0000:03:00.0", "0x744c");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "driver.kfd.unreadable"));
}

}  // namespace
}  // namespace rocm_doctor::testing
