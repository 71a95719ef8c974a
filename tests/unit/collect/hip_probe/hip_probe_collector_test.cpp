// SPDX-License-Identifier: MIT
// CollectHipProbe: every way the helper can end (docs/hip-helper.md "How the doctor runs it").
#include "collect/hip_probe/hip_probe_collector.h"

#include <gtest/gtest.h>

#include <memory>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kNoDevice[] =
    R"({"helper":"rocm-doctor-hip","version":1,"backend":"hip","targets":["gfx90a","gfx1030"],)"
    R"("runtime_version":50221153,"driver_version":50221153,"device_count":0,"error":{"code":100,)"
    R"("name":"hipErrorNoDevice","message":"hipErrorNoDevice","call":"hipGetDeviceCount"},)"
    R"("devices":[]})";

// Remembers the CommandSpec it was asked to run.
class SpyView : public FakeSystemView {
 public:
  CommandOutcome Run(const CommandSpec& spec) const override {
    last_ = spec;
    ++runs_;
    return FakeSystemView::Run(spec);
  }
  mutable CommandSpec last_;
  mutable int runs_ = 0;
};

CommandOutcome Exited(int code, std::string out, std::string err = "") {
  CommandOutcome o;
  o.state = CommandOutcome::State::kExited;
  o.exit_code = code;
  o.out = std::move(out);
  o.err = std::move(err);
  o.wall_seconds = 0.4;
  return o;
}

CommandOutcome Ended(CommandOutcome::State state, int signal, std::string error = "",
                     std::string err = "") {
  CommandOutcome o;
  o.state = state;
  o.signal = signal;
  o.error = std::move(error);
  o.err = std::move(err);
  return o;
}

const HelperLocation kFound{"/opt/rd/libexec/rocm-doctor/rocm-doctor-hip", {}};

TEST(CollectHipProbe, LiveRunsTheLocatedHelperWithADeadline) {
  SpyView view;
  view.Replay(false);
  view.Command("hip-probe", Exited(0, std::string(kNoDevice) + "\n"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(view.last_.name, "hip-probe");
  EXPECT_EQ(view.last_.argv,
            (std::vector<std::string>{"/opt/rd/libexec/rocm-doctor/rocm-doctor-hip", "--probe"}));
  EXPECT_EQ(view.last_.timeout, std::chrono::seconds(20));
  EXPECT_TRUE(view.last_.extra_env.empty());  // the user's environment is what is diagnosed
  EXPECT_EQ(f.state, HipProbeState::kParsed);
  EXPECT_EQ(f.source, "/opt/rd/libexec/rocm-doctor/rocm-doctor-hip --probe");
  EXPECT_EQ(f.exit_code, 0);
  EXPECT_EQ(f.timeout_ms, 20000);
  EXPECT_EQ(f.report.device_count, 0);
  ASSERT_TRUE(f.report.error.has_value());
  EXPECT_EQ(f.report.error->name, "hipErrorNoDevice");
}

TEST(CollectHipProbe, ReplayServesTheRecordingWhateverThePath) {
  SpyView view;
  view.Command("hip-probe", Exited(0, kNoDevice));
  HipProbeFacts f = CollectHipProbe(view, HelperLocation{});
  EXPECT_EQ(view.last_.argv, (std::vector<std::string>{"rocm-doctor-hip", "--probe"}));
  EXPECT_EQ(f.state, HipProbeState::kParsed);
  EXPECT_EQ(f.source, ".rocm-doctor/probes/hip-probe.json");
}

// A fix names the helper where the captured machine has it (issue 15: "a fix that names the
// helper uses the path where it is installed"); a recorded argv[0] that is not such a path
// (relative, another program, control characters) is not trusted and the name stays.
TEST(CollectHipProbe, ReplayTakesTheHelperPathFromTheRecording) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"/usr/libexec/rocm-doctor/rocm-doctor-hip", "/usr/libexec/rocm-doctor/rocm-doctor-hip"},
      {"/opt/my tools/rocm-doctor-hip", "/opt/my tools/rocm-doctor-hip"},
      {"rocm-doctor-hip", "rocm-doctor-hip"},
      {"/bin/sh", "rocm-doctor-hip"},
      {"/tmp/\x1b[31m/rocm-doctor-hip", "rocm-doctor-hip"},
      {"/rocm-doctor-hip", "/rocm-doctor-hip"},
  };
  for (const auto& [recorded, expected] : cases) {
    SpyView view;
    CommandOutcome outcome = Exited(0, kNoDevice);
    outcome.recorded_argv = {recorded, "--probe"};
    view.Command("hip-probe", outcome);
    HipProbeFacts f = CollectHipProbe(view, HelperLocation{});
    ASSERT_FALSE(f.argv.empty());
    EXPECT_EQ(f.argv.front(), expected) << recorded;
    EXPECT_EQ(f.state, HipProbeState::kParsed);
  }
}

TEST(CollectHipProbe, ReplayWithoutRecordingIsNotRecorded) {
  SpyView view;
  HipProbeFacts f = CollectHipProbe(view, HelperLocation{});
  EXPECT_EQ(f.state, HipProbeState::kNotRecorded);
  EXPECT_EQ(f.detail, "not recorded in this capture");
  EXPECT_EQ(ToString(f.state), "not_recorded");
}

