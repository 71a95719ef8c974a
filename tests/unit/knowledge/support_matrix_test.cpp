// SPDX-License-Identifier: MIT
// SupportMatrix: parsing (hostile rows), the patch-release fallback of SUPPORT-MATRIX.md, the
// embedded data, and which install's release counts.
#include "knowledge/support_matrix.h"

#include <gtest/gtest.h>

#include "unit/collect/rocm/rocm_fixture.h"

namespace rocm_doctor {
namespace {

constexpr char kSupport[] =
    "# comment\n"
    "rocm_release,gfx_target,status,override_to,notes,source\n"
    "6.2.0,gfx1030,official,,,a\n"
    "6.2.0,gfx1031,override,10.3.0,community,b\n"
    "6.2.2,gfx1030,official,,,a\n"
    "6.2.2,gfx906,official,,\"deprecated: listed with the warning sign, 'support will be "
    "removed'\",c\n"
    "6.2.2,gfx1103,override,11.0.0,\"community; risky: fewer VGPRs\",d\n"
    "6.4.1,gfx1201,official,,,e\n"
    "6.2.0,gfx1201,unsupported,,,e\n"
    "6.2.0,gfx1100,maybe,,,x\n"        // unknown status
    "6.2.0,gfx1101,override,,,x\n"     // override without a target
    "six,gfx1100,official,,,x\n"       // not a release
    "6.2.0,1100,official,,,x\n"        // not a gfx name
    "6.2.0,gfx1102,\"official,,,x\n";  // quote left open
constexpr char kKernels[] =
    "rocm_release,kind,name,version,kernel,kernel_flavor,notes,source\n"
    "6.2.0,os,ubuntu,22.04.5,6.8,HWE,,s\n"
    "6.2.0,,ubuntu,22.04.5,6.8,HWE,,s\n";

TEST(SupportMatrix, ParsesRowsAndSkipsBadOnes) {
  SupportMatrix m = SupportMatrix::Parse(kSupport, kKernels);
  EXPECT_EQ(m.size(), 7u);
  EXPECT_EQ(m.kernel_rows(), 1u);
  EXPECT_EQ(m.skipped_rows(), 6u);
  const SupportRow* row = m.Find("6.2.0", "gfx1031");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->status, GfxSupport::kOverride);
  EXPECT_EQ(row->override_to, "10.3.0");
  EXPECT_TRUE(m.Find("6.2.2", "gfx906")->Deprecated());
  EXPECT_TRUE(m.Find("6.2.2", "gfx1103")->Risky());
  EXPECT_FALSE(m.Find("6.2.0", "gfx1031")->Risky());
  EXPECT_EQ(m.Find("6.2.0", "gfx1100"), nullptr);
  EXPECT_EQ(m.FirstOfficial("gfx1201"), "6.4.1");
  EXPECT_EQ(m.FirstOfficial("gfx1031"), "");
  EXPECT_EQ(m.Releases(), (std::vector<std::string>{"6.2.0", "6.2.2", "6.4.1"}));
  ASSERT_EQ(m.KernelRowsFor("6.2.0").size(), 1u);
  EXPECT_EQ(m.KernelRowsFor("6.2.0")[0]->kernel, "6.8");
}

TEST(SupportMatrix, WrongFileParsesToNothing) {
  SupportMatrix m = SupportMatrix::Parse("a,b\n1,2\n", "");
  EXPECT_EQ(m.size(), 0u);
  EXPECT_EQ(SupportMatrix::Parse("", "").size(), 0u);
}

TEST(SupportMatrix, ReleaseFallback) {
  SupportMatrix m = SupportMatrix::Parse(kSupport, "");
  auto exact = m.MatchRelease("6.2.0-66");
  ASSERT_TRUE(exact.ok()) << exact.error();
  EXPECT_EQ(exact->release, "6.2.0");
  EXPECT_EQ(exact->installed, "6.2.0");
  EXPECT_FALSE(exact->fallback);
  auto lower = m.MatchRelease("6.2.3");  // 6.2.3 is no column: the nearest lower patch
  ASSERT_TRUE(lower.ok());
  EXPECT_EQ(lower->release, "6.2.2");
  EXPECT_TRUE(lower->fallback);
  EXPECT_EQ(m.MatchRelease("6.2.9")->release, "6.2.2");
  EXPECT_EQ(m.MatchRelease("6.2")->release, "6.2.0");
  EXPECT_EQ(m.MatchRelease("5.7.1").error(), "the support data has no ROCm 5.7");
  EXPECT_EQ(m.MatchRelease("6.4.0").error(),
            "the support data has no ROCm 6.4 release at or below 6.4.0");
  EXPECT_FALSE(m.MatchRelease("").ok());
  EXPECT_FALSE(m.MatchRelease("six").ok());
  EXPECT_FALSE(m.MatchRelease("6").ok());
  EXPECT_FALSE(m.MatchRelease("6.2.0.1").ok());
  EXPECT_FALSE(m.MatchRelease("99999999.2.0").ok());
}

TEST(SupportMatrix, BuiltinData) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  EXPECT_GT(m.size(), 500u);
  EXPECT_EQ(m.skipped_rows(), 0u);
  EXPECT_GT(m.kernel_rows(), 300u);
  const SupportRow* rx6700 = m.Find("6.2.0", "gfx1031");
  ASSERT_NE(rx6700, nullptr);
  EXPECT_EQ(rx6700->status, GfxSupport::kOverride);
  EXPECT_EQ(rx6700->override_to, "10.3.0");
  EXPECT_EQ(m.Find("6.2.0", "gfx1100")->status, GfxSupport::kOfficial);
  EXPECT_TRUE(m.Find("6.2.0", "gfx1103")->Risky());
  EXPECT_EQ(m.Find("6.2.0", "gfx1036")->override_to, "10.3.0");
  EXPECT_EQ(m.FirstOfficial("gfx1201"), "6.4.1");
  EXPECT_EQ(m.FirstOfficial("gfx1036"), "");
  EXPECT_EQ(m.MatchRelease("6.2.3")->release, "6.2.2");
  EXPECT_FALSE(m.MatchRelease("7.2.0").ok());  // newer than the data
  EXPECT_FALSE(m.MatchRelease("4.5.2").ok());  // older than the data
}

