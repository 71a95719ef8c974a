// SPDX-License-Identifier: MIT
#include "hip/helper_main.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

struct HelperRun {
  int code = -1;
  std::string out;
  std::string err;
  std::vector<ProbeOptions> probes;
};

HelperRun RunHelper(std::vector<std::string_view> args) {
  HelperRun run;
  const HelperBackend backend{
      .name = "hip", .targets = "gfx90a,gfx1030", .probe = [&run](const ProbeOptions& options) {
        run.probes.push_back(options);
        ProbeReport report;
        report.backend = "hip";
        report.error = GpuError{100, "hipErrorNoDevice", "hipErrorNoDevice", "hipGetDeviceCount"};
        return report;
      }};
  std::ostringstream out;
  std::ostringstream err;
  run.code = HelperMain(args, backend, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

TEST(HelperMain, ProbeWithoutDevicePrintsOneJsonLineAndExitsZero) {
  const HelperRun run = RunHelper({"--probe"});
  EXPECT_EQ(run.code, kExitOk);
  EXPECT_TRUE(run.err.empty());
  ASSERT_FALSE(run.out.empty());
  EXPECT_EQ(run.out.back(), '\n');
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1);
  const auto doc = nlohmann::json::parse(run.out);
  EXPECT_EQ(doc["device_count"], 0);
  EXPECT_EQ(doc["error"]["name"], "hipErrorNoDevice");
  EXPECT_EQ(doc["targets"], nlohmann::json::array({"gfx90a", "gfx1030"}));
  ASSERT_EQ(run.probes.size(), 1U);
  EXPECT_TRUE(run.probes[0].smoke);
  EXPECT_FALSE(run.probes[0].device.has_value());
}

TEST(HelperMain, PassesDeviceAndNoSmokeToTheProbe) {
  const HelperRun run = RunHelper({"--probe", "--device", "2", "--no-smoke"});
  EXPECT_EQ(run.code, kExitOk);
  ASSERT_EQ(run.probes.size(), 1U);
  EXPECT_EQ(run.probes[0].device, 2);
  EXPECT_FALSE(run.probes[0].smoke);
}

TEST(HelperMain, UsageErrorExitsTwoWithoutProbing) {
  const HelperRun run = RunHelper({"--probe", "--device", "one"});
  EXPECT_EQ(run.code, kExitUsage);
  EXPECT_TRUE(run.out.empty());
  EXPECT_NE(run.err.find("'one'"), std::string::npos);
  EXPECT_NE(run.err.find("Usage:"), std::string::npos);
  EXPECT_TRUE(run.probes.empty());
  EXPECT_EQ(RunHelper({}).code, kExitUsage);
}

TEST(HelperMain, VersionAndHelpDoNotTouchTheGpu) {
  const HelperRun version = RunHelper({"--version"});
  EXPECT_EQ(version.code, kExitOk);
  EXPECT_NE(version.out.find("rocm-doctor-hip "), std::string::npos);
  EXPECT_NE(version.out.find("backend hip"), std::string::npos);
  EXPECT_NE(version.out.find("gfx90a,gfx1030"), std::string::npos);
  EXPECT_TRUE(version.probes.empty());
  const HelperRun help = RunHelper({"--help"});
  EXPECT_EQ(help.code, kExitOk);
  EXPECT_NE(help.out.find("Usage:"), std::string::npos);
  EXPECT_TRUE(help.probes.empty());
}

struct BenchRun {
  int code = -1;
  std::string out;
  std::string err;
  std::vector<BenchOptions> calls;
};

// --bench with a fake GPU side that answers `report`.
BenchRun RunBench(std::vector<std::string_view> args, const BenchReport& report) {
  BenchRun run;
  HelperBackend backend{.name = "cuda", .targets = "sm_90", .probe = nullptr, .bench = nullptr};
  backend.bench = [&run, &report](const BenchOptions& options) {
    run.calls.push_back(options);
    return report;
  };
  std::ostringstream out;
  std::ostringstream err;
  run.code = HelperMain(args, backend, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

TEST(HelperMain, BenchPrintsOneJsonLineAndExitsZero) {
  BenchReport report;
  report.backend = "cuda";
  report.level = "standard";
  report.device = BenchDevice{};
  const BenchRun run = RunBench({"--bench", "--level", "standard", "--device", "2"}, report);
  EXPECT_EQ(run.code, kExitOk);
  EXPECT_TRUE(run.err.empty());
  ASSERT_FALSE(run.out.empty());
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1);
  const auto doc = nlohmann::json::parse(run.out);
  EXPECT_EQ(doc["kind"], "bench");
  EXPECT_EQ(doc["level"], "standard");
  ASSERT_EQ(run.calls.size(), 1U);
  EXPECT_EQ(run.calls[0].device, 2);
  EXPECT_EQ(run.calls[0].plan.level, BenchLevel::kStandard);
  EXPECT_EQ(run.calls[0].plan.stress_seconds, 30.0);
  EXPECT_EQ(run.calls[0].names.size(), kBenchNames.size());  // no --only: everything
}

TEST(HelperMain, BenchPassesTheSelectionAndOverrides) {
  BenchReport report;
  report.device = BenchDevice{};
  const BenchRun run =
      RunBench({"--bench", "--only", "stress", "--stress-seconds", "5", "--memtest-fraction",
                "0.1"},
               report);
  ASSERT_EQ(run.calls.size(), 1U);
  EXPECT_EQ(run.calls[0].device, 0);  // default device
  EXPECT_EQ(run.calls[0].names, (std::vector<std::string>{"stress.mixed"}));
  EXPECT_EQ(run.calls[0].plan.stress_seconds, 5.0);
  EXPECT_EQ(run.calls[0].plan.memtest_fraction, 0.1);
}

TEST(HelperMain, BenchWithoutADeviceStillPrintsJsonAndExitsThree) {
  BenchReport report;
  report.backend = "hip";
  report.level = "quick";
  report.error = "hipErrorNoDevice: no ROCm-capable device is detected";
  const BenchRun run = RunBench({"--bench"}, report);
  EXPECT_EQ(run.code, kExitNoDevice);
  const auto doc = nlohmann::json::parse(run.out);
  EXPECT_EQ(doc["error"], report.error.value());
  EXPECT_TRUE(doc["device"].is_null());
}

TEST(HelperMain, BenchUsageErrorsNeverReachTheGpu) {
  const BenchRun run = RunBench({"--bench", "--only", "gpu"}, BenchReport{});
  EXPECT_EQ(run.code, kExitUsage);
  EXPECT_TRUE(run.out.empty());
  EXPECT_NE(run.err.find("'gpu'"), std::string::npos);
  EXPECT_TRUE(run.calls.empty());
}

TEST(HelperMain, BenchInABuildWithoutBenchmarks) {
  const HelperBackend backend{.name = "hip", .targets = "gfx90a", .probe = nullptr};
  std::ostringstream out;
  std::ostringstream err;
  const std::vector<std::string_view> args = {"--bench"};
  EXPECT_EQ(HelperMain(args, backend, out, err), kExitUsage);
  EXPECT_TRUE(out.str().empty());
  EXPECT_NE(err.str().find("no benchmarks"), std::string::npos);
}

TEST(SplitTargetList, SplitsOnCommaOrSemicolon) {
  EXPECT_EQ(SplitTargetList("gfx90a,gfx1030"), (std::vector<std::string>{"gfx90a", "gfx1030"}));
  EXPECT_EQ(SplitTargetList("sm_90"), (std::vector<std::string>{"sm_90"}));
  EXPECT_EQ(SplitTargetList(";a,,b;"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(SplitTargetList("").empty());
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
