// SPDX-License-Identifier: MIT
// env_parse: HSA_OVERRIDE_GFX_VERSION as libhsakmt's sscanf("%u.%u.%u%c") reads it, per-node
// names, gfx names and families, the ISA registry, VGPR sizes and HIP_PLATFORM. Hostile input.
#include "knowledge/env_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::env_parse {
namespace {

struct GfxCase {
  std::string_view value;
  std::string_view target;  // "" = rejected
};

TEST(ParseGfxVersion, Table) {
  const GfxCase cases[] = {
      {"10.3.0", "gfx1030"},
      {"11.0.0", "gfx1100"},
      {"9.4.2", "gfx942"},
      {"9.0.10", "gfx90a"},  // stepping is decimal in the variable, hex in the name
      {"9.0.12", "gfx90c"},
      {"12.0.1", "gfx1201"},
      {" 10.3.0", "gfx1030"},  // %u skips leading white space
      {"+10.3.0", "gfx1030"},  // and takes a sign
      {"10. 3.0", "gfx1030"},
      {"010.03.00", "gfx1030"},  // %u is decimal: leading zeros are just zeros
      {"10.3", ""},
      {"gfx1030", ""},
      {"10.3.0 ", ""},  // the %c catches the trailing space
      {"10.3.0\n", ""},
      {"10.3.0.1", ""},
      {"", ""},
      {"   ", ""},
      {"10..0", ""},
      {"10.3.", ""},
      {".3.0", ""},
      {"64.0.0", ""},    // major > 63
      {"10.256.0", ""},  // minor > 255
      {"10.3.256", ""},
      {"-1.0.0", ""},  // wraps to 4294967295
      {"99999999999999999999.0.0", ""},
      {std::string_view("10.3\0.0", 7), ""},
      {"\xff\xfe", ""},
  };
  for (const GfxCase& c : cases) {
    Result<GfxVersion> r = ParseGfxVersion(c.value);
    if (c.target.empty()) {
      EXPECT_FALSE(r.ok()) << "'" << c.value << "' -> " << (r ? r->Text() : "");
      if (!r.ok()) EXPECT_FALSE(r.error().empty());
    } else {
      ASSERT_TRUE(r.ok()) << "'" << c.value << "': " << r.error();
      EXPECT_EQ(r->Target(), c.target) << c.value;
    }
  }
}

TEST(ParseGfxVersion, MessagesSayWhy) {
  EXPECT_EQ(ParseGfxVersion("").error(), "empty (libhsakmt needs major.minor.stepping)");
  EXPECT_EQ(ParseGfxVersion("10.3").error(),
            "not major.minor.stepping (three numbers separated by dots)");
  EXPECT_EQ(ParseGfxVersion("10.3.0 ").error(),
            "text after major.minor.stepping (\" \"); libhsakmt rejects it");
  EXPECT_EQ(ParseGfxVersion("64.0.0").error(),
            "out of range (major <= 63, minor and stepping <= 255)");
}

TEST(GfxVersion, TargetAndText) {
  EXPECT_EQ((GfxVersion{10, 3, 7}).Target(), "gfx1037");  // well-formed, but no such ISA
  EXPECT_EQ((GfxVersion{10, 16, 0}).Target(), "");        // minor beyond one hex digit
  EXPECT_EQ((GfxVersion{0, 0, 0}).Target(), "");
  EXPECT_EQ((GfxVersion{9, 0, 10}).Text(), "9.0.10");
}

TEST(OverrideNode, Names) {
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_1"), 1);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_12"), 12);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_0"), 0);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION"), std::nullopt);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_"), std::nullopt);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_01"), std::nullopt);  // "%d" never prints it
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_-1"), std::nullopt);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_1a"), std::nullopt);
  EXPECT_EQ(OverrideNode("HSA_OVERRIDE_GFX_VERSION_99999999"), std::nullopt);
  EXPECT_EQ(OverrideNode("hsa_override_gfx_version_1"), std::nullopt);
}

TEST(GfxNames, VersionsAndFamilies) {
  EXPECT_EQ(GfxVersionOf("gfx90a"), (GfxVersion{9, 0, 10}));
  EXPECT_EQ(GfxVersionOf("gfx1031"), (GfxVersion{10, 3, 1}));
  EXPECT_EQ(GfxVersionOf("gfx942"), (GfxVersion{9, 4, 2}));
  EXPECT_EQ(GfxVersionOf("gfx"), std::nullopt);
  EXPECT_EQ(GfxVersionOf("gfx10x0"), std::nullopt);
  EXPECT_EQ(GfxVersionOf("sm_90"), std::nullopt);
  EXPECT_EQ(GfxFamilyOf("gfx1031"), "gfx10.3");
  EXPECT_EQ(GfxFamilyOf("gfx1010"), "gfx10.1");  // RDNA1 is not RDNA2's family
  EXPECT_EQ(GfxFamilyOf("gfx1103"), "gfx11");
  EXPECT_EQ(GfxFamilyOf("gfx1151"), GfxFamilyOf("gfx1100"));
  EXPECT_NE(GfxFamilyOf("gfx90a"), GfxFamilyOf("gfx942"));
  EXPECT_EQ(GfxFamilyOf("garbage"), "");
}

TEST(RocrKnowsIsa, Registry) {
  EXPECT_TRUE(RocrKnowsIsa("gfx1030"));
  EXPECT_TRUE(RocrKnowsIsa("gfx90a"));
  EXPECT_TRUE(RocrKnowsIsa("gfx1151"));
  EXPECT_FALSE(RocrKnowsIsa("gfx1037"));
  EXPECT_FALSE(RocrKnowsIsa("gfx1104"));
  EXPECT_FALSE(RocrKnowsIsa(""));
}

TEST(VgprBytesPerCu, SmallerRdna3Parts) {
  EXPECT_EQ(VgprBytesPerCu("gfx1100"), 0x60000u);
  EXPECT_EQ(VgprBytesPerCu("gfx1201"), 0x60000u);
  EXPECT_EQ(VgprBytesPerCu("gfx1103"), 0x40000u);
  EXPECT_EQ(VgprBytesPerCu("gfx1150"), 0x40000u);
  EXPECT_EQ(VgprBytesPerCu("gfx942"), 0x80000u);
  EXPECT_EQ(VgprBytesPerCu("gfx1030"), 0x40000u);
}

TEST(ParseHipPlatform, Values) {
  EXPECT_EQ(ParseHipPlatform("amd"), HipPlatform::kAmd);
  EXPECT_EQ(ParseHipPlatform("hcc"), HipPlatform::kAmd);
  EXPECT_EQ(ParseHipPlatform("nvidia"), HipPlatform::kNvidia);
  EXPECT_EQ(ParseHipPlatform("nvcc"), HipPlatform::kNvidia);
  EXPECT_EQ(ParseHipPlatform("AMD"), HipPlatform::kOther);
  EXPECT_EQ(ParseHipPlatform(""), HipPlatform::kOther);
  EXPECT_EQ(ParseHipPlatform("amd "), HipPlatform::kOther);
}

}  // namespace
}  // namespace rocm_doctor::env_parse
