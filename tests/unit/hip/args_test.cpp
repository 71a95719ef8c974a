// SPDX-License-Identifier: MIT
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
        BadCase{"no_smoke_without_probe", {"--no-smoke"}, "need --probe"},
        BadCase{"probe_and_bench", {"--probe", "--bench"}, "not both"},
        BadCase{"level_without_bench", {"--probe", "--level", "quick"}, "need --bench"},
        BadCase{"only_without_bench", {"--only=memory"}, "need --bench"},
        BadCase{"no_smoke_with_bench", {"--bench", "--no-smoke"}, "--no-smoke needs --probe"},
        BadCase{"level_unknown", {"--bench", "--level", "fast"}, "'fast'"},
        BadCase{"level_missing", {"--bench", "--level"}, "--level needs"},
        BadCase{"only_unknown", {"--bench", "--only", "memory,gpu"}, "'gpu'"},
        BadCase{"only_empty", {"--bench", "--only="}, "--only needs"},
        BadCase{"fraction_zero", {"--bench", "--memtest-fraction", "0"}, "'0'"},
        BadCase{"fraction_too_big", {"--bench", "--memtest-fraction=0.99"}, "'0.99'"},
        BadCase{"fraction_text", {"--bench", "--memtest-fraction", "half"}, "'half'"},
        BadCase{"fraction_nan", {"--bench", "--memtest-fraction", "nan"}, "'nan'"},
        BadCase{"stress_negative", {"--bench", "--stress-seconds", "-1"}, "'-1'"},
        BadCase{"stress_huge", {"--bench", "--stress-seconds", "1e9"}, "'1e9'"},
        BadCase{"stress_hex", {"--bench", "--stress-seconds", "0x10"}, "'0x10'"},
        BadCase{"stress_plus", {"--bench", "--stress-seconds", "+5"}, "'+5'"}),
    [](const testing::TestParamInfo<BadCase>& info) { return info.param.name; });

TEST(HelperUsage, MentionsEveryOption) {
  const std::string usage = HelperUsage();
  for (const char* option : {"--probe", "--device N", "--no-smoke", "--version", "--help",
                             "--bench", "--level", "--only", "--memtest-fraction",
                             "--stress-seconds"}) {
    EXPECT_NE(usage.find(option), std::string::npos) << option;
  }
  for (const std::string_view name : kBenchNames) {
    EXPECT_NE(usage.find(name), std::string::npos) << name;
  }
}

TEST(ParseHelperArgs, BenchDefaultsToQuickAndEverything) {
  const auto parsed = Parse({"--bench"});
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->mode, HelperMode::kBench);
  EXPECT_EQ(parsed->level, BenchLevel::kQuick);
  EXPECT_TRUE(parsed->only.empty());
  EXPECT_FALSE(parsed->device);
  EXPECT_FALSE(parsed->memtest_fraction);
  EXPECT_FALSE(parsed->stress_seconds);
}

TEST(ParseHelperArgs, BenchOptionsBothSpellings) {
  const auto parsed = Parse({"--bench", "--level=stress", "--only", "host,memory.dot",
                             "--device", "1", "--memtest-fraction=0.5", "--stress-seconds",
                             "2.5"});
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->level, BenchLevel::kStress);
  EXPECT_EQ(parsed->only,
            (std::vector<std::string>{"memory.dot", "host.h2d_pinned", "host.d2h_pinned",
                                      "host.bidir_pinned", "host.h2d_pageable",
                                      "host.d2h_pageable"}));
  EXPECT_EQ(parsed->device, 1);
  EXPECT_EQ(parsed->memtest_fraction, 0.5);
  EXPECT_EQ(parsed->stress_seconds, 2.5);
  const auto zero = Parse({"--stress-seconds=0", "--bench", "--memtest-fraction", "0.95"});
  ASSERT_TRUE(zero) << zero.error();
  EXPECT_EQ(zero->stress_seconds, 0.0);
  EXPECT_EQ(zero->memtest_fraction, 0.95);
}

TEST(ParseHelperArgs, HiddenPlantCorruptionTakesMatrixOnly) {
  EXPECT_FALSE(Parse({"--bench"})->plant_matrix_corruption);
  const auto parsed = Parse({"--bench", "--only", "matrix", "--plant-corruption", "matrix"});
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_TRUE(parsed->plant_matrix_corruption);
  EXPECT_EQ(parsed->only.size(), 12u);
  EXPECT_EQ(parsed->only.front(), "matrix.bf16");
  EXPECT_FALSE(Parse({"--bench", "--plant-corruption=memory"}));
  EXPECT_FALSE(Parse({"--plant-corruption=matrix"}));  // needs --bench
  EXPECT_EQ(HelperUsage().find("plant"), std::string::npos);  // hidden
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
