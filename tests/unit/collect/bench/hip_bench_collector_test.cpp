// SPDX-License-Identifier: MIT
// CollectHipBench: one run per device with its recording name, every way a run can end (shared
// with the probe: helper_run.cpp), the deadline per level, and the progress lines of a real child.
#include "collect/bench/hip_bench_collector.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <csignal>

#include "checks/bench/bench_json.h"
#include "system/live_system_view.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor::testing {
namespace {

BenchRequest Quick(std::vector<std::int64_t> devices = {0}) {
  BenchRequest r;
  r.devices = std::move(devices);
  return r;
}

BenchFacts Collect(const FakeSystemView& view, const BenchRequest& request = Quick()) {
  return CollectHipBench(view, HelperLocation{}, request);
}

CommandOutcome Ended(CommandOutcome::State state, int signal = 0, bool interrupted = false) {
  CommandOutcome o;
  o.state = state;
  o.signal = signal;
  o.interrupted = interrupted;
  o.err = "bench: memory.triad 2/5\nHSA_STATUS_ERROR_EXCEPTION\n";
  return o;
}

TEST(HipBenchCollector, TheCommandLineCarriesLevelOnlyAndDevice) {
  BenchRequest r;
  r.level = BenchLevel::kExtended;
  r.only = {"memory", "launch.roundtrip"};
  EXPECT_EQ(BenchArgv("/opt/x/rocm-doctor-hip", r, 2),
            (std::vector<std::string>{"/opt/x/rocm-doctor-hip", "--bench", "--level", "standard",
                                      "--only", "memory,launch.roundtrip", "--device", "2"}));
  EXPECT_EQ(BenchArgv("rocm-doctor-hip", BenchRequest{}, std::nullopt),
            (std::vector<std::string>{"rocm-doctor-hip", "--bench", "--level", "quick"}));
  EXPECT_EQ(BenchProbeName(std::nullopt), "hip-bench");
  EXPECT_EQ(BenchProbeName(0), "hip-bench");
  EXPECT_EQ(BenchProbeName(3), "hip-bench.3");
}

TEST(HipBenchCollector, DeadlinesGrowWithTheLevel) {
  EXPECT_EQ(BenchTimeout(BenchLevel::kStandard), std::chrono::seconds(60));
  EXPECT_EQ(BenchTimeout(BenchLevel::kExtended), std::chrono::seconds(300));
  EXPECT_EQ(BenchTimeout(BenchLevel::kStress), std::chrono::seconds(900));
}

TEST(HipBenchCollector, ReplayReadsOneRecordingPerDevice) {
  FakeSystemView view;
  view.Command("hip-bench", ExitedWith(BenchJson(Mi300xDevice(0), HealthyMi300x())));
  const BenchFacts facts = Collect(view, Quick({0, 1}));
  ASSERT_EQ(facts.runs.size(), 2u);
  const BenchRun& first = facts.runs[0];
  EXPECT_EQ(first.run.state, HelperRunState::kOk) << first.run.detail;
  EXPECT_EQ(first.probe_name, "hip-bench");
  EXPECT_EQ(first.run.source, ".rocm-doctor/probes/hip-bench.json");
  EXPECT_EQ(first.run.argv, (std::vector<std::string>{"rocm-doctor-hip", "--bench", "--level",
                                                      "quick", "--device", "0"}));
  EXPECT_EQ(first.run.timeout_ms, 60000);
  EXPECT_EQ(first.report.benchmarks.size(), 22u);
  const BenchRun& second = facts.runs[1];
  EXPECT_EQ(second.probe_name, "hip-bench.1");
  EXPECT_EQ(second.run.state, HelperRunState::kNotRecorded);
  EXPECT_EQ(second.run.detail, "not recorded in this capture");
}

TEST(HipBenchCollector, NoDeviceListMeansOneRunOnTheHelpersDefault) {
  FakeSystemView view;
  view.Command("hip-bench", ExitedWith(BenchJson(Mi300xDevice(0), HealthyMi300x())));
  const BenchFacts facts = Collect(view, Quick({}));
  ASSERT_EQ(facts.runs.size(), 1u);
  EXPECT_FALSE(facts.runs[0].device);
  EXPECT_EQ(facts.runs[0].run.state, HelperRunState::kOk);
}

TEST(HipBenchCollector, ExitThreeWithTheRuntimesErrorIsData) {
  FakeSystemView view;
  view.Command("hip-bench",
               ExitedWith(R"({"format":1,"kind":"bench","backend":"hip","level":"quick",)"
                          R"("interrupted":false,"error":"hipErrorNoDevice: no ROCm-capable )"
                          R"(device is detected","device":null,"benchmarks":[]})",
                          3));
  const BenchRun run = Collect(view).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kOk);
  EXPECT_EQ(run.run.exit_code, 3);
  EXPECT_EQ(run.report.error, "hipErrorNoDevice: no ROCm-capable device is detected");
}