TEST(CollectHipProbe, LiveWithoutHelperRunsNothingAndSaysWhereItLooked) {
  SpyView view;
  view.Replay(false);
  HelperLocation missing{"",
                         {"/usr/bin/rocm-doctor-hip (not found)",
                          "/usr/libexec/rocm-doctor/rocm-doctor-hip (not found)"}};
  HipProbeFacts f = CollectHipProbe(view, missing);
  EXPECT_EQ(view.runs_, 0);
  EXPECT_EQ(f.state, HipProbeState::kHelperMissing);
  EXPECT_EQ(f.searched, missing.searched);
  EXPECT_EQ(ToString(f.state), "helper_missing");
}

TEST(CollectHipProbe, SpawnFailureIsAnError) {
  FakeSystemView view;
  view.Replay(false);
  view.Command("hip-probe", Ended(CommandOutcome::State::kSpawnFailed, 0,
                                  "/x/rocm-doctor-hip: Permission denied"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kError);
  EXPECT_EQ(f.detail, "could not be started: /x/rocm-doctor-hip: Permission denied");
}

TEST(CollectHipProbe, TimeoutIsTimedOut) {
  FakeSystemView view;
  view.Command("hip-probe", Ended(CommandOutcome::State::kTimedOut, 9, "timed out after 20000 ms"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kTimedOut);
  EXPECT_EQ(f.signal, 9);
  EXPECT_EQ(f.detail, "timed out after 20000 ms");
}

TEST(CollectHipProbe, SignalIsCrashedWithItsNameAndStderr) {
  FakeSystemView view;
  view.Command("hip-probe", Ended(CommandOutcome::State::kSignaled, 6, "",
                                  "loading\n:0:rocdevice.cpp :2614: Aborting\n\n"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kCrashed);
  EXPECT_EQ(f.signal, 6);
  EXPECT_EQ(f.signal_name, "SIGABRT");
  EXPECT_EQ(f.detail, "killed by SIGABRT");
  EXPECT_EQ(f.stderr_tail, "loading | :0:rocdevice.cpp :2614: Aborting");
  EXPECT_EQ(ToString(f.state), "crashed");
}

TEST(CollectHipProbe, UsageErrorMeansVersionMismatch) {
  FakeSystemView view;
  view.Command("hip-probe", Exited(2, "", "rocm-doctor-hip: unknown option --probe\n"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kError);
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_NE(f.detail.find("different versions"), std::string::npos) << f.detail;
  EXPECT_EQ(f.stderr_tail, "rocm-doctor-hip: unknown option --probe");
}

TEST(CollectHipProbe, LoaderFailureNamesTheMissingLibrary) {
  FakeSystemView view;
  view.Command("hip-probe",
               Exited(127, "",
                      "rocm-doctor-hip: error while loading shared libraries: libamdhip64.so.5: "
                      "cannot open shared object file: No such file or directory\n"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kError);
  EXPECT_NE(f.detail.find("dynamic loader"), std::string::npos) << f.detail;
  EXPECT_NE(f.stderr_tail.find("libamdhip64.so.5"), std::string::npos);
}

TEST(CollectHipProbe, GarbageOnStdoutIsBadOutputWithAPrintableExcerpt) {
  FakeSystemView view;
  view.Command("hip-probe", Exited(0, "\x1b[31mSegmentation\x01 fault\n"));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kBadOutput);
  EXPECT_NE(f.detail.find("not valid JSON"), std::string::npos) << f.detail;
  EXPECT_EQ(f.stdout_excerpt, "\\x1b[31mSegmentation\\x01 fault\\n");
  EXPECT_EQ(ToString(f.state), "bad_output");
}

TEST(CollectHipProbe, OutputCutByTheRunnerIsBadOutput) {
  // A runaway helper printing 100 MB: the runner keeps max_output bytes and says so.
  FakeSystemView view;
  CommandOutcome o = Exited(0, std::string(kNoDevice).substr(0, 60));
  o.truncated = true;
  view.Command("hip-probe", o);
  HipProbeFacts f = CollectHipProbe(view, kFound);
  EXPECT_EQ(f.state, HipProbeState::kBadOutput);
  EXPECT_TRUE(f.output_truncated);
  EXPECT_NE(f.detail.find("cut"), std::string::npos) << f.detail;
}

TEST(CollectHipProbe, EchoesTheVisibilityVariablesThatAreSet) {
  FakeSystemView view;
  view.Env("HIP_VISIBLE_DEVICES", "-1").Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  view.Command("hip-probe", Exited(0, kNoDevice));
  HipProbeFacts f = CollectHipProbe(view, kFound);
  ASSERT_EQ(f.visibility_env.size(), 1u);
  EXPECT_EQ(f.visibility_env[0].first, "HIP_VISIBLE_DEVICES");
  EXPECT_EQ(f.visibility_env[0].second, "-1");
}

}  // namespace
}  // namespace rocm_doctor::testing
