// SPDX-License-Identifier: MIT
#include "collect/kernel/cmdline_parse.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace rocm_doctor::parse {
namespace {

std::vector<std::string> BlockTokens(std::string_view cmdline) {
  std::vector<std::string> out;
  for (const CmdlineBlock& b : ParseCmdline(cmdline).blocks) out.push_back(b.token);
  return out;
}

struct BlockCase {
  const char* name;
  std::string cmdline;
  std::vector<std::string> blocks;
};

class CmdlineBlockTest : public ::testing::TestWithParam<BlockCase> {};

TEST_P(CmdlineBlockTest, FindsExactlyTheBlockingTokens) {
  EXPECT_EQ(BlockTokens(GetParam().cmdline), GetParam().blocks) << GetParam().cmdline;
}

INSTANTIATE_TEST_SUITE_P(
    Table, CmdlineBlockTest,
    ::testing::Values(
        BlockCase{
            "plain", "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=1 ro quiet splash\n", {}},
        BlockCase{"nomodeset", "ro quiet nomodeset\n", {"nomodeset"}},
        BlockCase{"nomodeset_overridden", "nomodeset amdgpu.modeset=1", {}},
        BlockCase{"nomodeset_auto_still_blocks", "nomodeset amdgpu.modeset=-1", {"nomodeset"}},
        BlockCase{"modeset0", "amdgpu.modeset=0", {"amdgpu.modeset=0"}},
        BlockCase{"modeset_last_wins", "amdgpu.modeset=0 amdgpu.modeset=1", {}},
        BlockCase{"modeset_garbage_is_auto", "amdgpu.modeset=zero", {}},
        BlockCase{"modprobe_blacklist", "modprobe.blacklist=amdgpu", {"modprobe.blacklist=amdgpu"}},
        BlockCase{"comma_list",
                  "modprobe.blacklist=nouveau,amdgpu,radeon",
                  {"modprobe.blacklist=nouveau,amdgpu,radeon"}},
        BlockCase{"similar_name_not_blocked", "modprobe.blacklist=amdgpu2,amdgpu_foo", {}},
        BlockCase{"module_blacklist", "module_blacklist=amdgpu", {"module_blacklist=amdgpu"}},
        BlockCase{"dash_spelling", "module-blacklist=amdgpu", {"module-blacklist=amdgpu"}},
        BlockCase{"dracut", "rd.driver.blacklist=amdgpu", {"rd.driver.blacklist=amdgpu"}},
        BlockCase{"initcall", "initcall_blacklist=amdgpu_init", {"initcall_blacklist=amdgpu_init"}},
        BlockCase{"initcall_other", "initcall_blacklist=amdgpu_initx", {}},
        BlockCase{"quoted",
                  "modprobe.blacklist=\"nouveau,amdgpu\"",
                  {"modprobe.blacklist=\"nouveau,amdgpu\""}},
        BlockCase{"empty", "", {}},
        BlockCase{"nul_padded", std::string("ro nomodeset\n\0\0\0", 16), {"nomodeset"}},
        BlockCase{"garbage", "\xff\xfe=\x01 amdgpu.=", {}},
        BlockCase{"tabs", "ro\tnomodeset\t", {"nomodeset"}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CmdlineParse, KeepsAmdgpuParamsAsWritten) {
  CmdlineInfo info =
      ParseCmdline("ro amdgpu.ppfeaturemask=0xffffffff amdgpu.si_support=1 radeon.x=1");
  EXPECT_EQ(info.amdgpu_params,
            (std::vector<std::string>{"amdgpu.ppfeaturemask=0xffffffff", "amdgpu.si_support=1"}));
}

TEST(CmdlineParse, SplitKeepsQuotedSpaces) {
  EXPECT_EQ(SplitCmdline("a \"b c\" d=\"e f\""),
            (std::vector<std::string>{"a", "\"b c\"", "d=\"e f\""}));
}

struct IommuCase {
  std::string cmdline;
  bool passthrough;
};

class CmdlineIommuTest : public ::testing::TestWithParam<IommuCase> {};

TEST_P(CmdlineIommuTest, ReadsPassthrough) {
  EXPECT_EQ(ParseCmdline(GetParam().cmdline).iommu_passthrough, GetParam().passthrough)
      << GetParam().cmdline;
}

INSTANTIATE_TEST_SUITE_P(
    Table, CmdlineIommuTest,
    ::testing::Values(IommuCase{"ro quiet", false}, IommuCase{"iommu=pt", true},
                      IommuCase{"amd_iommu=pt", true}, IommuCase{"iommu.passthrough=1", true},
                      IommuCase{"iommu=pt iommu.passthrough=0", false},
                      IommuCase{"amd_iommu=on", false}, IommuCase{"iommu=ptx", false}));

}  // namespace
}  // namespace rocm_doctor::parse
