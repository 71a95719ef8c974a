// SPDX-License-Identifier: MIT
// Issue 13 item 8: SIGINT/SIGTERM at any moment of `check` and `gate` give one behaviour - a
// partial report marked interrupted, written to every output asked for, and exit 130/143 - and
// never a report that calls a probe cut by the signal "crashed". A signal after the diagnosis
// (while the outputs are written) changes nothing: the outputs are complete and the exit status
// is the report's own. A second signal at least 0.5 s after the first ends the doctor at once,
// and then, as at any exit, nothing it started survives (issue 13 item 7).
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <future>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hostile/direct_run.h"
#include "hostile/doctor_run.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::DoctorRun;
using testing::TempTree;

const std::string kNoDeviceMachine = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/hip-no-devices";

int ExitFor(int signal_number) { return 128 + signal_number; }
const char* NameOf(int signal_number) { return signal_number == SIGINT ? "SIGINT" : "SIGTERM"; }

nlohmann::json ParseFile(const std::string& path) {
  return nlohmann::json::parse(testing::SlurpFile(path), nullptr, false);
}

// A partial report: marked, the exit code in it, no check "crashed", and every check that did
// not finish says core.run.interrupted.
void ExpectInterruptedReport(const nlohmann::json& report, int signal_number,
                             const std::string& context) {
  ASSERT_TRUE(report.is_object()) << context;
  EXPECT_EQ(report.value("interrupted", false), true) << context;
  EXPECT_EQ(report.value("interrupted_by", ""), NameOf(signal_number)) << context;
  EXPECT_EQ(report.value("exit_code", -1), ExitFor(signal_number)) << context;
  ASSERT_TRUE(report.contains("checks")) << context;
  std::size_t interrupted = 0;
  for (const testing::FoundFinding& f : testing::Findings(report)) {
    EXPECT_EQ(f.code.find("crash"), std::string::npos) << f.check << ": " << f.code << context;
    EXPECT_EQ(f.text.find("crashed"), std::string::npos) << f.check << ": " << f.text << context;
    if (f.code == "core.run.interrupted") {
      ++interrupted;
      EXPECT_EQ(f.status, "unknown") << context;
      EXPECT_NE(f.text.find(NameOf(signal_number)), std::string::npos) << f.text << context;
    }
  }
  EXPECT_GT(interrupted, 0u) << context;
}

class Stubs {
 public:
  Stubs() { ::chmod(tree_.path().c_str(), 0755); }
  std::string Link(const std::string& mode) {
    const std::string path = tree_.At(mode);
    ::symlink(ROCMDOC_STANDIN_HELPER, path.c_str());
    return path;
  }
  std::string At(const std::string& name) const { return tree_.At(name); }
  std::vector<pid_t> Pids(const std::string& file) const {
    std::ifstream in(At(file));
    std::vector<pid_t> pids;
    long pid = 0;
    while (in >> pid) pids.push_back(static_cast<pid_t>(pid));
    return pids;
  }
  // No recorded process runs (waits a little for the last reaps); kills any survivor.
  void ExpectNoSurvivor(const std::string& file, std::size_t expected) const {
    const std::vector<pid_t> pids = Pids(file);
    EXPECT_EQ(pids.size(), expected) << file;
    for (pid_t pid : pids) {
      bool runs = testing::ProcessRuns(pid);
      for (int i = 0; i < 100 && runs; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        runs = testing::ProcessRuns(pid);
      }
      EXPECT_FALSE(runs) << file << ": pid " << pid << " survived the doctor";
      if (runs) ::kill(pid, SIGKILL);
    }
  }

 private:
  TempTree tree_;
};

// The live doctor with only the HIP device check, its helper the stand-in in `mode`.
testing::DirectSpec LiveProbe(Stubs& stubs, const std::string& mode,
                              std::vector<std::string> more_args = {}) {
  testing::DirectSpec spec;
  spec.args = {"check", "--only", "runtime.hip_devices", "--format", "json"};
  spec.args.insert(spec.args.end(), more_args.begin(), more_args.end());
  spec.deadline = std::chrono::seconds(60);
  spec.env = {{"ROCMDOC_HIP_HELPER", stubs.Link(mode)},
              {"ROCMDOC_STANDIN_PIDS", stubs.At(mode + ".pids")}};
  return spec;
}

