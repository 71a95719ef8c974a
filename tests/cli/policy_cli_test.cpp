// SPDX-License-Identifier: MIT
// Whole-binary tests of --policy: the example policies, bad policies, waivers, skip, fail_on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

CommandOutcome Doctor(std::vector<std::string> args) {
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(60);
  CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  return out;
}

nlohmann::json Json(const CommandOutcome& out) {
  auto j = nlohmann::json::parse(out.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON: " << out.out.substr(0, 300) << out.err;
  return j;
}

std::string Machine(const std::string& name) {
  return std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + name;
}

// A policy file in the test's temp dir, removed at the end of the test.
class PolicyFile {
 public:
  explicit PolicyFile(const std::string& toml)
      : path_(::testing::TempDir() + "/policy-" + std::to_string(getpid()) + "-" +
              std::to_string(counter_++) + ".toml") {
    std::ofstream(path_) << toml;
  }
  ~PolicyFile() { fs::remove(path_); }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

const nlohmann::json* CheckNamed(const nlohmann::json& report, std::string_view id) {
  for (const auto& c : report["checks"]) {
    if (c["id"] == id) return &c;
  }
  return nullptr;
}

TEST(PolicyCli, EveryExamplePolicyLoadsAndJudges) {
  std::size_t examples = 0;
  for (const auto& entry :
       fs::directory_iterator(std::string(ROCMDOC_SOURCE_DIR) + "/docs/policies")) {
    if (entry.path().extension() != ".toml") continue;
    ++examples;
    CommandOutcome out = Doctor({"check", "--sysroot", Machine("mi300x-healthy"), "--policy",
                                 entry.path().string(), "--format", "json", "--only", "policy"});
    EXPECT_EQ(out.err.find("bad policy"), std::string::npos) << entry.path() << ": " << out.err;
    nlohmann::json report = Json(out);
    ASSERT_TRUE(report.contains("policy")) << entry.path();
    EXPECT_EQ(report["policy"]["path"], entry.path().string());
    bool any_policy_check = false;
    for (const auto& c : report["checks"]) any_policy_check |= c["layer"] == "policy";
    EXPECT_TRUE(any_policy_check) << entry.path();
  }
  EXPECT_GE(examples, 3u);
}

TEST(PolicyCli, TheMi300xNodePolicyRejectsAnMi308xNode) {
  // mi300x-healthy is a capture of 8 MI308X (gfx942) on ROCm 6.2.0: right count and ROCm, but
  // the example policy admits MI300X only.
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("mi300x-healthy"), "--policy",
                               std::string(ROCMDOC_SOURCE_DIR) + "/docs/policies/mi300x-node.toml",
                               "--format", "json"});
  EXPECT_EQ(out.exit_code, 1) << out.err;
  nlohmann::json report = Json(out);
  EXPECT_EQ((*CheckNamed(report, "policy.gpu_count"))["status"], "pass");
  EXPECT_EQ((*CheckNamed(report, "policy.rocm_release"))["status"], "pass");
  const nlohmann::json* models = CheckNamed(report, "policy.gpu_models");
  ASSERT_NE(models, nullptr);
  EXPECT_EQ((*models)["status"], "fail");
  EXPECT_EQ((*models)["findings"].size(), 8u);
  // The capture has no Python: the required PyTorch is missing too.
  std::vector<std::string> causes;
  for (const auto& c : report["root_causes"]) causes.push_back(c["code"]);
  EXPECT_EQ(std::count(causes.begin(), causes.end(), "policy.gpu_model.mismatch"), 8);
  EXPECT_EQ(std::count(causes.begin(), causes.end(), "policy.framework.missing"), 1);
}

TEST(PolicyCli, WithoutAPolicyThePolicyLayerDoesNotRun) {
  nlohmann::json report =
      Json(Doctor({"check", "--sysroot", Machine("mi300x-healthy"), "--format", "json"}));
  EXPECT_FALSE(report.contains("policy"));
  for (const auto& c : report["checks"]) EXPECT_NE(c["layer"], "policy") << c["id"];
}

TEST(PolicyCli, ABadPolicyIsAnErrorWithFileLineAndColumn) {
  PolicyFile policy("[gpus]\ncount = \"eight\"\n");
  CommandOutcome out = Doctor({"check", "--policy", policy.path(), "--format", "json"});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("bad policy: " + policy.path() + ":2:9: gpus.count must be an integer"),
            std::string::npos)
      << out.err;
  EXPECT_EQ(Json(out)["verdict"], "unknown");  // JSON mode stays JSON

  CommandOutcome missing = Doctor({"check", "--policy", "/nonexistent.toml"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("cannot read policy /nonexistent.toml"), std::string::npos)
      << missing.err;
}

