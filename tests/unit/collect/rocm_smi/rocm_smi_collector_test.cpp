// SPDX-License-Identifier: MIT
// CollectRocmSmi: where it looks for librocm_smi64 and in which order, what it runs, and how the
// child's end (exit, crash, hang, spawn failure, bad JSON, no recording) becomes a state.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>

#include "collect/rocm_smi/rocm_smi_json.h"
#include "rocm_doctor/facts/rocm.h"
#include "rocm_doctor/facts/rocm_smi_facts.h"
#include "rocm_doctor/facts/tools_facts.h"
#include "rocm_doctor/forwarding_system_view.h"
#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor::testing {
namespace {

// Records the argv of the rocm-smi probe it is asked to run, then answers like the fake.
class ArgvView : public FakeSystemView {
 public:
  CommandOutcome Run(const CommandSpec& spec) const override {
    if (spec.name == kRocmSmiProbe) {
      argv = spec.argv;
      timeout = spec.timeout;
    }
    return FakeSystemView::Run(spec);
  }
  mutable std::vector<std::string> argv;
  mutable std::chrono::milliseconds timeout{0};
};

std::string InitFailedJson() {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{"/usr/lib/librocm_smi64.so.1", ""}};
  r.library = "/usr/lib/librocm_smi64.so.1";
  r.init = RsmiStatus{8, "RSMI_STATUS_INIT_ERROR", "An error occurred during initialization"};
  return rocm_smi::ReportJson(r) + "\n";
}

// Counts the listings of /opt, where the ROCm collector looks for rocm-* installs.
class OptListings : public ForwardingSystemView {
 public:
  using ForwardingSystemView::ForwardingSystemView;
  DirListing ListDir(std::string_view path) const override {
    if (path == "/opt") ++count;
    return ForwardingSystemView::ListDir(path);
  }
  mutable std::atomic<int> count{0};
};

// The rocm-smi, tools and hip-load collectors each collected a RocmFacts of their own (four
// collections a live run, each listing the installs and reading the 1 MB dpkg status): through
// the FactSource they share the store's one collection with the checks.
TEST(RocmSmiCollector, SharesTheStoresRocmFactsWithTheToolsAndHipLoadCollectors) {
  auto fake = std::make_shared<FakeSystemView>();
  AddRocm620(*fake);
  auto view = std::make_shared<OptListings>(fake);
  FactStore store(view);
  const RocmFacts& rocm = store.Get<RocmFacts>();
  const RocmSmiFacts& smi = store.Get<RocmSmiFacts>();
  store.Get<ToolFacts>();
  store.Get<HipLoadFacts>();
  EXPECT_EQ(view->count.load(), 1);
  ASSERT_FALSE(rocm.installs.empty());
  ASSERT_FALSE(smi.searched.empty());
  EXPECT_EQ(smi.searched.front(), rocm.installs.front().lib_dir);
}