TEST(Signals, BeforeTheChecksStartEveryOutputHasThePartialReport) {
  for (int signal_number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(NameOf(signal_number));
    Stubs stubs;
    // The signal is pending before the doctor's first instruction (the wrapper blocks it,
    // raises it and execs the doctor): handled as soon as the handlers are in place.
    testing::DirectSpec spec;
    spec.wrapper = {stubs.Link(std::string("pending-") + NameOf(signal_number))};
    const std::string json_file = stubs.At("report.json");
    const std::string junit_file = stubs.At("report.xml");
    const std::string md_file = stubs.At("report.md");
    spec.args = {"check",       "--sysroot",          kNoDeviceMachine,    "--format", "json", "-o",
                 "json=" + json_file, "-o", "junit=" + junit_file, "-o", "markdown=" + md_file};
    spec.deadline = std::chrono::seconds(30);
    const DoctorRun run = testing::RunDoctorDirect(spec);
    ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
    EXPECT_EQ(run.outcome.exit_code, ExitFor(signal_number)) << run.Context();
    ExpectInterruptedReport(run.report, signal_number, run.Context());
    // Nothing ran: every check is "not run".
    for (const testing::FoundFinding& f : testing::Findings(run.report)) {
      EXPECT_EQ(f.code, "core.run.interrupted") << f.check;
      EXPECT_NE(f.text.find("was not run"), std::string::npos) << f.text;
    }
    EXPECT_EQ(ParseFile(json_file), run.report);
    EXPECT_NE(testing::SlurpFile(junit_file).find("core.run.interrupted"), std::string::npos);
    EXPECT_NE(testing::SlurpFile(md_file).find("core.run.interrupted"), std::string::npos);
  }
}

TEST(Signals, GateBeforeTheChecksStartLeavesTheNodeAlone) {
  Stubs stubs;
  testing::DirectSpec spec;
  spec.wrapper = {stubs.Link("pending-SIGTERM")};
  const std::string json_file = stubs.At("gate.json");
  spec.args = {"gate", "--npd", "--sysroot", kNoDeviceMachine, "-o", json_file};
  spec.deadline = std::chrono::seconds(30);
  const DoctorRun run = testing::RunDoctorDirect(spec);
  ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_EQ(run.outcome.exit_code, 143) << run.Context();
  EXPECT_NE(run.outcome.out.find("interrupted by SIGTERM"), std::string::npos) << run.Context();
  EXPECT_LE(run.outcome.out.size(), 81u) << run.Context();  // NPD: one line of <= 80 bytes
  ExpectInterruptedReport(ParseFile(json_file), SIGTERM, run.Context());
}

TEST(Signals, DuringAProbeTheProbeIsInterruptedNotCrashed) {
  for (int signal_number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(NameOf(signal_number));
    Stubs stubs;
    const std::string json_file = stubs.At("report.json");
    testing::DirectSpec spec = LiveProbe(stubs, "sleep", {"-o", "json=" + json_file});
    bool sent = false;
    spec.tick = [&](pid_t doctor, double) {
      // Once the stand-in runs (it recorded its pid; its parent is the doctor).
      const pid_t helper = testing::FirstPid(stubs.At("sleep.pids"));
      if (sent || helper == 0 || testing::ParentOf(helper) != doctor) return;
      ::kill(doctor, signal_number);
      sent = true;
    };
    const DoctorRun run = testing::RunDoctorDirect(spec);
    ASSERT_TRUE(sent) << run.Context();
    ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
    EXPECT_EQ(run.outcome.exit_code, ExitFor(signal_number)) << run.Context();
    // The stand-in dies of the forwarded signal at once: no grace time spent.
    EXPECT_LT(run.seconds, 8.0) << run.Context();
    ExpectInterruptedReport(run.report, signal_number, run.Context());
    const nlohmann::json* check = testing::CheckById(run.report, "runtime.hip_devices");
    ASSERT_NE(check, nullptr) << run.Context();
    EXPECT_EQ(check->value("status", ""), "unknown") << run.Context();
    EXPECT_EQ(ParseFile(json_file), run.report);
    stubs.ExpectNoSurvivor("sleep.pids", 1);
  }
}

TEST(Signals, TheSameSignalTwiceAtOnceIsOneInterruption) {
  // timeout(1) sends SIGTERM to the process and then to its process group: two deliveries
  // microseconds apart are one request, not "the user insists".
  Stubs stubs;
  testing::DirectSpec spec = LiveProbe(stubs, "sleep");
  bool sent = false;
  spec.tick = [&](pid_t doctor, double) {
    const pid_t helper = testing::FirstPid(stubs.At("sleep.pids"));
    if (sent || helper == 0 || testing::ParentOf(helper) != doctor) return;
    ::kill(doctor, SIGTERM);
    ::kill(doctor, SIGTERM);
    sent = true;
  };
  const DoctorRun run = testing::RunDoctorDirect(spec);
  ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_EQ(run.outcome.exit_code, 143) << run.Context();
  ExpectInterruptedReport(run.report, SIGTERM, run.Context());
  stubs.ExpectNoSurvivor("sleep.pids", 1);
}

