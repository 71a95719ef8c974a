// SPDX-License-Identifier: MIT
// Least privilege: the doctor works as an unprivileged user (root runs it as nobody through
// setpriv), writes nothing but its output, never runs or loads anything from a replayed
// machine directory, never runs a shell, and never puts an environment value on a command line.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hostile/doctor_run.h"
#include "rocm_doctor/check.h"
#include "rocm_doctor/forwarding_system_view.h"
#include "core/diagnose.h"
#include "system/live_system_view.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using testing::DoctorRun;

const std::string kHealthy = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/rx7900xtx-healthy";

// What nobody runs and reads, where nobody can reach it (testing::ReachableByNobody).
std::string Binary() {
  return ::geteuid() == 0 ? testing::ReachableByNobody(ROCMDOC_BINARY) : ROCMDOC_BINARY;
}
std::string Healthy() { return ::geteuid() == 0 ? testing::ReachableByNobody(kHealthy) : kHealthy; }

bool IsRoot() { return ::geteuid() == 0; }

// Everything under `dir`, for "was anything written here".
std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec)) out.push_back(e.path());
  return out;
}

void ExpectFullReport(const DoctorRun& run) {
  EXPECT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
  EXPECT_GE(run.outcome.exit_code, 0);
  EXPECT_LE(run.outcome.exit_code, 2) << run.Context();
  ASSERT_TRUE(run.JsonOk()) << run.Context();
  EXPECT_EQ(run.report.value("exit_code", -1), run.outcome.exit_code);
  ASSERT_TRUE(run.report.contains("checks"));
  // A default run selects every check but the benchmarks (--level) and the policy layer
  // (--policy).
  std::size_t default_checks = 0;
  for (const RegisteredCheck& check : CheckRegistry::Instance().All()) {
    if (check.info->cost != Cost::kBenchmark && check.info->layer != Layer::kPolicy) {
      ++default_checks;
    }
  }
  EXPECT_EQ(run.report["checks"].size(), default_checks)
      << "every check is in the report" << run.Context();
  EXPECT_TRUE(run.report.contains("verdict"));
}

// A private directory nobody can write to (and nothing else can), as TMPDIR and output.
class Scratch {
 public:
  Scratch() {
    ::chmod(tree_.path().c_str(), 0755);
    std::filesystem::create_directories(tree_.At("out"));
    std::filesystem::create_directories(tree_.At("tmp"));
    if (IsRoot()) {
      (void)!::chown(tree_.At("out").c_str(), 65534, 65534);
      (void)!::chown(tree_.At("tmp").c_str(), 65534, 65534);
    }
  }
  std::string Out() const { return tree_.At("out"); }
  std::string Tmp() const { return tree_.At("tmp"); }
  const testing::TempTree& tree() const { return tree_; }

 private:
  testing::TempTree tree_;
};

// Arguments around the doctor's: as nobody when root, in "/" (which it cannot write), with a
// HOME that does not exist and TMPDIR set to `tmp`.
DoctorRun RunUnprivileged(std::vector<std::string> args, const std::string& tmp) {
  std::vector<std::string> wrapped = {"-C", "/", "HOME=/nonexistent", "TMPDIR=" + tmp,
                                      Binary()};
  wrapped.insert(wrapped.end(), args.begin(), args.end());
  CommandSpec spec;
  spec.name = "doctor";
  if (IsRoot()) spec.argv = testing::AsNobody();
  spec.argv.push_back("env");
  spec.argv.insert(spec.argv.end(), wrapped.begin(), wrapped.end());
  spec.timeout = std::chrono::seconds(120);
  spec.max_output = 64 << 20;
  DoctorRun run;
  run.outcome = RunCommand(spec);
  run.report = nlohmann::json::parse(run.outcome.out, nullptr, false);
  return run;
}