TEST(PolicyCli, NamesAreCheckedAgainstThisBuild) {
  PolicyFile policy(
      "[checks]\nskip = [\"driver.iommmu\"]\n\n[[waive]]\ncode = \"hardware.pcie.link_degradd\"\n"
      "reason = \"typo\"\n");
  CommandOutcome out = Doctor({"check", "--policy", policy.path()});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find(policy.path() + ":2:9: checks.skip: no check matches 'driver.iommmu'; "
                                         "did you mean 'driver.iommu'?"),
            std::string::npos)
      << out.err;
  EXPECT_NE(out.err.find(policy.path() + ":5:8: waive.code: no finding code "
                                         "'hardware.pcie.link_degradd'; did you mean "
                                         "'hardware.pcie.link_degraded'?"),
            std::string::npos)
      << out.err;
}

TEST(PolicyCli, AWaivedFindingStaysInTheReportButLeavesTheVerdict) {
  PolicyFile policy(
      "[[waive]]\ncode = \"hardware.pcie.link_degraded\"\nreason = \"riser runs Gen3 (OPS-1)\"\n");
  CommandOutcome plain = Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--format",
                                 "json", "--fail-on", "warn"});
  EXPECT_EQ(plain.exit_code, 1);
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--policy",
                               policy.path(), "--format", "json", "--fail-on", "warn"});
  EXPECT_EQ(out.exit_code, 0) << out.err;
  nlohmann::json report = Json(out);
  EXPECT_TRUE(report["root_causes"].empty()) << report["root_causes"].dump();
  const nlohmann::json* link = CheckNamed(report, "hardware.pcie_link");
  ASSERT_NE(link, nullptr);
  EXPECT_EQ((*link)["status"], "pass");
  ASSERT_FALSE((*link)["findings"].empty());
  EXPECT_EQ((*link)["findings"][0]["code"], "hardware.pcie.link_degraded");
  EXPECT_EQ((*link)["findings"][0]["waived"], "riser runs Gen3 (OPS-1)");
  EXPECT_EQ(report["policy"]["waived_findings"], 1);
}

TEST(PolicyCli, SkipAndFailOnComeFromThePolicy) {
  PolicyFile policy("[policy]\nfail_on = \"warn\"\n\n[checks]\nskip = [\"driver.*\"]\n");
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("pcie-link-degraded"), "--policy",
                               policy.path(), "--format", "json"});
  EXPECT_EQ(out.exit_code, 1) << "fail_on = warn turns the link warning into exit 1";
  const nlohmann::json report = Json(out);  // owned: iterating a temporary dangles
  for (const auto& c : report["checks"]) EXPECT_NE(c["layer"], "driver") << c["id"];
}

TEST(PolicyCli, ABandwidthFloorOverridesTheBuiltInThreshold) {
  // mi300x-bench-healthy: a recorded quick run on an MI300X, memory.triad median 4.33 TB/s
  // against the built-in floor of 65% of 5.3 TB/s (3.445 TB/s).
  auto triad = [](const nlohmann::json& report) -> nlohmann::json {
    for (const auto& b : report["benchmarks"]) {
      if (b["name"] == "memory.triad") return b;
    }
    return nullptr;
  };
  PolicyFile high(
      "[policy]\nlevel = \"standard\"\n\n[[bench.floor]]\nmodel = \"MI300X\"\n"
      "benchmark = \"memory.triad\"\nmin_gb_per_s = 4500\n");
  CommandOutcome out = Doctor({"check", "--sysroot", Machine("mi300x-bench-healthy"), "--policy",
                               high.path(), "--format", "json"});
  EXPECT_EQ(out.exit_code, 1) << out.err;
  nlohmann::json report = Json(out);
  nlohmann::json b = triad(report);
  ASSERT_FALSE(b.is_null()) << "the policy's level ran the benchmarks";
  EXPECT_EQ(b["limit"], 4.5e12);
  EXPECT_EQ(b["threshold"], high.path() + ":4:1");
  EXPECT_EQ(b["verdict"], "fail");
  EXPECT_EQ(report["root_causes"][0]["code"], "bench.memory_bandwidth.low");

  PolicyFile low(
      "[policy]\nlevel = \"standard\"\n\n[[bench.floor]]\nmodel = \"gfx942\"\n"
      "benchmark = \"memory.triad\"\nmin_gb_per_s = 4000\n");
  nlohmann::json passed = Json(Doctor({"check", "--sysroot", Machine("mi300x-bench-healthy"),
                                       "--policy", low.path(), "--format", "json"}));
  EXPECT_EQ(triad(passed)["limit"], 4e12);
  EXPECT_EQ(triad(passed)["verdict"], "pass");

  PolicyFile typo(
      "[[bench.floor]]\nmodel = \"MI300X\"\nbenchmark = \"memory.triadd\"\n"
      "min_gb_per_s = 4000\n");
  CommandOutcome bad = Doctor({"check", "--policy", typo.path()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(typo.path() + ":1:1: bench.floor.benchmark: \"memory.triadd\" is not a "
                                       "benchmark"),
            std::string::npos)
      << bad.err;
}

}  // namespace
}  // namespace rocm_doctor