TEST(RocmSmiCollector, InstallDirFirstThenLoaderDirsAndTheSonameFile) {
  ArgvView view;
  AddRocm620(view);
  view.File("/opt/rocm-6.2.0/lib/librocm_smi64.so.7.3.60200", "");
  view.Link("/opt/rocm-6.2.0/lib/librocm_smi64.so.7", "librocm_smi64.so.7.3.60200");
  view.Link("/opt/rocm-6.2.0/lib/librocm_smi64.so", "librocm_smi64.so.7");
  view.File("/usr/lib/librocm_smi64.so.1.0", "");
  view.Link("/usr/lib/librocm_smi64.so.1", "librocm_smi64.so.1.0");
  view.File("/usr/lib/librocm_smi64.so.bak", "");
  view.File("/home/alice/lib/librocm_smi64.so.6.0.60000", "");
  view.Env("LD_LIBRARY_PATH", "/home/alice/lib/::relative");
  view.Command(kRocmSmiProbe, Exited(InitFailedJson()));
  RocmSmiFacts facts = CollectRocmSmi(view, CollectFacts<RocmFacts>(view), "/usr/bin/rocm-doctor");
  EXPECT_EQ(facts.searched,
            (std::vector<std::string>{"/opt/rocm-6.2.0/lib", "/home/alice/lib",
                                      "/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib"}));
  EXPECT_EQ(facts.candidates,
            (std::vector<std::string>{"/opt/rocm-6.2.0/lib/librocm_smi64.so.7",
                                      "/home/alice/lib/librocm_smi64.so.6.0.60000",
                                      "/usr/lib/librocm_smi64.so.1"}));
  EXPECT_EQ(view.argv,
            (std::vector<std::string>{
                "/usr/bin/rocm-doctor", "probe-smi", "/opt/rocm-6.2.0/lib/librocm_smi64.so.7",
                "/home/alice/lib/librocm_smi64.so.6.0.60000", "/usr/lib/librocm_smi64.so.1"}));
  EXPECT_EQ(view.timeout, std::chrono::seconds(10));
  EXPECT_EQ(facts.state, RocmSmiState::kParsed) << facts.detail;
  EXPECT_EQ(facts.report.init->name, "RSMI_STATUS_INIT_ERROR");
}

TEST(RocmSmiCollector, NoLibraryRunsNothing) {
  ArgvView view;
  AddRocm620(view);
  view.Dir("/usr/lib");
  RocmSmiFacts facts = CollectRocmSmi(view, CollectFacts<RocmFacts>(view), "rocm-doctor");
  EXPECT_EQ(facts.state, RocmSmiState::kNoLibrary);
  EXPECT_TRUE(view.argv.empty());
  EXPECT_EQ(facts.searched.front(), "/opt/rocm-6.2.0/lib");
}

TEST(RocmSmiCollector, HowTheChildEndedBecomesTheState) {
  struct Case {
    CommandOutcome outcome;
    RocmSmiState state;
    const char* detail;
  };
  CommandOutcome spawn;
  spawn.state = CommandOutcome::State::kSpawnFailed;
  spawn.error = "/usr/bin/rocm-doctor: Resource temporarily unavailable";
  CommandOutcome hung;
  hung.state = CommandOutcome::State::kTimedOut;
  hung.signal = 9;
  CommandOutcome crashed;
  crashed.state = CommandOutcome::State::kSignaled;
  crashed.signal = 11;
  crashed.err = "line 1\nline 2\nSegmentation fault\n";
  CommandOutcome not_recorded;
  not_recorded.state = CommandOutcome::State::kNotRecorded;
  not_recorded.error = "not recorded in this capture";
  const Case cases[] = {
      {spawn, RocmSmiState::kError,
       "could not be started: /usr/bin/rocm-doctor: Resource temporarily unavailable"},
      {hung, RocmSmiState::kTimedOut, "did not finish within 10 s"},
      {crashed, RocmSmiState::kCrashed, "killed by SIGSEGV"},
      {Exited("", 2), RocmSmiState::kError, "exit 2"},
      {Exited("rsmi says hello\n"), RocmSmiState::kBadOutput, "output is not JSON"},
      {not_recorded, RocmSmiState::kNotRecorded, "not recorded in this capture"},
  };
  for (const Case& c : cases) {
    FakeSystemView view;
    view.File("/usr/lib/librocm_smi64.so.1", "");
    view.Command(kRocmSmiProbe, c.outcome);
    RocmSmiFacts facts = CollectRocmSmi(view, CollectFacts<RocmFacts>(view), "rocm-doctor");
    EXPECT_EQ(facts.state, c.state) << c.detail;
    EXPECT_EQ(facts.detail, c.detail);
  }
  FakeSystemView view;
  view.File("/usr/lib/librocm_smi64.so.1", "");
  view.Command(kRocmSmiProbe, crashed);
  EXPECT_EQ(CollectRocmSmi(view, CollectFacts<RocmFacts>(view), "rocm-doctor").stderr_tail,
            "line 1 | line 2 | Segmentation fault");
}

}  // namespace
}  // namespace rocm_doctor::testing
