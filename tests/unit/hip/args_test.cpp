#include "hip/args.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rocm_doctor::hip_helper {
namespace {

Result<HelperArgs> Parse(std::vector<std::string_view> args) { return ParseHelperArgs(args); }

TEST(ParseHelperArgs, ProbeWithDefaults) {
  const auto parsed = Parse({"--probe"});
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->mode, HelperMode::kProbe);
  EXPECT_FALSE(parsed->device.has_value());
  EXPECT_TRUE(parsed->smoke);
}

TEST(ParseHelperArgs, DeviceBothSpellingsAndNoSmoke) {
  for (const auto& args : {std::vector<std::string_view>{"--probe", "--device", "3"},
                           std::vector<std::string_view>{"--device=3", "--probe"}}) {
    const auto parsed = Parse(args);
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(parsed->device, 3);
  }
  const auto parsed = Parse({"--probe", "--no-smoke", "--device", "0"});
  ASSERT_TRUE(parsed);
  EXPECT_FALSE(parsed->smoke);
  EXPECT_EQ(parsed->device, 0);
}

TEST(ParseHelperArgs, HelpWinsOverEverythingValid) {
  const auto parsed = Parse({"--probe", "--version", "-h"});
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->mode, HelperMode::kHelp);
  const auto version = Parse({"--version", "--probe"});
  ASSERT_TRUE(version);
  EXPECT_EQ(version->mode, HelperMode::kVersion);
}

struct BadCase {
  std::string name;
  std::vector<std::string_view> args;
  std::string error_part;
};

class ParseHelperArgsBad : public testing::TestWithParam<BadCase> {};

TEST_P(ParseHelperArgsBad, IsAUsageErrorNamingTheArgument) {
  const auto parsed = Parse(GetParam().args);
  ASSERT_FALSE(parsed);
  EXPECT_NE(parsed.error().find(GetParam().error_part), std::string::npos) << parsed.error();
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, ParseHelperArgsBad,
    testing::Values(
        BadCase{"nothing", {}, "nothing to do"},
        BadCase{"unknown", {"--probe", "--gpu"}, "'--gpu'"},
        BadCase{"positional", {"probe"}, "'probe'"}, BadCase{"empty_arg", {"--probe", ""}, "''"},
        BadCase{"device_missing_value", {"--probe", "--device"}, "needs a device index"},
        BadCase{"device_negative", {"--probe", "--device", "-1"}, "'-1'"},
        BadCase{"device_minus_zero", {"--probe", "--device", "-0"}, "'-0'"},
        BadCase{"device_plus", {"--probe", "--device=+1"}, "'+1'"},
        BadCase{"device_hex", {"--probe", "--device", "0x1"}, "'0x1'"},
        BadCase{"device_trailing_space", {"--probe", "--device", "1 "}, "'1 '"},
        BadCase{"device_empty", {"--probe", "--device="}, "''"},
        BadCase{"device_huge", {"--probe", "--device", "99999999999999999999"}, "'9999"},
        BadCase{"device_without_probe", {"--device", "1"}, "need --probe"},
        BadCase{"no_smoke_without_probe", {"--no-smoke"}, "need --probe"}),
    [](const testing::TestParamInfo<BadCase>& info) { return info.param.name; });

TEST(HelperUsage, MentionsEveryOption) {
  const std::string usage = HelperUsage();
  for (const char* option : {"--probe", "--device N", "--no-smoke", "--version", "--help"}) {
    EXPECT_NE(usage.find(option), std::string::npos) << option;
  }
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
