// SPDX-License-Identifier: MIT
#include "collect/kernel/kernel_modules_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::parse {
namespace {

struct ProcCase {
  const char* name;
  std::string text;
  bool found;
  std::string state;
};

class ProcModulesTest : public ::testing::TestWithParam<ProcCase> {};

TEST_P(ProcModulesTest, FindsAmdgpuAndItsState) {
  auto entry = FindProcModule(GetParam().text, "amdgpu");
  ASSERT_EQ(entry.has_value(), GetParam().found);
  if (entry) {
    EXPECT_EQ(entry->name, "amdgpu");
    EXPECT_EQ(entry->state, GetParam().state);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, ProcModulesTest,
    ::testing::Values(
        ProcCase{"live", "amdgpu 12836864 48 - Live 0x0000000000000000\n", true, "Live"},
        ProcCase{"tainted_dkms",
                 "amddrm_buddy 20480 1 amdgpu, Live 0x0000000000000000 (OE)\n"
                 "amdgpu 15433728 48 amdxcp,amddrm_buddy, Live 0x0000000000000000 (OE)\n",
                 true, "Live"},
        ProcCase{"loading", "amdgpu 12836864 1 - Loading 0xffffffffc0a00000\n", true, "Loading"},
        ProcCase{"unloading", "amdgpu 12836864 0 - Unloading 0x0\n", true, "Unloading"},
        ProcCase{"prefix_only", "amdgpu_foo 100 0 - Live 0x0\namdgpu2 1 0 - Live 0x0\n", false, ""},
        ProcCase{"truncated_line", "amdgpu 12836864", true, ""}, ProcCase{"empty", "", false, ""},
        ProcCase{"garbage", std::string("\0\xff amdgpu\n", 10), false, ""},
        ProcCase{"crlf", "amdgpu 1 0 - Live 0x0\r\n", true, "Live"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ModulesBuiltin, MatchesTheModulePathOnly) {
  EXPECT_TRUE(ModulesBuiltinHas("kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko\n", "amdgpu"));
  EXPECT_FALSE(ModulesBuiltinHas("kernel/drivers/gpu/drm/radeon/radeon.ko\n", "amdgpu"));
  EXPECT_FALSE(ModulesBuiltinHas("kernel/drivers/x/amdgpu2.ko\n", "amdgpu"));
  EXPECT_FALSE(ModulesBuiltinHas("", "amdgpu"));
}

struct DepCase {
  const char* name;
  std::string text;
  std::optional<std::string> path;
};

class ModulesDepTest : public ::testing::TestWithParam<DepCase> {};

TEST_P(ModulesDepTest, FindsAnyCompression) {
  EXPECT_EQ(ModulesDepFind(GetParam().text, "amdgpu"), GetParam().path);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ModulesDepTest,
    ::testing::Values(
        DepCase{"plain", "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko: kernel/a.ko\n",
                "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko"},
        DepCase{"zst", "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: kernel/a.ko.zst\n",
                "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst"},
        DepCase{"xz", "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz:\n",
                "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz"},
        DepCase{
            "dkms_preferred",
            "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst: x\nupdates/dkms/amdgpu.ko.zst: y\n",
            "updates/dkms/amdgpu.ko.zst"},
        DepCase{"dependency_only", "kernel/foo.ko: kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko\n",
                std::nullopt},
        DepCase{"similar", "kernel/drivers/amdgpu2.ko:\nkernel/x/amdgpu.kox:\n", std::nullopt},
        DepCase{"no_colon", "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko\n", std::nullopt},
        DepCase{"empty", "", std::nullopt}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(IsModuleFile, Suffixes) {
  EXPECT_TRUE(IsModuleFile("amdgpu.ko", "amdgpu"));
  EXPECT_TRUE(IsModuleFile("amdgpu.ko.gz", "amdgpu"));
  EXPECT_FALSE(IsModuleFile("amdgpu.ko.", "amdgpu"));
  EXPECT_FALSE(IsModuleFile("amdgpu.ko.zst.bak~", "amdgpu"));
  EXPECT_FALSE(IsModuleFile("amdgpu", "amdgpu"));
  EXPECT_FALSE(IsModuleFile("amdgpu-dkms.ko", "amdgpu"));
}

}  // namespace
}  // namespace rocm_doctor::parse
