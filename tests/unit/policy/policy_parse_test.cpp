// SPDX-License-Identifier: MIT
// ParsePolicy: every key of the format, and the errors for what is not the format (each naming
// FILE:LINE:COLUMN). Table-driven over hostile input.
#include <gtest/gtest.h>

#include <string>

#include "rocm_doctor/policy.h"

namespace rocm_doctor {
namespace {

constexpr char kFull[] = R"toml(# every key
[policy]
name = "mi300x-node"
description = "training fleet node"
level = "standard"
fail_on = "warn"

[gpus]
count = 8
models = ["MI300X", "gfx942", "1002:74A1"]

[rocm]
min = "6.1"
max = "6.4"

[frameworks]
require = ["torch", "jax"]

[checks]
skip = ["driver.kernel_log", "libraries.*"]

[[waive]]
code = "hardware.pcie.link_degraded"
reason = "slot 7 riser runs Gen4 (OPS-1234)"
gpu = "0000:C1:00.0"

[[waive]]
code = "hardware.bar.small"
reason = "BIOS without resizable BAR"

[[bench.floor]]
model = "MI300X"
benchmark = "memory.triad"
min_gb_per_s = 4000
)toml";

TEST(PolicyParse, ReadsEveryKey) {
  Result<Policy> p = ParsePolicy(kFull, "fleet/mi300x.toml");
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->path, "fleet/mi300x.toml");
  EXPECT_EQ(p->name, "mi300x-node");
  EXPECT_EQ(p->description, "training fleet node");
  EXPECT_EQ(p->level, "standard");
  EXPECT_EQ(p->fail_on, "warn");
  EXPECT_EQ(p->gpu_count, 8);
  ASSERT_EQ(p->gpu_models.size(), 3u);
  EXPECT_EQ(p->gpu_models[0].kind, GpuModelRule::Kind::kName);
  EXPECT_EQ(p->gpu_models[1].kind, GpuModelRule::Kind::kGfx);
  EXPECT_EQ(p->gpu_models[2].kind, GpuModelRule::Kind::kPciId);
  EXPECT_EQ(p->gpu_models[2].device_id, 0x74a1);
  EXPECT_EQ(p->gpu_models[0].where.ToString(), "fleet/mi300x.toml:10:11");
  EXPECT_EQ(p->rocm_min, "6.1");
  EXPECT_EQ(p->rocm_max, "6.4");
  ASSERT_EQ(p->frameworks.size(), 2u);
  EXPECT_EQ(p->frameworks[1].text, "jax");
  ASSERT_EQ(p->skip.size(), 2u);
  EXPECT_EQ(p->skip[1].text, "libraries.*");
  ASSERT_EQ(p->waivers.size(), 2u);
  EXPECT_EQ(p->waivers[0].code, "hardware.pcie.link_degraded");
  EXPECT_EQ(p->waivers[0].gpu, "0000:c1:00.0");  // PCI addresses compare in lower case
  EXPECT_EQ(p->waivers[0].where.line, 23);
  EXPECT_FALSE(p->waivers[1].gpu);
  ASSERT_EQ(p->bench_floors.size(), 1u);
  EXPECT_EQ(p->bench_floors[0].benchmark, "memory.triad");
  EXPECT_DOUBLE_EQ(p->bench_floors[0].min_bytes_per_second, 4000e9);
  EXPECT_EQ(p->bench_floors[0].model.kind, GpuModelRule::Kind::kName);
}

TEST(PolicyParse, AnEmptyPolicyIsValidAndNamedAfterItsFile) {
  Result<Policy> p = ParsePolicy("", "/etc/rocm-doctor/ci.toml");
  ASSERT_TRUE(p) << p.error();
  EXPECT_EQ(p->name, "ci");
  EXPECT_FALSE(p->gpu_count);
  EXPECT_TRUE(p->waivers.empty());
}

struct BadCase {
  const char* name;
  const char* toml;
  const char* error;  // expected at the start: "p.toml:LINE:COLUMN: ..."
};

class PolicyParseErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(PolicyParseErrors, NamesFileLineAndColumn) {
  Result<Policy> p = ParsePolicy(GetParam().toml, "p.toml");
  ASSERT_FALSE(p) << GetParam().name << " parsed";
  EXPECT_EQ(p.error().rfind(GetParam().error, 0), 0u) << p.error();
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, PolicyParseErrors,
    ::testing::Values(
        BadCase{"syntax", "[gpus\ncount = 1\n", "p.toml:1:6: "},
        BadCase{"duplicate key", "[gpus]\ncount = 1\ncount = 2\n", "p.toml:3:"},
        BadCase{"invalid utf8", "[policy]\nname = \"a\xff\"\n", "p.toml:2:"},
        BadCase{"unknown top key", "[gpu]\ncount = 1\n", "p.toml:1:2: unknown key gpu"},
        BadCase{"unknown nested key", "[gpus]\ncount = 1\nmodel = [\"MI300X\"]\n",
                "p.toml:3:1: unknown key gpus.model ([gpus] has count, models)"},
        BadCase{"wrong type", "[gpus]\ncount = \"8\"\n",
                "p.toml:2:9: gpus.count must be an integer, not a string"},
        BadCase{"negative count", "[gpus]\ncount = -1\n", "p.toml:2:9: gpus.count is -1"},
        BadCase{"float count", "[gpus]\ncount = 8.0\n",
                "p.toml:2:9: gpus.count must be an integer"},
        BadCase{"section not a table", "gpus = 8\n", "p.toml:1:8: gpus must be a table"},
        BadCase{"empty gpus", "[gpus]\n", "p.toml:1:1: [gpus] sets neither count nor models"},
        BadCase{"empty models", "[gpus]\nmodels = []\n", "p.toml:2:10: gpus.models is empty"},
        BadCase{"model not a string", "[gpus]\nmodels = [300]\n",
                "p.toml:2:11: gpus.models[0] must be a string, not an integer"},
        BadCase{"unknown model name", "[gpus]\nmodels = [\"MI999X\"]\n",
                "p.toml:2:11: gpus.models[0] is \"MI999X\"; no GPU in the GPU table"},
        BadCase{"partial name", "[gpus]\nmodels = [\"I300X\"]\n",
                "p.toml:2:11: gpus.models[0] is \"I300X\""},
        BadCase{"unknown gfx", "[gpus]\nmodels = [\"gfx9999\"]\n",
                "p.toml:2:11: gpus.models[0] is \"gfx9999\"; no GPU in the GPU table has that ISA"},
        BadCase{"nvidia id", "[gpus]\nmodels = [\"10de:2335\"]\n",
                "p.toml:2:11: gpus.models[0] is \"10de:2335\"; rocm-doctor judges AMD GPUs"},
        BadCase{"bad pci id", "[gpus]\nmodels = [\"1002:74a\"]\n",
                "p.toml:2:11: gpus.models[0] is \"1002:74a\"; a PCI ID is VENDOR:DEVICE"},
        BadCase{"bad level", "[policy]\nlevel = \"fast\"\n",
                "p.toml:2:9: policy.level is \"fast\"; it must be \"basic\", \"standard\", "
                "\"extended\" or \"stress\""},
        BadCase{"bad fail_on", "[policy]\nfail_on = \"error\"\n", "p.toml:2:11: policy.fail_on"},
        BadCase{"empty name", "[policy]\nname = \"\"\n", "p.toml:2:8: policy.name is empty"},
        BadCase{"bad release", "[rocm]\nmin = \"6.x\"\n", "p.toml:2:7: rocm.min is \"6.x\""},
        BadCase{"four parts", "[rocm]\nmax = \"6.2.1.1\"\n", "p.toml:2:7: rocm.max"},
        BadCase{"min above max", "[rocm]\nmin = \"6.3\"\nmax = \"6.2.4\"\n",
                "p.toml:2:7: rocm.min (6.3) is above rocm.max (6.2.4)"},
        BadCase{"empty rocm", "[rocm]\n", "p.toml:1:1: [rocm] sets neither min nor max"},
        BadCase{"unknown framework", "[frameworks]\nrequire = [\"pytorch\"]\n",
                "p.toml:2:12: frameworks.require has \"pytorch\"; the frameworks layer knows "
                "\"torch\""},
        BadCase{"skip not array", "[checks]\nskip = \"driver.iommu\"\n",
                "p.toml:2:8: checks.skip must be an array of strings"},
        BadCase{"empty skip entry", "[checks]\nskip = [\"\"]\n",
                "p.toml:2:9: checks.skip[0] is empty"},
        BadCase{"waive as table", "[waive]\ncode = \"a.b.c\"\n",
                "p.toml:1:1: waive must be an array of tables ([[waive]])"},
        BadCase{"waive without reason", "[[waive]]\ncode = \"hardware.bar.small\"\n",
                "p.toml:1:1: waive[0].reason is required"},
        BadCase{"waive empty reason", "[[waive]]\ncode = \"hardware.bar.small\"\nreason = \"\"\n",
                "p.toml:3:10: waive[0].reason is empty"},
        BadCase{"waive bad gpu",
                "[[waive]]\ncode = \"hardware.bar.small\"\nreason = \"x\"\ngpu = \"c1:00.0\"\n",
                "p.toml:4:7: waive[0].gpu is \"c1:00.0\""},
        BadCase{"waive unknown key",
                "[[waive]]\ncode = \"hardware.bar.small\"\nreason = \"x\"\nuntil = 2026-01-01\n",
                "p.toml:4:1: unknown key waive[0].until"},
        BadCase{"floor not bandwidth",
                "[[bench.floor]]\nmodel = \"MI300X\"\nbenchmark = \"compute.fp32_fma\"\n"
                "min_gb_per_s = 1\n",
                "p.toml:3:13: bench.floor[0].benchmark is \"compute.fp32_fma\""},
        BadCase{"floor zero",
                "[[bench.floor]]\nmodel = \"MI300X\"\nbenchmark = \"memory.triad\"\n"
                "min_gb_per_s = 0\n",
                "p.toml:4:16: bench.floor[0].min_gb_per_s must be a number above 0"},
        BadCase{"floor nan",
                "[[bench.floor]]\nmodel = \"MI300X\"\nbenchmark = \"memory.triad\"\n"
                "min_gb_per_s = nan\n",
                "p.toml:4:16: bench.floor[0].min_gb_per_s must be a number above 0"},
        BadCase{"floor missing value",
                "[[bench.floor]]\nmodel = \"MI300X\"\nbenchmark = \"memory.triad\"\n",
                "p.toml:1:1: bench.floor[0].min_gb_per_s is required"},
        BadCase{"bench unknown key", "[bench]\nfloors = []\n",
                "p.toml:2:1: unknown key bench.floors"}));

