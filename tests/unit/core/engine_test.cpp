// SPDX-License-Identifier: MIT
#include "core/engine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>

#include "support/fake_system_view.h"

namespace rocm_doctor {
namespace {

constexpr FindingSpec kSpecs[] = {{.code = "test.engine.broken",
                                   .severity = Status::kFail,
                                   .title = "broken on purpose",
                                   .remediation = "none"}};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

// Checks made up for the engine: each returns what its name says.
CheckOutcome Passes(const CheckContext&) { return CheckOutcome::Pass("fine"); }
CheckOutcome Fails(const CheckContext&) {
  return CheckOutcome::FromFindings({MakeFinding("test.engine.broken", "broken on purpose")});
}
CheckOutcome Throws(const CheckContext&) { throw std::runtime_error("boom"); }
CheckOutcome Hangs(const CheckContext&) {
  std::this_thread::sleep_for(std::chrono::seconds(3));
  return CheckOutcome::Pass("late");
}
CheckOutcome Skips(const CheckContext&) { return CheckOutcome::Skip("not here"); }

constexpr std::string_view kAfterA[] = {"hardware.a"};
constexpr std::string_view kAfterB[] = {"driver.b"};
constexpr std::string_view kAfterMissing[] = {"hardware.not_selected"};

constexpr CheckInfo kA{.id = "hardware.a", .layer = Layer::kHardware, .title = "A"};
constexpr CheckInfo kB{
    .id = "driver.b", .layer = Layer::kDriver, .title = "B", .prerequisites = kAfterA};
constexpr CheckInfo kC{
    .id = "runtime.c", .layer = Layer::kRuntime, .title = "C", .prerequisites = kAfterB};
constexpr CheckInfo kD{
    .id = "driver.d", .layer = Layer::kDriver, .title = "D", .prerequisites = kAfterA};
constexpr CheckInfo kLonely{.id = "driver.lonely",
                            .layer = Layer::kDriver,
                            .title = "Lonely",
                            .prerequisites = kAfterMissing};
constexpr CheckInfo kSymptom{.id = "runtime.symptom",
                             .layer = Layer::kRuntime,
                             .title = "HIP devices",
                             .prerequisites = kAfterB,
                             .runs_when_blocked = true};
constexpr CheckInfo kSlow{.id = "hardware.slow",
                          .layer = Layer::kHardware,
                          .title = "Slow",
                          .deadline = std::chrono::milliseconds(200)};

std::shared_ptr<const FactStore> NoFacts() {
  return std::make_shared<FactStore>(std::make_shared<testing::FakeSystemView>());
}

const CheckRecord& Record(const EngineResult& r, std::string_view id) {
  for (const CheckRecord& rec : r.records) {
    if (rec.id == id) return rec;
  }
  throw std::runtime_error("no record " + std::string(id));
}

TEST(OrderChecks, PrerequisitesComeFirstWhateverTheInputOrder) {
  RegisteredCheck a{&kA, Passes}, b{&kB, Passes}, c{&kC, Passes}, d{&kD, Passes};
  auto order = OrderChecks({&c, &d, &b, &a});
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0]->info->id, "hardware.a");
  EXPECT_EQ(order[1]->info->id, "driver.b");
  EXPECT_EQ(order[2]->info->id, "driver.d");
  EXPECT_EQ(order[3]->info->id, "runtime.c");
}

TEST(RunChecks, FailureBlocksDependantsTransitivelyAndIsTheOnlyRootCause) {
  RegisteredCheck a{&kA, Fails}, b{&kB, Passes}, c{&kC, Passes}, d{&kD, Passes};
  EngineResult r = RunChecks(RunRequest{{&a, &b, &c, &d}, {}, false, 4}, NoFacts());
  EXPECT_EQ(Record(r, "hardware.a").outcome.status, Status::kFail);
  EXPECT_EQ(Record(r, "driver.b").outcome.status, Status::kSkip);
  EXPECT_EQ(Record(r, "driver.b").blocked_by, "hardware.a");
  // The chain names its first broken link, not the nearest one.
  EXPECT_EQ(Record(r, "runtime.c").blocked_by, "hardware.a");
  EXPECT_EQ(Record(r, "runtime.c").outcome.summary, "blocked by A");
  ASSERT_EQ(r.root_causes.size(), 1u);
  EXPECT_EQ(r.root_causes[0].check_id, "hardware.a");
  EXPECT_EQ(r.root_causes[0].blocked_checks.size(), 3u);
  EXPECT_EQ(r.verdict, Verdict::kFail);
  EXPECT_EQ(r.exit_code, 1);
}

