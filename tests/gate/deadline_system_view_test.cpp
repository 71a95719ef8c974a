// SPDX-License-Identifier: MIT
#include "gate/deadline_system_view.h"

#include <gtest/gtest.h>

#include "support/fake_system_view.h"
#include "system/live_system_view.h"

namespace rocm_doctor::gate {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

// Remembers the timeout each command was given.
class TimeoutRecorder : public testing::FakeSystemView {
 public:
  CommandOutcome Run(const CommandSpec& spec) const override {
    timeouts.push_back(spec.timeout);
    CommandOutcome out;
    out.state = CommandOutcome::State::kExited;
    out.exit_code = 0;
    return out;
  }
  mutable std::vector<milliseconds> timeouts;
};

CommandSpec Spec(milliseconds timeout) {
  CommandSpec spec;
  spec.name = "probe";
  spec.argv = {"true"};
  spec.timeout = timeout;
  return spec;
}

TEST(DeadlineSystemView, CutsACommandsTimeoutToTheTimeLeftBeforeTheReserve) {
  auto inner = std::make_shared<TimeoutRecorder>();
  inner->Replay(false);
  DeadlineSystemView view(inner, Clock::now() + milliseconds(4000), milliseconds(1000));
  view.Run(Spec(milliseconds(20000)));
  view.Run(Spec(milliseconds(500)));
  ASSERT_EQ(inner->timeouts.size(), 2u);
  EXPECT_LE(inner->timeouts[0], milliseconds(3000));
  EXPECT_GT(inner->timeouts[0], milliseconds(2000));
  EXPECT_EQ(inner->timeouts[1], milliseconds(500)) << "a shorter timeout is kept";
}

TEST(DeadlineSystemView, PastTheDeadlineNothingIsStarted) {
  auto inner = std::make_shared<TimeoutRecorder>();
  inner->Replay(false);
  DeadlineSystemView view(inner, Clock::now(), milliseconds(100));
  CommandOutcome out = view.Run(Spec(milliseconds(20000)));
  EXPECT_EQ(out.state, CommandOutcome::State::kTimedOut);
  EXPECT_NE(out.error.find("deadline"), std::string::npos);
  EXPECT_TRUE(inner->timeouts.empty());
}

TEST(DeadlineSystemView, ReplayIsServedUnchanged) {
  auto inner = std::make_shared<testing::FakeSystemView>();  // a replay by default
  CommandOutcome recorded;
  recorded.state = CommandOutcome::State::kExited;
  recorded.exit_code = 0;
  recorded.out = "{}";
  inner->Command("probe", recorded);
  DeadlineSystemView view(inner, Clock::now() - milliseconds(1), milliseconds(0));
  CommandOutcome out = view.Run(Spec(milliseconds(20000)));
  EXPECT_EQ(out.state, CommandOutcome::State::kExited);
  EXPECT_EQ(out.out, "{}");
  EXPECT_TRUE(view.IsReplay());
  EXPECT_EQ(view.Describe(), "fake system");
}

// A deadline test: a real child that would sleep 30 s is killed at the run's deadline.
TEST(DeadlineSystemView, ARealHangingChildIsKilledAtTheDeadline) {
  auto live = std::make_shared<system::LiveSystemView>();
  DeadlineSystemView view(live, Clock::now() + milliseconds(400), milliseconds(100));
  CommandSpec spec;
  spec.name = "sleeper";
  spec.argv = {"sleep", "30"};
  spec.timeout = milliseconds(30000);
  const auto start = Clock::now();
  CommandOutcome out = view.Run(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kTimedOut);
  EXPECT_LT(Clock::now() - start, milliseconds(2000));
  EXPECT_NE(out.error.find("cut to fit the run's deadline"), std::string::npos) << out.error;
}

}  // namespace
}  // namespace rocm_doctor::gate
