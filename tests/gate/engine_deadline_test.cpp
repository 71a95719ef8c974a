// SPDX-License-Identifier: MIT
// The engine's whole-run deadline (RunRequest::deadline), which gate --deadline relies on.
#include <gtest/gtest.h>

#include <thread>

#include "core/engine.h"
#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

using std::chrono::milliseconds;

CheckOutcome Passes(const CheckContext&) { return CheckOutcome::Pass("fine"); }
CheckOutcome Lingers(const CheckContext&) {
  std::this_thread::sleep_for(milliseconds(4000));
  return CheckOutcome::Pass("late");
}

constexpr std::string_view kAfterSlow[] = {"hardware.lingers"};
constexpr std::string_view kAfterQuick[] = {"hardware.quick"};
constexpr CheckInfo kLingers{.id = "hardware.lingers", .layer = Layer::kHardware, .title = "L"};
constexpr CheckInfo kQuick{.id = "hardware.quick", .layer = Layer::kHardware, .title = "Q"};
// After hardware.quick, which passes at once: driver.after takes the free slot and lingers too,
// so driver.last (ready as early) finds both slots of the run taken until the deadline.
constexpr CheckInfo kAfter{
    .id = "driver.after", .layer = Layer::kDriver, .title = "After", .prerequisites = kAfterQuick};
constexpr CheckInfo kLast{
    .id = "driver.last", .layer = Layer::kDriver, .title = "Last", .prerequisites = kAfterQuick};
constexpr CheckInfo kDependant{
    .id = "driver.dependant", .layer = Layer::kDriver, .title = "D", .prerequisites = kAfterSlow};

const CheckRecord& Record(const EngineResult& r, std::string_view id) {
  for (const CheckRecord& rec : r.records) {
    if (rec.id == id) return rec;
  }
  throw std::runtime_error("no record " + std::string(id));
}

bool HasCode(const CheckRecord& r, std::string_view code) {
  for (const Finding& f : r.outcome.findings) {
    if (f.code == code) return true;
  }
  return false;
}

TEST(RunChecksDeadline, AbandonsWhatRunsAtTheDeadlineAndStartsNothingAfter) {
  RegisteredCheck lingers{&kLingers, Lingers}, quick{&kQuick, Passes}, after{&kAfter, Lingers},
      last{&kLast, Passes}, dependant{&kDependant, Passes};
  RunRequest request{{&lingers, &quick, &after, &last, &dependant}, {}, false, 2};
  // A second: enough for hardware.quick to finish on a loaded 2-core CI VM.
  request.deadline = std::chrono::steady_clock::now() + milliseconds(1000);
  auto facts = std::make_shared<FactStore>(std::make_shared<testing::FakeSystemView>());
  const auto start = std::chrono::steady_clock::now();
  EngineResult r = RunChecks(request, facts);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(3500)) << "not the 4 s";

  EXPECT_EQ(Record(r, "hardware.quick").outcome.status, Status::kPass);
  const CheckRecord& abandoned = Record(r, "hardware.lingers");
  EXPECT_EQ(abandoned.outcome.status, Status::kTimeout);
  EXPECT_TRUE(HasCode(abandoned, "core.run.deadline"));
  EXPECT_TRUE(HasCode(Record(r, "driver.after"), "core.run.deadline"));
  const CheckRecord& not_started = Record(r, "driver.last");
  EXPECT_EQ(not_started.outcome.status, Status::kTimeout);
  EXPECT_TRUE(HasCode(not_started, "core.run.deadline"));
  EXPECT_NE(not_started.outcome.findings.front().message.find("not started"), std::string::npos);
  EXPECT_EQ(Record(r, "driver.dependant").outcome.status, Status::kSkip);
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.exit_code, 2);
}

TEST(RunChecksDeadline, NoDeadlineMeansEachChecksOwn) {
  RegisteredCheck quick{&kQuick, Passes};
  RunRequest request{{&quick}, {}, false, 1};
  auto facts = std::make_shared<FactStore>(std::make_shared<testing::FakeSystemView>());
  EngineResult r = RunChecks(request, facts);
  EXPECT_EQ(r.verdict, Verdict::kPass);
}

}  // namespace
}  // namespace rocm_doctor
