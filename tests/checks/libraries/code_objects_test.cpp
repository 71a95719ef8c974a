// SPDX-License-Identifier: MIT
// libraries.code_objects: the hipcc-built fixtures (gfx90a:xnack- + gfx1030; gfx90a:xnack+)
// against gfx90a and gfx1031 GPUs, XNACK modes, compressed bundles, placeholders.
#include <gtest/gtest.h>

#include "checks/libraries/libraries_fixture.h"
#include "support/check_harness.h"
#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "libraries.code_objects";

std::shared_ptr<FakeSystemView> WithSparse(std::uint64_t gfx, const std::string& fixture) {
  auto view = RocmHost(gfx);
  view->File(InLib("librocsparse.so.1.0.60200"), LibFixture(fixture));
  return view;
}

TEST(CodeObjects, PassForACarriedTarget) {
  CheckOutcome out = RunCheck(kCheck, WithSparse(90010, "libfx_gfx90a_gfx1030.so"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "rocSPARSE carry code for gfx90a");
}

TEST(CodeObjects, MissingGfxWithOverrideSuggestion) {
  CheckOutcome out = RunCheck(kCheck, WithSparse(100301, "libfx_gfx90a_gfx1030.so"));
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "libraries.code_object.missing_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocSPARSE /opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200 has no code object for "
            "gfx1031; it carries gfx1030, gfx90a:xnack-; gfx1030 is of the same family: "
            "HSA_OVERRIDE_GFX_VERSION=10.3.0 (unofficial)");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_GE(fix.commands.size(), 2u);
  EXPECT_EQ(fix.commands[1],
            "roc-obj-ls /opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200 | awk "
            "'{print $2}' | sort -u");
}

TEST(CodeObjects, XnackPlusOnlyDoesNotServeXnackOff) {
  CheckOutcome out = RunCheck(kCheck, WithSparse(90010, "libfx_gfx90a_xnackplus.so"));
  const Finding* f = FindFinding(out, "libraries.code_object.missing_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("(gfx90a:xnack+ only, the GPU runs with XNACK off)"), std::string::npos)
      << f->message;
}

TEST(CodeObjects, XnackOnServedByXnackPlus) {
  auto view = WithSparse(90010, "libfx_gfx90a_xnackplus.so");
  view->Env("HSA_XNACK", "1");
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
  auto minus = WithSparse(90010, "libfx_gfx90a_gfx1030.so");
  minus->Env("HSA_XNACK", "1");
  CheckOutcome out = RunCheck(kCheck, minus);
  const Finding* f = FindFinding(out, "libraries.code_object.missing_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->params.at("fix").find("unset HSA_XNACK"), std::string::npos);
}

TEST(CodeObjects, CompressedBundlesAreUnknown) {
  auto view = RocmHost(90010);
  std::string ccob = "CCOB";
  AppendLe(ccob, 2, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 64, 4);
  ccob.resize(64, 'z');
  view->File(InLib("librocfft.so.0.1.60200"), BuildElf({{".hip_fatbin", Fatbin({ccob}), 4096}}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown) << out.summary;
  const Finding* f = FindFinding(out, "libraries.code_object.unknown");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("compressed offload bundles (CCOB): targets unknown"),
            std::string::npos);
}

TEST(CodeObjects, PlaceholdersAndHostOnlyLibrariesAreNotJudged) {
  auto view = WithSparse(90010, "libfx_gfx90a_gfx1030.so");
  view->File(InLib("librocm_smi64.so.7.3.60200"), BuildElf({{".text", "x"}}));
  view->File(InLib("librocblas.so.4.2.60200"), "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "rocSPARSE carry code for gfx90a; 1 without device code; 1 empty placeholder file "
            "not judged");
}

// Issue 15: only empty placeholder files judged nothing, so it is information, not a pass.
TEST(CodeObjects, OnlyEmptyPlaceholderFilesAreInformationNotAPass) {
  auto view = RocmHost(90010);
  view->File(InLib("librocblas.so.4.2.60200"), "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kInfo) << out.summary;
  EXPECT_EQ(out.summary, "1 empty placeholder file not judged");
  EXPECT_TRUE(out.findings.empty());
  view->File(InLib("librocsparse.so.1.0.60200"), "");
  out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kInfo) << out.summary;
  EXPECT_EQ(out.summary, "2 empty placeholder files not judged");
}

TEST(CodeObjects, SkipsWithoutLibraries) {
  EXPECT_EQ(RunCheck(kCheck, RocmHost(90010)).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