TEST(LeastPrivilege, LiveCheckAsAnUnprivilegedUser) {
  Scratch scratch;
  const DoctorRun run = RunUnprivileged({"check", "--format", "json"}, scratch.Tmp());
  ExpectFullReport(run);
  const std::string user = run.report["host"].value("user", std::string());
  if (IsRoot()) EXPECT_NE(user, "root") << run.Context();
  EXPECT_TRUE(Entries(scratch.Tmp()).empty()) << "left files in TMPDIR";
}

TEST(LeastPrivilege, ReplayAndItsOutputsAsAnUnprivilegedUser) {
  Scratch scratch;
  const std::string report = scratch.Out() + "/report.json";
  const DoctorRun run =
      RunUnprivileged({"check", "--sysroot", Healthy(), "--format", "json", "-o", report},
                      scratch.Tmp());
  EXPECT_EQ(run.outcome.exit_code, 0) << run.Context();
  std::ifstream in(report);
  const nlohmann::json written = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(written.is_discarded()) << "no valid report at " << report << run.Context();
  EXPECT_EQ(written.value("exit_code", -1), 0);

  // A capture of it, and a replay of that capture packed as .tar.gz (unpacked under TMPDIR).
  const std::string archive = scratch.Out() + "/machine.tar.gz";
  const DoctorRun capture = RunUnprivileged({"capture", "--sysroot", Healthy(), "-o", archive},
                                            scratch.Tmp());
  EXPECT_EQ(capture.outcome.exit_code, 0) << capture.Context();
  const DoctorRun replay =
      RunUnprivileged({"check", "--sysroot", archive, "--format", "json"}, scratch.Tmp());
  ExpectFullReport(replay);
  EXPECT_EQ(replay.outcome.exit_code, 0) << replay.Context();
  EXPECT_EQ(Entries(scratch.Out()).size(), 2u) << "only the two outputs were written";
  EXPECT_TRUE(Entries(scratch.Tmp()).empty()) << "the unpacked archive was not removed";
}

TEST(LeastPrivilege, PermissionTestsSkippedAsRootRunAsNobody) {
  if (!IsRoot()) GTEST_SKIP() << "not root: test_system runs these three itself";
  const char* tests =
      "LiveSystemView.PermissionDeniedIsNotNotFound:"
      "MachineDirView.UnreadableDirectoryIsPermissionDenied:"
      "RootResolver.PermissionDeniedStaysPermissionDenied";
  CommandSpec spec;
  spec.name = "test_system";
  spec.argv = testing::AsNobody();
  spec.argv.insert(spec.argv.end(),
                   // ctest may run this executable as one shard of several (GTEST_TOTAL_SHARDS,
                   // tests/CMakeLists.txt): the child runs all three whatever this shard is.
                   {"env", "-u", "GTEST_TOTAL_SHARDS", "-u", "GTEST_SHARD_INDEX", "TMPDIR=/tmp",
                    testing::ReachableByNobody(ROCMDOC_TEST_SYSTEM),
                    std::string("--gtest_filter=") + tests});
  spec.timeout = std::chrono::seconds(120);
  const CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  EXPECT_EQ(out.exit_code, 0) << out.out << out.err;
  EXPECT_NE(out.out.find("[  PASSED  ] 3 tests."), std::string::npos) << out.out;
  EXPECT_EQ(out.out.find("SKIPPED"), std::string::npos) << out.out;
}

