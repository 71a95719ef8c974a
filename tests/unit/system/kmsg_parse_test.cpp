// SPDX-License-Identifier: MIT
#include "system/kmsg_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::system {
namespace {

struct KmsgCase {
  std::string record;
  std::optional<std::string> text;
};

TEST(ParseKmsgRecord, Table) {
  const KmsgCase cases[] = {
      {"6,1234,5678901,-;amdgpu 0000:03:00.0: amdgpu: SMU is initialized successfully!\n",
       "amdgpu 0000:03:00.0: amdgpu: SMU is initialized successfully!"},
      {"3,99,1,-,caller=T1;kfd kfd: amdgpu: Failed to resume IOMMU for device 1002:744c\n"
       " SUBSYSTEM=pci\n DEVICE=+pci:0000:03:00.0\n",
       "kfd kfd: amdgpu: Failed to resume IOMMU for device 1002:744c"},
      {"4,1,2,c;text with \\x0a escape", "text with \\x0a escape"},
      {"6,1,2,-;", ""},
      {"", std::nullopt},
      {"no header at all\n", std::nullopt},
      {"abc,1,2,-;pri is not a number", std::nullopt},
      {";empty header", std::nullopt},
      {std::string("6,1,2,-;nul\0inside", 18), std::string("nul\0inside", 10)},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(ParseKmsgRecord(c.record), c.text) << c.record;
  }
}

TEST(StripDmesgPrefix, Table) {
  const std::pair<std::string, std::string> cases[] = {
      {"[    0.000000] Linux version 6.8.0", "Linux version 6.8.0"},
      {"[12345.678901] amdgpu: probe", "amdgpu: probe"},
      {"[  1.5]no space", "no space"},
      {"no timestamp", "no timestamp"},
      {"[not a time] kept", "[not a time] kept"},
      {"[", "["},
      {"", ""},
      {"[    2.000000] crlf\r", "crlf"},
  };
  for (const auto& [in, want] : cases) EXPECT_EQ(StripDmesgPrefix(in), want) << in;
}

TEST(ParseDmesgOutput, DropsEmptyLinesAndKeepsTheLastLines) {
  EXPECT_EQ(ParseDmesgOutput("[ 1.0] a\n\n[ 2.0] b\nc"),
            (std::vector<std::string>{"a", "b", "c"}));
  std::string many;
  for (int i = 0; i < 10; ++i) many += "[ 1.0] line" + std::to_string(i) + "\n";
  EXPECT_EQ(ParseDmesgOutput(many, 3), (std::vector<std::string>{"line7", "line8", "line9"}));
  EXPECT_TRUE(ParseDmesgOutput("").empty());
}

}  // namespace
}  // namespace rocm_doctor::system