// ROCm 5.0.0-5.7.1 from AMD's per-release GPU Support Tables (docs/5.x.y branches of ROCm/ROCm).
TEST(SupportMatrix, BuiltinDataRocm5) {
  const SupportMatrix& m = SupportMatrix::Builtin();
  EXPECT_EQ(m.MatchRelease("5.2.3")->release, "5.2.3");  // Debian 12's ROCm
  EXPECT_EQ(m.MatchRelease("5.4.3-121")->release, "5.4.3");
  EXPECT_EQ(m.MatchRelease("5.4.4")->release, "5.4.3");  // no such column: nearest lower patch
  // ROCm/ROCm#2061: an RX 6600 with 5.4.3; not listed, gfx1030 is, so 10.3.0.
  const SupportRow* rx6600 = m.Find("5.4.3", "gfx1032");
  ASSERT_NE(rx6600, nullptr);
  EXPECT_EQ(rx6600->status, GfxSupport::kOverride);
  EXPECT_EQ(rx6600->override_to, "10.3.0");
  EXPECT_EQ(m.Find("5.4.3", "gfx1030")->status, GfxSupport::kOfficial);
  EXPECT_EQ(m.Find("5.0.0", "gfx906")->status, GfxSupport::kOfficial);
  EXPECT_EQ(m.Find("5.4.3", "gfx900")->status, GfxSupport::kUnsupported);  // MI25 marked ❌
  // gfx1100 is first listed in 5.7.1 (Ubuntu 22.04 only); before it RDNA3 has no override target.
  EXPECT_EQ(m.Find("5.7.0", "gfx1100")->status, GfxSupport::kUnsupported);
  EXPECT_EQ(m.Find("5.7.0", "gfx1101")->status, GfxSupport::kUnsupported);
  EXPECT_EQ(m.Find("5.7.1", "gfx1100")->status, GfxSupport::kOfficial);
  EXPECT_EQ(m.Find("5.7.1", "gfx1101")->override_to, "11.0.0");
  EXPECT_EQ(m.FirstOfficial("gfx1100"), "5.7.1");
  EXPECT_EQ(m.FirstOfficial("gfx90a"), "5.0.0");
  EXPECT_EQ(m.FirstOfficial("gfx942"), "6.0.0");
}

TEST(InstalledRocmRelease, FromTheInstallInUse) {
  testing::FakeSystemView view;
  testing::AddRocm620(view);
  Fact<std::string> release = InstalledRocmRelease(CollectFacts<RocmFacts>(view));
  ASSERT_TRUE(release.known()) << release.error;
  EXPECT_EQ(*release, "6.2.0");
  EXPECT_EQ(release.source, "/opt/rocm-6.2.0/.info/version");
}

TEST(InstalledRocmRelease, NoneInstalled) {
  testing::FakeSystemView view;
  Fact<std::string> release = InstalledRocmRelease(CollectFacts<RocmFacts>(view));
  EXPECT_FALSE(release.known());
  EXPECT_EQ(release.error, "no ROCm install found");
}

}  // namespace
}  // namespace rocm_doctor
