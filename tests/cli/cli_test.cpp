// SPDX-License-Identifier: MIT
// Whole-binary tests of the command line, including the live test on this very host.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rocm_doctor/check.h"
#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

CommandOutcome Doctor(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(60);
  spec.extra_env = std::move(env);
  CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  return out;
}

nlohmann::json Json(const CommandOutcome& out) {
  auto j = nlohmann::json::parse(out.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON: " << out.out.substr(0, 300);
  return j;
}

bool HasRootCause(const nlohmann::json& report, std::string_view code) {
  for (const auto& c : report["root_causes"]) {
    if (c["code"] == code) return true;
  }
  return false;
}

// This machine is a real patient: a VM with only virtio devices on its PCI bus and no AMD GPU.
// The doctor must fail with hardware.gpu.none_found and say what it saw instead.
TEST(LiveHost, NoAmdGpuIsTheRootCauseAndNamesWhatIsThere) {
  std::error_code ec;
  bool has_amd = false;
  for (const auto& e : std::filesystem::directory_iterator("/sys/bus/pci/devices", ec)) {
    std::ifstream vendor(e.path() / "vendor");
    std::string v;
    vendor >> v;
    has_amd |= v == "0x1002";
  }
  if (has_amd) GTEST_SKIP() << "this host has an AMD PCI function; the live test is for GPU-less hosts";
  CommandOutcome out = Doctor({"check", "--format", "json"});
  EXPECT_EQ(out.exit_code, 1) << out.err;
  nlohmann::json report = Json(out);
  ASSERT_TRUE(report.contains("root_causes"));
  ASSERT_FALSE(report["root_causes"].empty());
  EXPECT_EQ(report["root_causes"][0]["code"], "hardware.gpu.none_found");
  std::string message = report["root_causes"][0]["message"];
  // It names what the bus holds instead (here: virtio devices, or whatever else is there).
  EXPECT_NE(message.find("0x"), std::string::npos) << message;
  EXPECT_EQ(report["exit_code"], 1);
  EXPECT_EQ(report["verdict"], "fail");
}

TEST(LiveHost, TerminalReportLeadsWithTheRootCause) {
  CommandOutcome out = Doctor({"check", "--no-color"});
  EXPECT_NE(out.out.find("Root cause  hardware.gpu.none_found"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("not ready for ROCm work (exit 1)"), std::string::npos) << out.out;
  EXPECT_EQ(out.out.find('\033'), std::string::npos) << "colour without a TTY";
}

TEST(Cli, NoSubcommandMeansCheck) {
  CommandOutcome plain = Doctor({"--format", "json"});
  nlohmann::json report = Json(plain);
  EXPECT_TRUE(report.contains("checks"));
}

TEST(Cli, UnknownCheckIsUsageErrorWithDidYouMeanAndJsonStaysJson) {
  CommandOutcome out = Doctor({"check", "--format", "json", "--only", "hardwar.gpus"});
  EXPECT_EQ(out.exit_code, 2);
  nlohmann::json doc = Json(out);
  EXPECT_EQ(doc["verdict"], "unknown");
  EXPECT_NE(std::string(doc["error"]).find("did you mean 'hardware.gpus'"), std::string::npos)
      << doc.dump();
}

TEST(Cli, BadOptionInJsonModeStillPrintsJson) {
  CommandOutcome out = Doctor({"check", "--format", "json", "--no-such-flag"});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_EQ(Json(out)["exit_code"], 2);
}

TEST(Cli, MissingSysrootIsAClearError) {
  CommandOutcome out = Doctor({"check", "--sysroot", "/nonexistent/machine"});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("/nonexistent/machine"), std::string::npos) << out.err;
}

TEST(Cli, OnlyRunsTheSelectedLayer) {
  CommandOutcome out = Doctor({"check", "--format", "json", "--only", "hardware"});
  const nlohmann::json report = Json(out);  // a temporary's member would die before the loop
  for (const auto& c : report["checks"]) EXPECT_EQ(c["layer"], "hardware") << c["id"];
}

TEST(Cli, SkipGlobRemovesChecks) {
  CommandOutcome out = Doctor({"check", "--format", "json", "--skip", "driver.*"});
  const nlohmann::json report = Json(out);
  for (const auto& c : report["checks"]) EXPECT_NE(c["layer"], "driver") << c["id"];
}

TEST(Cli, ListShowsEveryCheckWithItsPrerequisites) {
  CommandOutcome out = Doctor({"list", "--format", "json"});
  EXPECT_EQ(out.exit_code, 0);
  nlohmann::json list = Json(out);
  ASSERT_TRUE(list.is_array());
  EXPECT_EQ(list.size(), CheckRegistry::Instance().All().size());
}

TEST(Cli, ExplainKnowsCodesAndChecksAndSuggests) {
  CommandOutcome code = Doctor({"explain", "hardware.gpu.none_found"});
  EXPECT_EQ(code.exit_code, 0);
  EXPECT_NE(code.out.find("hardware.gpu.none_found"), std::string::npos);
  CommandOutcome check = Doctor({"explain", "hardware.gpus"});
  EXPECT_EQ(check.exit_code, 0);
  CommandOutcome typo = Doctor({"explain", "hardware.gpu.nonefound"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.err.find("did you mean 'hardware.gpu.none_found'"), std::string::npos) << typo.err;
}

// The action ladder (issue 18): explain prints a code's severity and action, and its next step;
// a code without an action prints as before (no "action" anywhere).
TEST(Cli, ExplainPrintsTheSeverityAndTheAction) {
  CommandOutcome replace = Doctor({"explain", "hardware.ras.pages_over_threshold"});
  EXPECT_EQ(replace.exit_code, 0);
  EXPECT_EQ(replace.out.rfind("hardware.ras.pages_over_threshold  (fail; action: replace)\n", 0),
            0u)
      << replace.out;
  EXPECT_NE(replace.out.find("  Action: replace. Next step: "), std::string::npos);
  CommandOutcome json = Doctor({"explain", "hardware.ras.pages_pending", "--format", "json"});
  nlohmann::json j = Json(json);
  EXPECT_EQ(j["severity"], "fail");
  EXPECT_EQ(j["action"], "reset");
  EXPECT_FALSE(j["next_step"].get<std::string>().empty());
  CommandOutcome plain = Doctor({"explain", "hardware.gpu.none_found"});
  EXPECT_EQ(plain.out.find("action"), std::string::npos) << plain.out;
  EXPECT_EQ(plain.out.find("Action"), std::string::npos) << plain.out;
}

// docs/findings.md is generated from the catalog; a new code without regenerating it fails here.
TEST(Cli, FindingsDocIsUpToDate) {
  CommandOutcome out = Doctor({"explain", "--all", "--format", "markdown"});
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/docs/findings.md");
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_EQ(committed.str(), out.out)
      << "regenerate: build/rocm-doctor explain --all --format markdown > docs/findings.md";
}

TEST(Cli, OutputFileHoldsTheReport) {
  std::string path = ::testing::TempDir() + "/rocmdoc-report-" + std::to_string(getpid()) + ".json";
  CommandOutcome out = Doctor({"check", "--format", "json", "-o", path});
  EXPECT_TRUE(out.out.empty());
  std::ifstream in(path);
  std::stringstream buf;
  buf << in.rdbuf();
  auto j = nlohmann::json::parse(buf.str(), nullptr, false);
  EXPECT_FALSE(j.is_discarded());
  EXPECT_EQ(j["exit_code"], out.exit_code);
  std::filesystem::remove(path);
}

// Capture records exactly what the checks read; replaying it reaches the same verdict.
TEST(Cli, CaptureThenReplayGivesTheSameRootCauses) {
  std::string dir = ::testing::TempDir() + "/rocmdoc-capture-" + std::to_string(getpid());
  std::filesystem::remove_all(dir);
  CommandOutcome cap = Doctor({"capture", "-o", dir});
  ASSERT_EQ(cap.exit_code, 0) << cap.err;
  EXPECT_TRUE(std::filesystem::exists(dir + "/.rocm-doctor/machine.json"));
  nlohmann::json live = Json(Doctor({"check", "--format", "json"}));
  nlohmann::json replay = Json(Doctor({"check", "--format", "json", "--sysroot", dir}));
  EXPECT_EQ(live["exit_code"], replay["exit_code"]);
  ASSERT_EQ(live["root_causes"].size(), replay["root_causes"].size());
  for (std::size_t i = 0; i < live["root_causes"].size(); ++i) {
    EXPECT_EQ(live["root_causes"][i]["code"], replay["root_causes"][i]["code"]);
  }
  EXPECT_TRUE(HasRootCause(replay, "hardware.gpu.none_found"));
  std::filesystem::remove_all(dir);
}

TEST(Cli, CaptureToTarGzReplays) {
  std::string file = ::testing::TempDir() + "/rocmdoc-capture-" + std::to_string(getpid()) + ".tar.gz";
  CommandOutcome cap = Doctor({"capture", "-o", file});
  ASSERT_EQ(cap.exit_code, 0) << cap.err;
  nlohmann::json replay = Json(Doctor({"check", "--format", "json", "--sysroot", file}));
  EXPECT_TRUE(HasRootCause(replay, "hardware.gpu.none_found"));
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace rocm_doctor