TEST(RunChecks, SymptomCheckRunsWhenBlockedAndExplainsTheRootCause) {
  // The HIP probe on a host without a GPU: it still runs; its failure is a symptom of the
  // hardware root cause, not a second root cause.
  RegisteredCheck a{&kA, Fails}, b{&kB, Passes}, sym{&kSymptom, Fails};
  EngineResult r = RunChecks(RunRequest{{&a, &b, &sym}, {}, false, 4}, NoFacts());
  EXPECT_EQ(Record(r, "runtime.symptom").outcome.status, Status::kFail);
  EXPECT_EQ(Record(r, "runtime.symptom").blocked_by, "hardware.a");
  ASSERT_EQ(r.root_causes.size(), 1u);
  EXPECT_EQ(r.root_causes[0].check_id, "hardware.a");
  ASSERT_EQ(r.root_causes[0].symptoms.size(), 1u);
  EXPECT_EQ(r.root_causes[0].symptoms[0].check_id, "runtime.symptom");
  EXPECT_EQ(r.root_causes[0].symptoms[0].finding.code, "test.engine.broken");
}

// Independent chains overlap: the frameworks probe (a long chain) and the HIP probe (a longer
// one) must not wait for each other depth by depth. Here hardware.slow_root only finishes once
// runtime.after_fast (depth 1 of the other chain) has started; a scheduler that runs depth by
// depth never starts it in time and the root times out waiting.
std::promise<void> g_after_fast_started;
CheckOutcome WaitsForTheOtherChain(const CheckContext&) {
  auto started = g_after_fast_started.get_future();
  if (started.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    return CheckOutcome::FromFindings({MakeFinding("test.engine.broken", "not overlapped")});
  }
  return CheckOutcome::Pass("overlapped");
}
CheckOutcome SignalsStarted(const CheckContext&) {
  g_after_fast_started.set_value();
  return CheckOutcome::Pass("started");
}
constexpr std::string_view kAfterFast[] = {"hardware.fast"};
constexpr std::string_view kAfterSlowRoot[] = {"hardware.slow_root"};
constexpr CheckInfo kFast{.id = "hardware.fast", .layer = Layer::kHardware, .title = "Fast"};
constexpr CheckInfo kAfterFastInfo{.id = "runtime.after_fast", .layer = Layer::kRuntime,
                                   .title = "After fast", .prerequisites = kAfterFast};
constexpr CheckInfo kSlowRoot{.id = "hardware.slow_root", .layer = Layer::kHardware,
                              .title = "Slow root", .deadline = std::chrono::seconds(20)};
constexpr CheckInfo kAfterSlow{.id = "driver.after_slow", .layer = Layer::kDriver,
                               .title = "After slow", .prerequisites = kAfterSlowRoot};

TEST(RunChecks, IndependentChainsOverlap) {
  RegisteredCheck fast{&kFast, Passes}, after_fast{&kAfterFastInfo, SignalsStarted},
      slow{&kSlowRoot, WaitsForTheOtherChain}, after_slow{&kAfterSlow, Passes};
  EngineResult r = RunChecks(RunRequest{{&fast, &after_fast, &slow, &after_slow}, {}, false, 2},
                             NoFacts());
  EXPECT_EQ(Record(r, "hardware.slow_root").outcome.status, Status::kPass);
  EXPECT_EQ(Record(r, "runtime.after_fast").outcome.status, Status::kPass);
  EXPECT_EQ(Record(r, "driver.after_slow").outcome.status, Status::kPass);
  // Records stay in the topological, layer-major order whatever finished first.
  ASSERT_EQ(r.records.size(), 4u);
  EXPECT_EQ(r.records[0].id, "hardware.fast");
  EXPECT_EQ(r.records[3].id, "runtime.after_fast");
}