TEST(PolicyParse, ReportsEveryErrorNotJustTheFirst) {
  Result<Policy> p = ParsePolicy("[gpus]\ncount = \"x\"\n[rocm]\nmin = 6\nbogus = 1\n", "p.toml");
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("p.toml:2:9: gpus.count"), std::string::npos) << p.error();
  EXPECT_NE(p.error().find("p.toml:4:7: rocm.min must be a string"), std::string::npos)
      << p.error();
  EXPECT_NE(p.error().find("p.toml:5:1: unknown key rocm.bogus ([rocm] has min, max)"),
            std::string::npos)
      << p.error();
}

TEST(PolicyParse, RefusesAHugeFile) {
  std::string huge(2 << 20, '#');
  Result<Policy> p = ParsePolicy(huge, "p.toml");
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().find("too large"), std::string::npos) << p.error();
}

// Inputs that broke toml++ 3.3's parser preconditions (an abort in debug builds, undefined
// behaviour in release ones) until policy_parse.cpp dropped its assumptions: each is now a
// parse error with its line. The fuzzer found them (tests/fuzz/regressions/policy/).
TEST(PolicyParse, MalformedHeadersAndArraysAreErrorsNotAborts) {
  const std::pair<std::string, std::string> cases[] = {
      {"[ .64.x]\n", "p.toml:1:"},        {"[&\n", "p.toml:1:"},
      {"[[[1]]]\n", "p.toml:1:"},         {"[\ngpus]\n", "p.toml:1:"},
      {"[gpus]\nmodels = [\"gfx1030\",} \"gfx1100\"]\n", "p.toml:2:"},
  };
  // U+FEFE as whitespace: toml++'s Unicode table reached __builtin_unreachable.
  EXPECT_EQ(ParsePolicy("[gpus]\n\xef\xbb\xbe count = 1\n", "p.toml").error(),
            "p.toml:2:1: non-ASCII text outside a string or comment (keys and values are ASCII)");
  // In strings and comments it is data.
  const Result<Policy> names =
      ParsePolicy("# Grüße\n[[waive]]\ncode = \"hardware.bar.small\"\nreason = \"Jürgen's "
                  "riser \u00e9\xef\xbb\xbe\"\n",
                  "p.toml");
  EXPECT_TRUE(names) << names.error();
  for (const auto& [text, where] : cases) {
    Result<Policy> p = ParsePolicy(text, "p.toml");
    ASSERT_FALSE(p) << text;
    EXPECT_EQ(p.error().rfind(where, 0), 0u) << text << " -> " << p.error();
  }
}

TEST(PolicyParse, ReadingAMissingFileNamesIt) {
  Result<Policy> p = ReadPolicyFile("/nonexistent/policy.toml");
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), "cannot read policy /nonexistent/policy.toml: No such file or directory");
  Result<Policy> dir = ReadPolicyFile("/");
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().find("cannot read policy /"), std::string::npos) << dir.error();
}

}  // namespace
}  // namespace rocm_doctor