// A machine directory full of things that would leave a marker if anything ran them: the
// helper and tools where the doctor or a PATH would find them, and a libamdhip64 whose
// constructor writes a marker when loaded.
class BoobyTrappedMachine : public ::testing::Test {
 protected:
  void SetUp() override {
    ::chmod(tree_.path().c_str(), 0755);
    std::error_code ec;
    fs::copy(kHealthy, Machine(), fs::copy_options::recursive | fs::copy_options::copy_symlinks,
             ec);
    ASSERT_FALSE(ec) << ec.message();
    fs::create_directories(Markers());
    for (const char* rel : {"usr/bin/rocm-doctor-hip", "usr/libexec/rocm-doctor/rocm-doctor-hip",
                            "opt/rocm-6.2.0/bin/rocminfo", "opt/rocm-6.2.0/bin/rocm-smi",
                            "usr/bin/dmesg", "bin/sh", "usr/bin/python3", "usr/bin/env"}) {
      Trap(rel);
    }
    for (const char* rel : {"opt/rocm-6.2.0/lib/libamdhip64.so.6", "opt/rocm-6.2.0/lib/libamdhip64.so",
                            "opt/rocm-6.2.0/lib/libhsa-runtime64.so"}) {
      fs::remove(Machine() + "/" + rel);
      fs::copy_file(ROCMDOC_MARKER_LIBRARY, Machine() + "/" + rel);
    }
    // Nothing recorded: a replay that ran probes would have to run them now.
    fs::remove_all(Machine() + "/.rocm-doctor/probes");
  }

  void Trap(const std::string& rel) {
    const std::string path = Machine() + "/" + rel;
    fs::create_directories(fs::path(path).parent_path());
    fs::remove(path);
    std::ofstream(path) << "#!/bin/sh\necho ran > '" << Markers() << "/" << fs::path(rel).filename().string()
                        << "'\necho '{}'\n";
    ::chmod(path.c_str(), 0755);
  }

  std::string Machine() const { return tree_.At("machine"); }
  std::string Markers() const { return tree_.At("markers"); }
  std::map<std::string, std::string> Env() const {
    const std::string bins = Machine() + "/usr/bin:" + Machine() + "/bin:" + Machine() +
                             "/opt/rocm-6.2.0/bin";
    return {{"ROCMDOC_MARKER_DIR", Markers()},
            {"ROCMDOC_HIP_HELPER", Machine() + "/usr/bin/rocm-doctor-hip"},
            {"PATH", bins + ":" + std::string(std::getenv("PATH") ? std::getenv("PATH") : "")},
            {"LD_LIBRARY_PATH", Machine() + "/opt/rocm-6.2.0/lib"},
            {"ROCM_PATH", Machine() + "/opt/rocm-6.2.0"}};
  }

  testing::TempTree tree_;
};

TEST_F(BoobyTrappedMachine, TheTrapsWorkWhenRun) {
  // The positive control: run directly, a trap leaves its marker; loaded, the library does.
  CommandSpec spec;
  spec.name = "trap";
  spec.argv = {Machine() + "/usr/bin/rocm-doctor-hip", "--probe"};
  spec.extra_env = Env();
  EXPECT_EQ(RunCommand(spec).exit_code, 0);
  const DoctorRun load = testing::RunDoctor(
      {"probe-load", Machine() + "/opt/rocm-6.2.0/lib/libamdhip64.so.6"},
      std::chrono::seconds(30), Env());
  EXPECT_EQ(load.outcome.exit_code, 0) << load.Context();
  EXPECT_TRUE(fs::exists(Markers() + "/rocm-doctor-hip"));
  EXPECT_EQ(Entries(Markers()).size(), 2u) << "the library's constructor left no marker";
}

TEST_F(BoobyTrappedMachine, ReplayRunsAndLoadsNothingFromTheDirectory) {
  for (const char* format : {"json", "terminal"}) {
    const DoctorRun run = testing::RunDoctor({"check", "--sysroot", Machine(), "--format", format},
                                             std::chrono::seconds(60), Env());
    EXPECT_EQ(run.outcome.state, CommandOutcome::State::kExited) << run.Context();
    EXPECT_LE(run.outcome.exit_code, 2) << run.Context();
  }
  const DoctorRun capture = testing::RunDoctor(
      {"capture", "--sysroot", Machine(), "-o", tree_.At("recaptured")}, std::chrono::seconds(60),
      Env());
  EXPECT_EQ(capture.outcome.exit_code, 0) << capture.Context();
  EXPECT_EQ(Entries(Markers()), std::vector<std::string>{}) << "something ran or was loaded";
}

