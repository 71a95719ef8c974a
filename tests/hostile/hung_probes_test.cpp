// SPDX-License-Identifier: MIT
// The live doctor with a stand-in rocm-doctor-hip (standin_helper.cpp) that hangs, crashes,
// floods its output, exits without JSON or leaves children behind: each must become the right
// TIMEOUT/ERROR finding within the probe's deadline + 1 s, leave no process of the helper's
// group running, and still give a complete, valid JSON report.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collect/hip_probe/hip_probe_collector.h"
#include "hostile/direct_run.h"
#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;

constexpr double kProbeDeadline = std::chrono::duration<double>(kHipProbeTimeout).count();

class StandinHelper {
 public:
  StandinHelper() { ::chmod(tree_.path().c_str(), 0755); }

  // The doctor, live, running only the HIP device check with the stand-in in `mode`. Run as a
  // plain child of the test (direct_run.h), so whatever it leaves behind is still there to see.
  DoctorRun Run(const std::string& mode) {
    const std::string helper = tree_.At(mode);
    ::symlink(ROCMDOC_STANDIN_HELPER, helper.c_str());
    testing::DirectSpec spec;
    spec.args = {"check", "--only", "runtime.hip_devices", "--format", "json"};
    spec.deadline = std::chrono::seconds(90);
    spec.env = {{"ROCMDOC_HIP_HELPER", helper},
                {"ROCMDOC_STANDIN_PIDS", PidFile(mode)},
                {"ROCMDOC_STANDIN_JSON", std::string(ROCMDOC_SOURCE_DIR) +
                                             "/tests/fixtures/hip_probe/h200-cuda-probe.json"}};
    return testing::RunDoctorDirect(spec);
  }

  // The pids the stand-in (and its children) recorded.
  std::vector<pid_t> Pids(const std::string& mode) const {
    std::ifstream in(PidFile(mode));
    std::vector<pid_t> pids;
    long pid = 0;
    while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
    return pids;
  }

 private:
  std::string PidFile(const std::string& mode) const { return tree_.At(mode + ".pids"); }
  testing::TempTree tree_;
};

// The report is complete: valid JSON with the check, its status, exit code and verdict.
const nlohmann::json& ExpectCompleteReport(const DoctorRun& run) {
  static const nlohmann::json kNone;
  EXPECT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_TRUE(run.JsonOk()) << "stdout is not a JSON object" << run.Context();
  if (!run.JsonOk()) return kNone;
  EXPECT_TRUE(run.report.contains("verdict")) << run.Context();
  EXPECT_EQ(run.report.value("exit_code", -1), run.outcome.exit_code) << run.Context();
  const nlohmann::json* check = testing::CheckById(run.report, "runtime.hip_devices");
  EXPECT_NE(check, nullptr) << run.Context();
  return check != nullptr ? *check : kNone;
}

std::vector<std::string> Codes(const nlohmann::json& check) {
  std::vector<std::string> codes;
  if (check.contains("findings")) {
    for (const auto& f : check["findings"]) codes.push_back(f.value("code", ""));
  }
  return codes;
}

std::string Messages(const nlohmann::json& check) {
  std::string text;
  if (check.contains("findings")) {
    for (const auto& f : check["findings"]) text += f.value("message", "") + "\n";
  }
  return text;
}

void ExpectNoSurvivor(const StandinHelper& standin, const std::string& mode,
                      std::size_t expected_pids) {
  const std::vector<pid_t> pids = standin.Pids(mode);
  EXPECT_EQ(pids.size(), expected_pids) << mode << ": the stand-in did not record its pids";
  for (pid_t pid : pids) {
    EXPECT_FALSE(testing::ProcessRuns(pid)) << mode << ": pid " << pid << " survived the doctor";
  }
}

