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

TEST(SplitTargetList, SplitsOnCommaOrSemicolon) {
  EXPECT_EQ(SplitTargetList("gfx90a,gfx1030"), (std::vector<std::string>{"gfx90a", "gfx1030"}));
  EXPECT_EQ(SplitTargetList("sm_90"), (std::vector<std::string>{"sm_90"}));
  EXPECT_EQ(SplitTargetList(";a,,b;"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(SplitTargetList("").empty());
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