TEST(RunChecks, AJobLimitOfOneStillRunsEverything) {
  RegisteredCheck a{&kA, Passes}, b{&kB, Passes}, c{&kC, Passes}, d{&kD, Fails};
  EngineResult r = RunChecks(RunRequest{{&a, &b, &c, &d}, {}, false, 1}, NoFacts());
  EXPECT_EQ(Record(r, "runtime.c").outcome.status, Status::kPass);
  EXPECT_EQ(Record(r, "driver.d").outcome.status, Status::kFail);
  EXPECT_EQ(r.exit_code, 1);
}

TEST(RunChecks, AllPassingIsExitZero) {
  RegisteredCheck a{&kA, Passes}, b{&kB, Passes};
  EngineResult r = RunChecks(RunRequest{{&a, &b}, {}, false, 2}, NoFacts());
  EXPECT_EQ(r.verdict, Verdict::kPass);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.root_causes.empty());
}

TEST(RunChecks, ThrowingCheckBecomesErrorAndVerdictUnknown) {
  RegisteredCheck a{&kA, Throws}, b{&kB, Passes};
  EngineResult r = RunChecks(RunRequest{{&a, &b}, {}, false, 2}, NoFacts());
  const CheckRecord& rec = Record(r, "hardware.a");
  EXPECT_EQ(rec.outcome.status, Status::kError);
  ASSERT_EQ(rec.outcome.findings.size(), 1u);
  EXPECT_EQ(rec.outcome.findings[0].code, "core.check.exception");
  EXPECT_NE(rec.outcome.findings[0].message.find("boom"), std::string::npos);
  EXPECT_EQ(Record(r, "driver.b").outcome.status, Status::kSkip);
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.exit_code, 2);
}

TEST(RunChecks, HungCheckTimesOutWithinItsDeadline) {
  RegisteredCheck slow{&kSlow, Hangs}, a{&kA, Passes};
  auto facts = NoFacts();  // built before the clock starts: only the run is timed
  auto start = std::chrono::steady_clock::now();
  EngineResult r = RunChecks(RunRequest{{&slow, &a}, {}, false, 4}, facts);
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_LT(elapsed, std::chrono::milliseconds(1500));
  EXPECT_EQ(Record(r, "hardware.slow").outcome.status, Status::kTimeout);
  ASSERT_EQ(Record(r, "hardware.slow").outcome.findings.size(), 1u);
  EXPECT_EQ(Record(r, "hardware.slow").outcome.findings[0].code, "core.check.timeout");
  EXPECT_EQ(Record(r, "hardware.a").outcome.status, Status::kPass);
  EXPECT_EQ(r.exit_code, 2);
}

TEST(RunChecks, SkippedPrerequisiteDoesNotBlock) {
  // e.g. driver.firmware skipped because a capture holds no kernel log: driver.gpu_init still
  // judges the DRM cards the capture does hold.
  RegisteredCheck a{&kA, Skips}, b{&kB, Passes};
  EngineResult r = RunChecks(RunRequest{{&a, &b}, {}, false, 2}, NoFacts());
  EXPECT_EQ(Record(r, "driver.b").outcome.status, Status::kPass);
  EXPECT_TRUE(Record(r, "driver.b").blocked_by.empty());
  EXPECT_EQ(r.verdict, Verdict::kPass);
}

TEST(RunChecks, PrerequisiteOutsideTheSelectionIsIgnored) {
  RegisteredCheck lonely{&kLonely, Passes};
  EngineResult r = RunChecks(RunRequest{{&lonely}, {}, false, 1}, NoFacts());
  EXPECT_EQ(Record(r, "driver.lonely").outcome.status, Status::kPass);
}

