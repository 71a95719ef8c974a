// SPDX-License-Identifier: MIT
// Issue 13 item 8, the engine's part: once the run is interrupted no check starts, every check
// not finished says core.run.interrupted (never what its cut probe looked like), and the exit
// code is 128 + the signal.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/engine.h"
#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

constexpr FindingSpec kSpecs[] = {{.code = "test.interrupt.crashed",
                                   .severity = Status::kError,
                                   .title = "a probe crashed",
                                   .remediation = "none"}};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

std::atomic<int> g_signal{0};

CheckOutcome Passes(const CheckContext&) { return CheckOutcome::Pass("fine"); }
// A check whose probe dies of the forwarded signal: what it would report is a crash.
CheckOutcome ProbeCutBySignal(const CheckContext&) {
  g_signal.store(SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return CheckOutcome::FromFindings(
      {MakeFinding("test.interrupt.crashed", "the probe was killed by SIGINT")});
}
CheckOutcome Hangs(const CheckContext&) {
  std::this_thread::sleep_for(std::chrono::seconds(5));
  return CheckOutcome::Pass("late");
}

constexpr std::string_view kAfterA[] = {"hardware.ia"};
constexpr std::string_view kAfterB[] = {"driver.ib"};
constexpr CheckInfo kA{.id = "hardware.ia", .layer = Layer::kHardware, .title = "A"};
constexpr CheckInfo kB{
    .id = "driver.ib", .layer = Layer::kDriver, .title = "B", .prerequisites = kAfterA};
constexpr CheckInfo kC{
    .id = "runtime.ic", .layer = Layer::kRuntime, .title = "C", .prerequisites = kAfterB};

std::shared_ptr<const FactStore> NoFacts() {
  return std::make_shared<FactStore>(std::make_shared<testing::FakeSystemView>());
}

const CheckRecord& Record(const EngineResult& r, std::string_view id) {
  for (const CheckRecord& rec : r.records) {
    if (rec.id == id) return rec;
  }
  throw std::runtime_error("no record " + std::string(id));
}

void ExpectInterrupted(const CheckRecord& record, std::string_view words) {
  EXPECT_EQ(record.outcome.status, Status::kUnknown) << record.id;
  ASSERT_EQ(record.outcome.findings.size(), 1u) << record.id;
  EXPECT_EQ(record.outcome.findings[0].code, "core.run.interrupted") << record.id;
  EXPECT_NE(record.outcome.findings[0].message.find(words), std::string::npos)
      << record.outcome.findings[0].message;
  EXPECT_TRUE(record.blocked_by.empty()) << record.id;
}

TEST(EngineInterrupt, ASignalBeforeTheRunStartsNothing) {
  RegisteredCheck a{&kA, Passes}, b{&kB, Passes}, c{&kC, Passes};
  RunRequest request{{&a, &b, &c}, {}, false, 4};
  request.interrupt_signal = [] { return SIGTERM; };
  const EngineResult r = RunChecks(request, NoFacts());
  ASSERT_EQ(r.records.size(), 3u);
  for (const CheckRecord& record : r.records) ExpectInterrupted(record, "was not run");
  EXPECT_EQ(r.interrupted_by, SIGTERM);
  EXPECT_EQ(r.exit_code, 143);
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_TRUE(r.root_causes.empty());
}

TEST(EngineInterrupt, TheRunningCheckIsInterruptedNotCrashedAndTheRestNotRun) {
  g_signal.store(0);
  RegisteredCheck a{&kA, Passes}, b{&kB, ProbeCutBySignal}, c{&kC, Passes};
  RunRequest request{{&a, &b, &c}, {}, false, 4};
  request.interrupt_signal = [] { return g_signal.load(); };
  const EngineResult r = RunChecks(request, NoFacts());
  EXPECT_EQ(Record(r, "hardware.ia").outcome.status, Status::kPass);  // finished before
  ExpectInterrupted(Record(r, "driver.ib"), "while it ran");
  ExpectInterrupted(Record(r, "runtime.ic"), "was not run");
  EXPECT_EQ(r.exit_code, 130);
  EXPECT_EQ(r.interrupted_by, SIGINT);
}

TEST(EngineInterrupt, ACheckThatDoesNotStopIsAbandonedAfterTheGrace) {
  g_signal.store(0);
  RegisteredCheck a{&kA, Hangs};
  RunRequest request{{&a}, {}, false, 4};
  request.interrupt_signal = [] { return g_signal.load(); };
  request.interrupt_grace = std::chrono::milliseconds(200);
  std::thread user([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    g_signal.store(SIGINT);
  });
  const auto start = std::chrono::steady_clock::now();
  const EngineResult r = RunChecks(request, NoFacts());
  user.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  ExpectInterrupted(Record(r, "hardware.ia"), "while it ran");
  EXPECT_EQ(r.exit_code, 130);
}

TEST(EngineInterrupt, WithoutASignalNothingChanges) {
  RegisteredCheck a{&kA, Passes}, b{&kB, Passes};
  RunRequest request{{&a, &b}, {}, false, 4};
  request.interrupt_signal = [] { return 0; };
  const EngineResult r = RunChecks(request, NoFacts());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.interrupted_by, 0);
  EXPECT_EQ(Record(r, "driver.ib").outcome.status, Status::kPass);
}

}  // namespace
}  // namespace rocm_doctor
