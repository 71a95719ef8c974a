// SPDX-License-Identifier: MIT
// runtime.hip_load: loads, dlopen error verbatim, timeout, crash, no answer, not recorded.
#include <gtest/gtest.h>

#include "support/check_harness.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "runtime.hip_load";
constexpr char kLib[] = "/opt/rocm-6.2.0/lib/libamdhip64.so.6";

std::shared_ptr<FakeSystemView> Host(CommandOutcome outcome) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  view->Command("hip-load", std::move(outcome));
  return view;
}

TEST(RuntimeHipLoad, Loads) {
  CheckOutcome out = RunCheck(kCheck, Host(Loaded(kLib)));
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary, std::string(kLib) + " loads");
}

TEST(RuntimeHipLoad, LoadFailedWithTheLoadersMessage) {
  const std::string error =
      "libhsa-runtime64.so.1: cannot open shared object file: No such file or directory";
  CheckOutcome out =
      RunCheck(kCheck, Host(Exited(std::string("[{\"library\":\"") + kLib +
                                   "\",\"loaded\":false,\"error\":\"" + error + "\"}]\n")));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "runtime.hip.load_failed");
  ASSERT_NE(f, nullptr) << out.summary;
  ASSERT_FALSE(f->evidence.empty());
  EXPECT_EQ(f->evidence[0].observed, error);
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(fix.commands[0], std::string("ldd ") + kLib + " | grep 'not found'");
}

TEST(RuntimeHipLoad, Timeout) {
  CommandOutcome timed_out;
  timed_out.state = CommandOutcome::State::kTimedOut;
  timed_out.signal = 9;
  CheckOutcome out = RunCheck(kCheck, Host(timed_out));
  EXPECT_EQ(out.status, Status::kTimeout);
  EXPECT_TRUE(HasFinding(out, "runtime.hip_load.timeout"));
}

TEST(RuntimeHipLoad, CrashNamesTheSignal) {
  CommandOutcome crashed;
  crashed.state = CommandOutcome::State::kSignaled;
  crashed.signal = 11;
  crashed.err = "free(): invalid pointer\n";
  CheckOutcome out = RunCheck(kCheck, Host(crashed));
  EXPECT_EQ(out.status, Status::kError);
  const Finding* f = FindFinding(out, "runtime.hip_load.crashed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message, std::string("loading ") + kLib + " crashed the process (SIGSEGV)");
  ASSERT_EQ(f->evidence.size(), 2u);
  EXPECT_EQ(f->evidence[1].observed, "free(): invalid pointer");
}

TEST(RuntimeHipLoad, NoAnswerIsUnknown) {
  CheckOutcome out = RunCheck(kCheck, Host(Exited("", 2)));
  EXPECT_EQ(out.status, Status::kUnknown);
  const Finding* f = FindFinding(out, "runtime.hip_load.probe_failed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->message, "the load probe gave no answer: exit 2: output is not JSON");
}

TEST(RuntimeHipLoad, SpawnFailedIsUnknown) {
  CommandOutcome failed;
  failed.state = CommandOutcome::State::kSpawnFailed;
  failed.error = "rocm-doctor: No such file or directory";
  CheckOutcome out = RunCheck(kCheck, Host(failed));
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "runtime.hip_load.probe_failed"));
}

TEST(RuntimeHipLoad, NotRecordedSkips) {
  auto view = std::make_shared<FakeSystemView>();
  AddRocm620(*view);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary, "not recorded in this capture");
}

TEST(RuntimeHipLoad, NothingToLoadSkips) {
  CheckOutcome out = RunCheck(kCheck, std::make_shared<FakeSystemView>());
  EXPECT_EQ(out.status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