// A check that runs when blocked starts without waiting for its prerequisites (the HIP probe
// overlaps the hip-load probe), yet is decided - and named "blocked by" - as if it had waited.
constexpr std::string_view kAfterRoot[] = {"hardware.root"};
constexpr std::string_view kAfterMiddle[] = {"driver.middle"};
constexpr CheckInfo kRoot{.id = "hardware.root", .layer = Layer::kHardware, .title = "Root",
                          .deadline = std::chrono::seconds(20)};
constexpr CheckInfo kMiddle{.id = "driver.middle", .layer = Layer::kDriver, .title = "Middle",
                            .prerequisites = kAfterRoot};
constexpr CheckInfo kEarlySymptom{.id = "runtime.symptom",
                             .layer = Layer::kRuntime,
                             .title = "Symptom",
                             .prerequisites = kAfterMiddle,
                             .runs_when_blocked = true};
constexpr CheckInfo kPlain{.id = "runtime.plain", .layer = Layer::kRuntime, .title = "Plain",
                           .prerequisites = kAfterMiddle};

// The root finishes only once the symptom has started: an engine that makes the symptom wait
// for its prerequisites never starts it in time.
std::promise<void>* g_symptom_started = nullptr;
CheckOutcome RootWaitsForSymptom(const CheckContext&) {
  if (g_symptom_started->get_future().wait_for(std::chrono::seconds(3)) !=
      std::future_status::ready) {
    return CheckOutcome::FromFindings({MakeFinding("test.engine.broken", "the symptom did not start early")});
  }
  return CheckOutcome::Pass("overlapped");
}
CheckOutcome SymptomSignals(const CheckContext& ctx) {
  g_symptom_started->set_value();
  return Fails(ctx);
}

TEST(EarlyStart, SymptomStartsBeforeItsPrerequisitesAreDecided) {
  std::promise<void> started;
  g_symptom_started = &started;
  RegisteredCheck root{&kRoot, RootWaitsForSymptom}, middle{&kMiddle, Passes},
      symptom{&kEarlySymptom, SymptomSignals};
  EngineResult r =
      RunChecks(RunRequest{{&root, &middle, &symptom}, {}, false, 4}, NoFacts());
  EXPECT_EQ(Record(r, "hardware.root").outcome.status, Status::kPass);
  EXPECT_EQ(Record(r, "driver.middle").outcome.status, Status::kPass);
  EXPECT_EQ(Record(r, "runtime.symptom").outcome.status, Status::kFail);
  EXPECT_TRUE(Record(r, "runtime.symptom").blocked_by.empty());
  // Its own failure is a root cause: nothing before it failed.
  ASSERT_EQ(r.root_causes.size(), 1u);
  EXPECT_EQ(r.root_causes[0].check_id, "runtime.symptom");
  g_symptom_started = nullptr;
}

// The symptom ends at once; the root fails later. The symptom is still "blocked by" the root of
// the chain and is its symptom, exactly as when it waited.
CheckOutcome FailsLate(const CheckContext& ctx) {
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  return Fails(ctx);
}

TEST(EarlyStart, SymptomThatEndsFirstIsStillBlockedByTheRootOfTheChain) {
  for (int round = 0; round < 3; ++round) {
    RegisteredCheck root{&kRoot, FailsLate}, middle{&kMiddle, Passes},
        symptom{&kEarlySymptom, Fails}, plain{&kPlain, Passes};
    EngineResult r = RunChecks(
        RunRequest{{&symptom, &plain, &middle, &root}, {}, false, 4}, NoFacts());
    const CheckRecord& rec = Record(r, "runtime.symptom");
    EXPECT_EQ(rec.outcome.status, Status::kFail);
    EXPECT_EQ(rec.blocked_by, "hardware.root");
    EXPECT_EQ(Record(r, "driver.middle").outcome.status, Status::kSkip);
    EXPECT_EQ(Record(r, "runtime.plain").outcome.summary, "blocked by Root");
    ASSERT_EQ(r.root_causes.size(), 1u);
    EXPECT_EQ(r.root_causes[0].check_id, "hardware.root");
    ASSERT_EQ(r.root_causes[0].symptoms.size(), 1u);
    EXPECT_EQ(r.root_causes[0].symptoms[0].check_id, "runtime.symptom");
    // Records keep the topological, layer-major order whichever thread ended first.
    ASSERT_EQ(r.records.size(), 4u);
    EXPECT_EQ(r.records[0].id, "hardware.root");
    EXPECT_EQ(r.records[1].id, "driver.middle");
    EXPECT_EQ(r.records[2].id, "runtime.plain");
    EXPECT_EQ(r.records[3].id, "runtime.symptom");
  }
}

