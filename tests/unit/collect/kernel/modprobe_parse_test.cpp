// SPDX-License-Identifier: MIT
#include "collect/kernel/modprobe_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::parse {
namespace {

struct ConfCase {
  const char* name;
  std::string text;
  std::vector<int> lines;  // the lines reported as blocking
};

class ModprobeConfTest : public ::testing::TestWithParam<ConfCase> {};

TEST_P(ModprobeConfTest, FindsBlockingLines) {
  std::vector<int> lines;
  for (const ModprobeRule& r : ParseModprobeConf(GetParam().text, "/etc/modprobe.d/x.conf")) {
    EXPECT_EQ(r.file, "/etc/modprobe.d/x.conf");
    lines.push_back(r.line);
  }
  EXPECT_EQ(lines, GetParam().lines);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ModprobeConfTest,
    ::testing::Values(
        ConfCase{"blacklist", "blacklist amdgpu\n", {1}},
        ConfCase{"comment", "# blacklist amdgpu\n  #blacklist amdgpu\n", {}},
        ConfCase{"tabs_and_spaces", "\t blacklist \t amdgpu \t\n", {1}},
        ConfCase{"similar_name", "blacklist amdgpu2\nblacklist amdgpu_x\nblacklist radeon\n", {}},
        ConfCase{"crlf", "options foo bar=1\r\nblacklist amdgpu\r\n", {2}},
        ConfCase{"install_false", "install amdgpu /bin/false\n", {1}},
        ConfCase{"install_true", "install amdgpu /usr/bin/true\n", {1}},
        ConfCase{"install_bare_false", "install amdgpu false\n", {1}},
        ConfCase{"install_chain_loads",
                 "install amdgpu /sbin/modprobe --ignore-install amdgpu && echo hi\n",
                 {}},
        ConfCase{"install_true_then_modprobe",
                 "install amdgpu /bin/true; /sbin/modprobe --ignore-install amdgpu\n",
                 {}},
        ConfCase{"options_modeset0", "options amdgpu si_support=1 modeset=0\n", {1}},
        ConfCase{"options_modeset1", "options amdgpu modeset=1\n", {}},
        ConfCase{"options_other", "options amdgpu ppfeaturemask=0xffffffff\n", {}},
        ConfCase{"options_other_module", "options radeon modeset=0\n", {}},
        ConfCase{"continuation", "options amdgpu \\\n  modeset=0\nblacklist amdgpu\n", {1, 3}},
        ConfCase{"inline_comment", "blacklist amdgpu # for vfio\n", {1}},
        ConfCase{"no_newline", "blacklist amdgpu", {1}}, ConfCase{"empty", "", {}},
        ConfCase{"garbage", std::string("\0\0\xff\xfe blacklist\n", 16), {}},
        ConfCase{"nul_padded", std::string("blacklist amdgpu\n\0\0\0\0", 21), {1}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(ModprobeConf, KeepsTheLineAsWritten) {
  auto rules = ParseModprobeConf("# x\nblacklist   amdgpu\n", "/etc/modprobe.d/b.conf");
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0].text, "blacklist   amdgpu");
  EXPECT_EQ(rules[0].line, 2);
}

}  // namespace
}  // namespace rocm_doctor::parse