TEST(Signals, AfterTheDiagnosisTheOutputsAreCompletedAndTheStatusIsTheReports) {
  // The outputs are being written (the doctor waits for a reader of the FIFO named by -o)
  // when the signal comes: every output is the same complete report, and the exit status is
  // the one in it.
  Stubs stubs;
  const std::string fifo = stubs.At("report.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string junit_file = stubs.At("report.xml");
  testing::DirectSpec spec;
  spec.args = {"check", "--sysroot", kNoDeviceMachine, "--format", "json",
               "-o",    "json=" + fifo, "-o", "junit=" + junit_file};
  spec.deadline = std::chrono::seconds(30);
  int reader = -1;
  std::string from_fifo;
  spec.tick = [&](pid_t doctor, double) {
    if (reader < 0) {
      // The report on stdout (a file here) is complete: the doctor has moved on to the FIFO,
      // where it waits for a reader.
      const std::string out =
          testing::SlurpFile("/proc/" + std::to_string(doctor) + "/fd/1");
      if (out.size() < 2 || out.substr(out.size() - 2) != "}\n") return;
      ::kill(doctor, SIGINT);
      reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      return;
    }
    char buffer[65536];
    ssize_t n = 0;
    while ((n = ::read(reader, buffer, sizeof buffer)) > 0) {
      from_fifo.append(buffer, static_cast<std::size_t>(n));
    }
  };
  const DoctorRun run = testing::RunDoctorDirect(spec);
  if (reader >= 0) {
    char buffer[65536];
    ssize_t n = 0;
    while ((n = ::read(reader, buffer, sizeof buffer)) > 0) {
      from_fifo.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(reader);
  }
  ASSERT_GE(reader, 0) << run.Context();
  ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  ASSERT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_FALSE(run.report.contains("interrupted")) << run.Context();
  EXPECT_EQ(run.outcome.exit_code, run.report.value("exit_code", -1)) << run.Context();
  EXPECT_EQ(nlohmann::json::parse(from_fifo, nullptr, false), run.report) << from_fifo;
  EXPECT_NE(testing::SlurpFile(junit_file).find("<testsuites"), std::string::npos);
}

TEST(Signals, AStubbornProbeIsKilledAfterItsGraceAndNothingItLeftSurvives) {
  // The stand-in ignores SIGTERM and leaves a grandchild (that ignores it too) in a session of
  // its own: the runner kills it after kInterruptGrace (10 s), the sweep kills the grandchild.
  Stubs stubs;
  const std::string json_file = stubs.At("report.json");
  testing::DirectSpec spec = LiveProbe(stubs, "stubborn", {"-o", "json=" + json_file});
  bool sent = false;
  spec.tick = [&](pid_t doctor, double) {
    if (sent || stubs.Pids("stubborn.pids").size() < 2) return;
    ::kill(doctor, SIGTERM);
    sent = true;
  };
  const DoctorRun run = testing::RunDoctorDirect(spec);
  ASSERT_TRUE(sent) << run.Context();
  ASSERT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_EQ(run.outcome.exit_code, 143) << run.Context();
  EXPECT_LT(run.seconds, 20.0) << run.Context();
  ExpectInterruptedReport(run.report, SIGTERM, run.Context());
  EXPECT_EQ(ParseFile(json_file), run.report);
  stubs.ExpectNoSurvivor("stubborn.pids", 2);
}

TEST(Signals, ASecondSignalEndsTheDoctorAtOnceAndNothingSurvives) {
  Stubs stubs;
  testing::DirectSpec spec = LiveProbe(stubs, "stubborn");
  double first_at = -1;
  bool second = false;
  spec.tick = [&](pid_t doctor, double seconds) {
    if (first_at < 0) {
      if (stubs.Pids("stubborn.pids").size() < 2) return;
      ::kill(doctor, SIGINT);
      first_at = seconds;
    } else if (!second && seconds - first_at > 0.8) {
      ::kill(doctor, SIGINT);  // the user insists
      second = true;
    }
  };
  const DoctorRun run = testing::RunDoctorDirect(spec);
  ASSERT_TRUE(second) << run.Context();
  EXPECT_EQ(run.outcome.state, CommandOutcome::State::kSignaled) << run.Context();
  EXPECT_EQ(run.outcome.signal, SIGINT) << run.Context();
  EXPECT_LT(run.seconds - first_at, 3.0) << run.Context();
  stubs.ExpectNoSurvivor("stubborn.pids", 2);
}

}  // namespace
}  // namespace rocm_doctor