// With one job the early start takes the only slot; everything still runs, nothing deadlocks.
TEST(EarlyStart, OneJobStillDecidesEverything) {
  RegisteredCheck root{&kRoot, FailsLate}, middle{&kMiddle, Passes}, symptom{&kEarlySymptom, Fails},
      plain{&kPlain, Passes};
  EngineResult r =
      RunChecks(RunRequest{{&root, &middle, &symptom, &plain}, {}, false, 1}, NoFacts());
  EXPECT_EQ(Record(r, "runtime.symptom").blocked_by, "hardware.root");
  EXPECT_EQ(Record(r, "runtime.symptom").outcome.status, Status::kFail);
  EXPECT_EQ(Record(r, "runtime.plain").outcome.status, Status::kSkip);
}

// Past the run's deadline nothing starts early: the symptom is decided as not started, as before.
TEST(EarlyStart, NothingStartsEarlyAfterTheRunsDeadline) {
  RegisteredCheck root{&kRoot, Passes}, middle{&kMiddle, Passes}, symptom{&kEarlySymptom, Fails};
  RunRequest request{{&root, &middle, &symptom}, {}, false, 4};
  request.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EngineResult r = RunChecks(request, NoFacts());
  const CheckRecord& rec = Record(r, "runtime.symptom");
  ASSERT_EQ(rec.outcome.findings.size(), 1u);
  EXPECT_EQ(rec.outcome.findings[0].code, "core.run.deadline");
  EXPECT_NE(rec.outcome.findings[0].message.find("was not started"), std::string::npos);
  EXPECT_EQ(rec.blocked_by, "hardware.root");
}

TEST(ExitCodeFor, FollowsTheDocumentedContract) {
  EXPECT_EQ(ExitCodeFor(Verdict::kPass, false), 0);
  EXPECT_EQ(ExitCodeFor(Verdict::kWarn, false), 0);
  EXPECT_EQ(ExitCodeFor(Verdict::kWarn, true), 1);
  EXPECT_EQ(ExitCodeFor(Verdict::kFail, false), 1);
  EXPECT_EQ(ExitCodeFor(Verdict::kUnknown, false), 2);
}

TEST(DeriveRootCauses, FailsComeBeforeWarnsAndBlockedFailuresAreNotRoots) {
  auto record = [](std::string id, Status s, std::vector<std::string> prereqs) {
    CheckRecord r;
    r.id = id;
    r.prerequisites = std::move(prereqs);
    r.outcome.status = s;
    Finding f;
    f.code = "core.check.exception";
    f.status = s;
    r.outcome.findings.push_back(f);
    return r;
  };
  std::vector<CheckRecord> records{record("hardware.w", Status::kWarn, {}),
                                   record("hardware.f", Status::kFail, {}),
                                   record("driver.g", Status::kFail, {"hardware.f"})};
  auto causes = DeriveRootCauses(records);
  ASSERT_EQ(causes.size(), 2u);
  EXPECT_EQ(causes[0].check_id, "hardware.f");
  EXPECT_EQ(causes[1].check_id, "hardware.w");
  EXPECT_EQ(DeriveVerdict(records), Verdict::kFail);
}

}  // namespace
}  // namespace rocm_doctor
