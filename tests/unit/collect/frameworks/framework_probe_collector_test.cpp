// SPDX-License-Identifier: MIT
// FrameworkProbeFacts: what is run (argv, name, deadline, environment), that every child runs at
// once, and how each way a child can end maps onto ProbeState.
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "checks/frameworks/frameworks_fixture.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor {
namespace data {
extern const std::string_view kFrameworkProbePy;
}  // namespace data
namespace testing {
namespace {

FrameworkProbeFacts CollectProbe(const FakeSystemView& view) {
  return CollectFacts<FrameworkProbeFacts>(view);
}

std::shared_ptr<FakeSystemView> TorchHost() {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddTorch(*view, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  return view;
}

CommandOutcome Ended(CommandOutcome::State state, int code_or_signal, std::string out = {}) {
  CommandOutcome o;
  o.state = state;
  if (state == CommandOutcome::State::kExited) o.exit_code = code_or_signal;
  if (state == CommandOutcome::State::kSignaled || state == CommandOutcome::State::kTimedOut) {
    o.signal = code_or_signal;
  }
  o.out = std::move(out);
  o.err = "Traceback ...\nSomething: went wrong\n";
  return o;
}

TEST(FrameworkProbeCollector, NothingToProbe) {
  FakeSystemView view;
  AddSystemPython(view);
  EXPECT_TRUE(CollectProbe(view).probes.empty());
}

TEST(FrameworkProbeCollector, ParsedReport) {
  auto view = TorchHost();
  view->Command("python-torch-0",
                ProbePrinted(TorchReport("\"version\": \"2.5.1+rocm6.2\", \"hip\": "
                                         "\"6.2.41133-dd7f95766\", \"available\": true, "
                                         "\"device_count\": 1, \"devices\": [{\"name\": \"x\", "
                                         "\"arch\": \"gfx1100\"}]")));
  FrameworkProbeFacts facts = CollectProbe(*view);
  ASSERT_EQ(facts.probes.size(), 1u);
  const FrameworkProbe& p = facts.probes[0];
  EXPECT_EQ(p.name, "python-torch-0");
  EXPECT_EQ(p.state, ProbeState::kParsed) << p.detail;
  EXPECT_EQ(p.stage, "available");
  EXPECT_EQ(p.report.device_count, 1);
  EXPECT_EQ(p.argv, (std::vector<std::string>{"/usr/bin/python3", "-c", "<probe>", "torch"}));
  EXPECT_EQ(p.source, ".rocm-doctor/probes/python-torch-0.json");  // the fake is a replay
  EXPECT_EQ(p.timeout_ms, 30000);
  EXPECT_TRUE(p.detail.empty());
}

TEST(FrameworkProbeCollector, EveryWayAChildEnds) {
  struct Case {
    CommandOutcome outcome;
    ProbeState state;
    std::string detail;
  } cases[] = {
      {CommandOutcome{}, ProbeState::kNotRecorded, "not recorded in this capture"},
      {Ended(CommandOutcome::State::kTimedOut, 9, "@rocm-doctor stage import\n"),
       ProbeState::kTimedOut, "killed at its deadline of 30 s during import"},
      {Ended(CommandOutcome::State::kSignaled, 11, "@rocm-doctor stage import\n"),
       ProbeState::kCrashed, "killed by SIGSEGV during import"},
      {Ended(CommandOutcome::State::kExited, 1), ProbeState::kExitError, "exited with status 1"},
      {Ended(CommandOutcome::State::kExited, 0, "hello\n"), ProbeState::kBadOutput,
       "exited without printing its report"},
      {Ended(CommandOutcome::State::kExited, 0, "@rocm-doctor report {\"format\": 7}\n"),
       ProbeState::kBadOutput, "its report is malformed: format 7"},
      {Ended(CommandOutcome::State::kSignaled, 6,
             "@rocm-doctor report " + TorchReport("\"hip\": \"6.2\"") + "\n"),
       ProbeState::kParsed, "printed its report, then killed by SIGABRT"},
  };
  for (const Case& c : cases) {
    auto view = TorchHost();
    CommandOutcome outcome = c.outcome;
    if (outcome.state == CommandOutcome::State::kNotRecorded) {
      outcome.error = "not recorded in this capture";
    }
    view->Command("python-torch-0", outcome);
    FrameworkProbeFacts facts = CollectProbe(*view);
    ASSERT_EQ(facts.probes.size(), 1u);
    EXPECT_EQ(facts.probes[0].state, c.state) << c.detail;
    EXPECT_EQ(facts.probes[0].detail.substr(0, c.detail.size()), c.detail);
  }
  auto view = TorchHost();
  view->Command("python-torch-0", Ended(CommandOutcome::State::kSpawnFailed, 0));
  EXPECT_EQ(CollectProbe(*view).probes[0].state, ProbeState::kSpawnFailed);
}

// Records what is run and lets each Run return only once `expected` runs are in flight, so the
// test passes only when the children run at once (a sequential collector would make the first
// wait out the bound and report it).
class ConcurrentView : public FakeSystemView {
 public:
  explicit ConcurrentView(std::size_t expected) : expected_(expected) {}
  CommandOutcome Run(const CommandSpec& spec) const override {
    std::unique_lock lock(mutex_);
    specs_.push_back(spec);
    cv_.notify_all();
    const bool together =
        cv_.wait_for(lock, std::chrono::seconds(10), [&] { return specs_.size() >= expected_; });
    all_together_ &= together;
    CommandOutcome out;
    out.state = CommandOutcome::State::kExited;
    out.exit_code = 1;
    return out;
  }
  std::size_t expected_;
  mutable std::mutex mutex_;
  mutable std::condition_variable cv_;
  mutable std::vector<CommandSpec> specs_;
  mutable bool all_together_ = true;
};

TEST(FrameworkProbeCollector, AllChildrenRunAtOnceWithTheSnippetAsArgv) {
  auto view = std::make_shared<ConcurrentView>(3);
  AddSystemPython(*view);
  AddTorch(*view, kDist, "1.13.0a0", "", "", {});
  view->File(std::string(kDist) + "/tensorflow/__init__.py", "");
  view->File(std::string(kDist) + "/onnxruntime/capi/x.so", "");
  FrameworkProbeFacts facts = CollectProbe(*view);
  ASSERT_EQ(facts.probes.size(), 3u);
  EXPECT_TRUE(view->all_together_) << "the probes ran one after the other";
  std::set<std::string> names;
  for (const CommandSpec& spec : view->specs_) {
    names.insert(spec.name);
    ASSERT_EQ(spec.argv.size(), 4u);
    EXPECT_EQ(spec.argv[0], "/usr/bin/python3");
    EXPECT_EQ(spec.argv[1], "-c");
    EXPECT_EQ(spec.argv[2], data::kFrameworkProbePy);
    EXPECT_EQ(spec.timeout, std::chrono::seconds(30));
    EXPECT_EQ(spec.extra_env.at("PYTHONDONTWRITEBYTECODE"), "1");
    EXPECT_EQ(spec.extra_env.size(), 1u);  // no environment value on the command line either
  }
  EXPECT_EQ(names, (std::set<std::string>{"python-torch-0", "python-tensorflow-0",
                                          "python-onnxruntime-0"}));
}

}  // namespace
}  // namespace testing
}  // namespace rocm_doctor