TEST(HipBenchCollector, UsageErrorGarbageAndAnotherDevice) {
  FakeSystemView usage;
  usage.Command("hip-bench", ExitedWith("", 2));
  BenchRun run = Collect(usage).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kError);
  EXPECT_EQ(run.run.detail,
            "exited with status 2 (usage error: rocm-doctor and rocm-doctor-hip are from "
            "different versions)");

  FakeSystemView garbage;
  garbage.Command("hip-bench", ExitedWith("Segmentation fault?\n"));
  run = Collect(garbage).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kBadOutput);
  EXPECT_EQ(run.run.detail.rfind("not valid JSON", 0), 0u) << run.run.detail;
  EXPECT_EQ(run.run.stdout_excerpt, "Segmentation fault?\\n");

  FakeSystemView other;
  other.Command("hip-bench", ExitedWith(BenchJson(Mi300xDevice(1), HealthyMi300x())));
  run = Collect(other).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kBadOutput);
  EXPECT_EQ(run.run.detail, "measured device 1, asked for 0");

  FakeSystemView cut;
  CommandOutcome truncated = ExitedWith(BenchJson(Mi300xDevice(0), HealthyMi300x()));
  truncated.truncated = true;
  cut.Command("hip-bench", truncated);
  EXPECT_EQ(Collect(cut).runs[0].run.state, HelperRunState::kBadOutput);
}

TEST(HipBenchCollector, HangCrashAndInterruption) {
  FakeSystemView hung;
  CommandOutcome timed_out = Ended(CommandOutcome::State::kTimedOut, SIGKILL);
  timed_out.error = "timed out after 300000 ms";
  hung.Command("hip-bench", timed_out);
  BenchRequest standard = Quick();
  standard.level = BenchLevel::kExtended;
  BenchRun run = Collect(hung, standard).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kTimedOut);
  EXPECT_EQ(run.run.detail, "timed out after 300000 ms");
  EXPECT_EQ(run.run.timeout_ms, 300000);
  EXPECT_EQ(run.run.stderr_tail, "bench: memory.triad 2/5 | HSA_STATUS_ERROR_EXCEPTION");

  FakeSystemView crashed;
  crashed.Command("hip-bench", Ended(CommandOutcome::State::kSignaled, SIGSEGV));
  run = Collect(crashed).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kCrashed);
  EXPECT_EQ(run.run.signal_name, "SIGSEGV");

  FakeSystemView stopped;
  stopped.Command("hip-bench", Ended(CommandOutcome::State::kSignaled, SIGINT, true));
  run = Collect(stopped).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kInterrupted);
  EXPECT_EQ(run.run.detail, "interrupted (Ctrl-C), ended by SIGINT");

  FakeSystemView printed;
  CommandOutcome partial = ExitedWith(
      BenchJson(Mi300xDevice(0), {{"memory.copy", "B/s", 4.2e12, 4.1e12, 4.0e12}}, true));
  partial.interrupted = true;
  printed.Command("hip-bench", partial);
  run = Collect(printed).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kOk);
  EXPECT_TRUE(run.run.interrupted);
  EXPECT_TRUE(run.report.interrupted);
}

TEST(HipBenchCollector, AMissingHelperIsSaidWithWhereItWasLooked) {
  FakeSystemView view;
  view.Replay(false);
  HelperLocation nowhere;
  nowhere.searched = {"/usr/bin/rocm-doctor-hip (not found)"};
  const BenchRun run = CollectHipBench(view, nowhere, Quick()).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kHelperMissing);
  EXPECT_EQ(run.run.searched, nowhere.searched);
}

// A real child through the real runner: its stderr reaches the progress callback line by line,
// prefixed with the device, while its stdout is parsed.
TEST(HipBenchCollector, ProgressLinesOfALiveRunArriveLineByLine) {
  TempTree tree;
  const std::string json = BenchJson(Mi300xDevice(0), HealthyMi300x());
  tree.File("out.json", json);
  tree.File("helper.sh",
            "#!/bin/sh\n"
            "echo 'bench: memory.copy 1/5' >&2\n"
            "printf 'bench: memory.triad 3/5\\nbench: partial' >&2\n"
            "printf ' line\\n' >&2\n"
            "cat \"$(dirname \"$0\")/out.json\"\n");
  ASSERT_EQ(::chmod(tree.At("helper.sh").c_str(), 0755), 0);
  system::LiveSystemView view;
  HelperLocation helper;
  helper.path = tree.At("helper.sh");
  std::vector<std::string> lines;
  BenchRequest request = Quick();
  request.progress = [&](std::string_view line) { lines.emplace_back(line); };
  const BenchRun run = CollectHipBench(view, helper, request).runs[0];
  EXPECT_EQ(run.run.state, HelperRunState::kOk) << run.run.detail;
  EXPECT_EQ(run.run.source, tree.At("helper.sh") + " --bench --level quick --device 0");
  EXPECT_EQ(lines, (std::vector<std::string>{"device 0: benchmarks at the standard level "
                                             "(rocm-doctor-hip --bench --level quick, at most "
                                             "60 s)",
                                             "device 0: bench: memory.copy 1/5",
                                             "device 0: bench: memory.triad 3/5",
                                             "device 0: bench: partial line"}));
}

}  // namespace
}  // namespace rocm_doctor::testing