TEST(HungProbes, AHangTimesOutWithinTheDeadline) {
  StandinHelper standin;
  const DoctorRun run = standin.Run("sleep");
  const nlohmann::json& check = ExpectCompleteReport(run);
  // The catalog's finding for a probe killed at its deadline. Its severity is the catalog's
  // choice: a HIP init that never returns is a wedged GPU (fail), not "could not tell".
  EXPECT_EQ(Codes(check), std::vector<std::string>{"bench.kernel.timeout"}) << run.Context();
  EXPECT_NE(Messages(check).find("did not finish within 20 s and was killed"), std::string::npos)
      << run.Context();
  // The check (the probe and judging it) within the probe's deadline + 1 s; the whole run adds
  // the doctor's own start and report.
  EXPECT_LT(check.value("duration_ms", 1e9), (kProbeDeadline + 1.0) * 1000) << run.Context();
  EXPECT_LT(run.seconds, kProbeDeadline + 10.0) << run.Context();
  EXPECT_GE(run.seconds, kProbeDeadline - 0.5);
  ExpectNoSurvivor(standin, "sleep", 1);
}

// Issue 13 item 7: a helper that answered and exited is judged by its own exit, even while
// something it started still holds its stdout (it used to be a 20 s "possible GPU hang").
TEST(HungProbes, AHeldPipeAfterTheHelperExitedIsNoHang) {
  StandinHelper standin;
  // holder: the grandchild stays in the helper's process group; holder-setsid: in a session
  // of its own, out of reach of the group kill.
  for (const char* mode : {"holder", "holder-setsid"}) {
    SCOPED_TRACE(mode);
    const DoctorRun run = standin.Run(mode);
    const nlohmann::json& check = ExpectCompleteReport(run);
    EXPECT_NE(check.value("status", ""), "timeout") << run.Context();
    for (const std::string& code : Codes(check)) {
      EXPECT_EQ(code.find("timeout"), std::string::npos) << code << run.Context();
    }
    // The helper's exit, then at most kExitDrainGrace (200 ms) for what is in the pipe.
    EXPECT_LT(check.value("duration_ms", 1e9), 2000.0) << run.Context();
    EXPECT_LT(run.seconds, 10.0) << run.Context();
    ExpectNoSurvivor(standin, mode, 2);
  }
}

TEST(HungProbes, CrashesAreErrorsNamingTheSignal) {
  StandinHelper standin;
  const struct {
    const char* mode;
    const char* signal;
  } cases[] = {{"segfault", "SIGSEGV"}, {"abort", "SIGABRT"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.mode);
    const DoctorRun run = standin.Run(c.mode);
    const nlohmann::json& check = ExpectCompleteReport(run);
    EXPECT_EQ(check.value("status", ""), "error") << run.Context();
    EXPECT_EQ(Codes(check), std::vector<std::string>{"runtime.hip.probe_crashed"}) << run.Context();
    EXPECT_NE(Messages(check).find(c.signal), std::string::npos) << run.Context();
    EXPECT_LT(run.seconds, kProbeDeadline) << run.Context();
    ExpectNoSurvivor(standin, c.mode, 1);
  }
}

TEST(HungProbes, ChattySilentAndHalfWrittenOutputAreErrors) {
  StandinHelper standin;
  for (const char* mode : {"chatty", "silent", "partial"}) {
    SCOPED_TRACE(mode);
    const DoctorRun run = standin.Run(mode);
    const nlohmann::json& check = ExpectCompleteReport(run);
    EXPECT_EQ(check.value("status", ""), "error") << run.Context();
    EXPECT_EQ(Codes(check), std::vector<std::string>{"runtime.hip.probe_failed"}) << run.Context();
    EXPECT_LT(run.seconds, kProbeDeadline) << run.Context();
    // The flood is bounded: the report quotes an excerpt, not 100 MB.
    EXPECT_LT(run.outcome.out.size(), std::size_t{1} << 20);
    ExpectNoSurvivor(standin, mode, 1);
  }
}

TEST(HungProbes, WhatTheHelperLeftBehindIsKilledWhenItExits) {
  // The helper answers and exits. detached: its child closed its streams and sleeps on in the
  // group; daemon: a double-forked grandchild in a session of its own (setsid), which only the
  // doctor's subreaper sweep can find.
  StandinHelper standin;
  for (const char* mode : {"detached", "daemon"}) {
    SCOPED_TRACE(mode);
    const DoctorRun run = standin.Run(mode);
    const nlohmann::json& check = ExpectCompleteReport(run);
    EXPECT_NE(check.value("status", ""), "timeout") << run.Context();
    EXPECT_LT(run.seconds, kProbeDeadline) << run.Context();
    ExpectNoSurvivor(standin, mode, 2);
  }
}

}  // namespace
}  // namespace rocm_doctor
