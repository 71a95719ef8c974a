// SPDX-License-Identifier: MIT
// partition_parse: the mode attributes of amdgpu_gfx.c / amdgpu_gmc.c, with hostile input.
#include <gtest/gtest.h>

#include "collect/partition/partition_parse.h"

namespace rocm_doctor {
namespace {

using Modes = std::vector<std::string>;

TEST(PartitionParse, Mode) {
  EXPECT_EQ(partition_parse::Mode("CPX\n"), "CPX");
  EXPECT_EQ(partition_parse::Mode("NPS4"), "NPS4");
  EXPECT_EQ(partition_parse::Mode(""), std::nullopt);
  EXPECT_EQ(partition_parse::Mode("cpx"), std::nullopt);
  EXPECT_EQ(partition_parse::Mode("C"), std::nullopt);
  EXPECT_EQ(partition_parse::Mode("CPXCPXCPX"), std::nullopt);
  EXPECT_EQ(partition_parse::Mode(std::string("CP\0X", 4)), std::nullopt);
  EXPECT_EQ(partition_parse::Mode("SPX DPX"), std::nullopt);
}

TEST(PartitionParse, ModeList) {
  struct Case {
    std::string text;
    std::optional<Modes> modes;
  };
  const Case cases[] = {
      {"SPX, DPX, QPX, CPX\n", Modes{"SPX", "DPX", "QPX", "CPX"}},
      {"NPS1, NPS4\n", Modes{"NPS1", "NPS4"}},
      {"SPX\n", Modes{"SPX"}},
      {"Not supported\n", Modes{}},
      {"", std::nullopt},
      {"SPX,", std::nullopt},
      {", SPX", std::nullopt},
      {"SPX,,CPX", std::nullopt},
      {"SPX; CPX", std::nullopt},
      {std::string(4096, '\0'), std::nullopt},
      {"garbage\xff", std::nullopt},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text.substr(0, 30));
    EXPECT_EQ(partition_parse::ModeList(c.text), c.modes);
  }
  std::string many;
  for (int i = 0; i < 17; ++i) many += (i ? ", " : "") + std::string("SPX");
  EXPECT_EQ(partition_parse::ModeList(many), std::nullopt);
}

}  // namespace
}  // namespace rocm_doctor
