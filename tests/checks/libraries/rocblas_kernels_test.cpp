// SPDX-License-Identifier: MIT
// libraries.rocblas_kernels: covered, not covered (with and without an override suggestion),
// the override in effect, no Tensile directory, ROCBLAS_TENSILE_LIBPATH, could-not-tell.
#include <gtest/gtest.h>

#include "checks/libraries/libraries_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "libraries.rocblas_kernels";

TEST(RocblasKernels, PassWhenTheGfxIsCovered) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {"TensileLibrary_lazy_gfx90a.dat", "TensileLibrary_lazy_gfx1030.dat"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "Tensile kernels for gfx90a in /opt/rocm-6.2.0/lib/rocblas/library");
}

TEST(RocblasKernels, Gfx1031SuggestsTheOverride) {
  auto view = RocmHost(100301);
  AddRocblas(*view, {"TensileLibrary_lazy_gfx90a.dat", "TensileLibrary_lazy_gfx1030.dat",
                     "Kernels.so-000-gfx1030.hsaco"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "libraries.rocblas.no_kernels_for_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocBLAS in /opt/rocm-6.2.0/lib/rocblas/library has no Tensile library for gfx1031 "
            "(it covers gfx1030, gfx90a); gfx1030 is covered and of the same family: "
            "HSA_OVERRIDE_GFX_VERSION=10.3.0 (unofficial)");
  EXPECT_EQ(f->params.at("override"), "10.3.0");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  ASSERT_FALSE(fix.commands.empty());
  EXPECT_EQ(fix.commands[0],
            "export HSA_OVERRIDE_GFX_VERSION=10.3.0  # workaround, not a fix: the GPU then runs "
            "kernels built for gfx1030; where the two ISAs differ that gives wrong results, hangs "
            "or crashes");
}

TEST(RocblasKernels, NoSameFamilyTarget) {
  auto view = RocmHost(110001);  // gfx1101, and only CDNA files
  AddRocblas(*view, {"TensileLibrary_lazy_gfx90a.dat", "TensileLibrary_lazy_gfx942.dat"});
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "libraries.rocblas.no_kernels_for_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.count("override"), 0u);
  EXPECT_NE(f->params.at("fix").find("install a rocBLAS built for gfx1101"), std::string::npos);
}

TEST(RocblasKernels, OverrideInEffectIsJudged) {
  auto view = RocmHost(100301);
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  AddRocblas(*view, {"TensileLibrary_lazy_gfx1030.dat"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "Tensile kernels for gfx1030 in /opt/rocm-6.2.0/lib/rocblas/library");
}

TEST(RocblasKernels, NoTensileDirectory) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {});
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "libraries.rocblas.no_kernels_for_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("has no rocblas/library directory beside it"), std::string::npos);
}

TEST(RocblasKernels, TensileLibpathReplacesTheLookup) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {"TensileLibrary_lazy_gfx90a.dat"});
  view->Env("ROCBLAS_TENSILE_LIBPATH", "/home/alice/tensile");
  view->File("/home/alice/tensile/TensileLibrary_lazy_gfx1100.dat", "");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "libraries.rocblas.no_kernels_for_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->evidence.back().source, "$ROCBLAS_TENSILE_LIBPATH");
}

TEST(RocblasKernels, CombinedLibraryIsUnknown) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {"TensileLibrary.dat"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown);
  EXPECT_TRUE(HasFinding(out, "libraries.rocblas.kernels_unknown"));
}

TEST(RocblasKernels, UnreadableTensileDirectory) {
  auto view = RocmHost(90010);
  AddRocblas(*view, {});
  view->DenyList(InLib("rocblas/library"));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kUnknown) << out.summary;
  EXPECT_TRUE(HasFinding(out, "libraries.rocblas.kernels_unknown"));
}

TEST(RocblasKernels, SkipsWithoutRocblas) {
  EXPECT_EQ(RunCheck(kCheck, RocmHost(90010)).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