// Records every command the doctor asks for and runs none of them; everything else is the live
// host's.
class CommandSpy : public ForwardingSystemView {
 public:
  CommandSpy() : ForwardingSystemView(std::make_shared<system::LiveSystemView>()) {}
  std::string Describe() const override { return "command spy"; }
  CommandOutcome Run(const CommandSpec& spec) const override {
    std::lock_guard lock(mutex_);
    specs_.push_back(spec);
    CommandOutcome out;
    out.state = CommandOutcome::State::kSpawnFailed;
    out.error = "not run by the test";
    return out;
  }
  std::vector<CommandSpec> specs() const {
    std::lock_guard lock(mutex_);
    return specs_;
  }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<CommandSpec> specs_;
};

TEST(LeastPrivilege, NoShellAndNoEnvironmentValueOnACommandLine) {
  // Values that would do harm in a shell, in every variable the doctor reads.
  const std::string marker = "ROCMDOC-ENV-MARK;$(touch /tmp/x)`id`";
  const char* variables[] = {"HSA_OVERRIDE_GFX_VERSION", "HIP_VISIBLE_DEVICES",
                             "ROCR_VISIBLE_DEVICES",     "CUDA_VISIBLE_DEVICES",
                             "GPU_DEVICE_ORDINAL",       "HIP_PLATFORM",
                             "ROCM_PATH",                "HIP_PATH",
                             "LD_LIBRARY_PATH",          "PYTHONPATH",
                             "VIRTUAL_ENV",              "CONDA_PREFIX",
                             "AMD_LOG_LEVEL",            "container",
                             "WSL_DISTRO_NAME",          "KUBERNETES_SERVICE_HOST"};
  for (const char* name : variables) ::setenv(name, (marker + name).c_str(), 1);
  // The helper's path is the one value that picks a program: it may only ever be argv[0].
  testing::TempTree tree;
  const std::string helper = tree.At("rocm-doctor-hip");
  std::ofstream(helper) << "#!/bin/sh\nexit 0\n";
  ::chmod(helper.c_str(), 0755);
  ::setenv("ROCMDOC_HIP_HELPER", helper.c_str(), 1);
  auto spy = std::make_shared<CommandSpy>();  // snapshots the environment
  RunRequest request;
  for (const RegisteredCheck& check : CheckRegistry::Instance().All()) {
    request.checks.push_back(&check);
  }
  Diagnose(spy, request, std::nullopt);
  for (const char* name : variables) ::unsetenv(name);
  ::unsetenv("ROCMDOC_HIP_HELPER");

  const std::vector<CommandSpec> specs = spy->specs();
  ASSERT_FALSE(specs.empty()) << "the doctor asked to run nothing: the test proves nothing";
  bool helper_asked = false;
  for (const CommandSpec& spec : specs) {
    ASSERT_FALSE(spec.argv.empty()) << spec.name;
    const std::string program = fs::path(spec.argv[0]).filename();
    for (const char* shell : {"sh", "bash", "dash", "zsh", "ksh", "busybox", "env"}) {
      EXPECT_NE(program, shell) << spec.name << " runs through a shell";
    }
    for (std::size_t i = 0; i < spec.argv.size(); ++i) {
      // `python3 -c SNIPPET` is the frameworks probe: the interpreter, not a shell, reads it.
      if (program.rfind("python", 0) != 0) EXPECT_NE(spec.argv[i], "-c") << spec.name;
      EXPECT_EQ(spec.argv[i].find("ROCMDOC-ENV-MARK"), std::string::npos)
          << spec.name << " argv[" << i << "] carries an environment value: " << spec.argv[i];
      if (i > 0) EXPECT_NE(spec.argv[i], helper) << spec.name;
    }
    for (const auto& [name, value] : spec.extra_env) {
      EXPECT_EQ(value.find("ROCMDOC-ENV-MARK"), std::string::npos) << spec.name << " " << name;
    }
    helper_asked = helper_asked || spec.argv[0] == helper;
  }
  EXPECT_TRUE(helper_asked) << "the HIP probe was not asked for";
}

}  // namespace
}  // namespace rocm_doctor
