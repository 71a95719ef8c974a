// SPDX-License-Identifier: MIT
// Issue 16 rule 3: library coverage is judged for the GPUs that compute. An integrated GPU
// without rocBLAS kernels or code objects beside a discrete GPU is a warning with the
// ROCR_VISIBLE_DEVICES value computed from the KFD order (iGPU first: ROCm/ROCm#3401,
// CS1o/Stable-Diffusion-Info#6; iGPU second: llama.cpp#8618); the discrete GPU's own missing
// kernels stay a failure; a GPU hidden from HIP is not judged; an APU alone still fails.
#include <gtest/gtest.h>

#include "checks/libraries/libraries_fixture.h"
#include "support/check_harness.h"
#include "unit/collect/runtime_env/env_fixture.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kRocblas[] = "libraries.rocblas_kernels";
constexpr char kCodeObjects[] = "libraries.code_objects";

const TestGpu kRx6800Xt{"0000:03:00.0", "0x73bf", "0xc1", 100300};
const TestGpu kRx6800XtSecond{"0000:08:00.0", "0x73bf", "0xc1", 100300};

// The GPUs in the given KFD order, ROCm 6.2.0 with HIP, rocBLAS with gfx1030 and gfx1100 files.
std::shared_ptr<FakeSystemView> Host(const std::vector<TestGpu>& gpus) {
  auto view = GpuHost(gpus);
  view->Link("/opt/rocm", "rocm-6.2.0");
  view->File("/opt/rocm-6.2.0/.info/version", "6.2.0-66\n");
  view->File(InLib("libamdhip64.so.6.2.60200"), "");
  view->Link(InLib("libamdhip64.so.6"), "libamdhip64.so.6.2.60200");
  view->Link(InLib("libamdhip64.so"), "libamdhip64.so.6");
  AddRocblas(*view, {"TensileLibrary_lazy_gfx1030.dat", "TensileLibrary_lazy_gfx1100.dat"});
  return view;
}

std::vector<const Finding*> All(const CheckOutcome& out, const std::string& code) {
  std::vector<const Finding*> found;
  for (const Finding& f : out.findings) {
    if (f.code == code) found.push_back(&f);
  }
  return found;
}

TEST(IgpuCoverage, IgpuFirstWithoutTensileWarnsWithTheDiscretePosition) {
  CheckOutcome out = RunCheck(kRocblas, Host({kRaphael, kRx6800Xt}));
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  EXPECT_EQ(FindFinding(out, "libraries.rocblas.no_kernels_for_gfx"), nullptr);
  const Finding* f = FindFinding(out, "libraries.rocblas.igpu_no_kernels");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocBLAS in /opt/rocm-6.2.0/lib/rocblas/library has no Tensile library for the "
            "integrated gfx1036 at 0000:0e:00.0 (HIP device 0); the discrete GPUs compute: hide "
            "the iGPU with ROCR_VISIBLE_DEVICES=1, or programs that run on it stop with 'Cannot "
            "read .../TensileLibrary.dat ... for GPU arch : gfx1036'");
  EXPECT_EQ(Catalog::Instance().RemediationFor(*f).commands[0],
            "export ROCR_VISIBLE_DEVICES=1  # the discrete GPUs, in KFD order");
}

TEST(IgpuCoverage, IgpuSecondIsHiddenWithIndexZero) {
  CheckOutcome out = RunCheck(kRocblas, Host({kRx6800Xt, kRaphael}));
  const Finding* f = FindFinding(out, "libraries.rocblas.igpu_no_kernels");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("devices"), "0");
  EXPECT_NE(f->message.find("(HIP device 1)"), std::string::npos) << f->message;
}

TEST(IgpuCoverage, IgpuBetweenTwoDiscreteGpus) {
  CheckOutcome out = RunCheck(kRocblas, Host({kRx6800Xt, kRaphael, kRx6800XtSecond}));
  const Finding* f = FindFinding(out, "libraries.rocblas.igpu_no_kernels");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->params.at("devices"), "0,2");
}

TEST(IgpuCoverage, TheDiscreteGpusOwnGapStaysAFailure) {
  // RX 6700 XT (gfx1031) is not covered either: that failure is the discrete GPU's, and the
  // iGPU only gets its warning.
  CheckOutcome out = RunCheck(kRocblas, Host({kRaphael, kRx6700Xt}));
  EXPECT_EQ(out.status, Status::kFail);
  const auto fails = All(out, "libraries.rocblas.no_kernels_for_gfx");
  ASSERT_EQ(fails.size(), 1u) << out.summary;
  EXPECT_EQ(fails[0]->params.at("gfx"), "gfx1031");
  const auto warns = All(out, "libraries.rocblas.igpu_no_kernels");
  ASSERT_EQ(warns.size(), 1u);
  EXPECT_EQ(warns[0]->params.at("gfx"), "gfx1036");
}

TEST(IgpuCoverage, HiddenIgpuIsNotJudged) {
  auto view = Host({kRaphael, kRx6800Xt});
  view->Env("ROCR_VISIBLE_DEVICES", "1");
  CheckOutcome out = RunCheck(kRocblas, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "Tensile kernels for gfx1030 in /opt/rocm-6.2.0/lib/rocblas/library; not judged, "
            "hidden from HIP: gfx1036 at 0000:0e:00.0");
}

TEST(IgpuCoverage, HiddenByHipVisibleDevicesToo) {
  auto view = Host({kRaphael, kRx6800Xt});
  view->Env("HIP_VISIBLE_DEVICES", "1");
  EXPECT_EQ(RunCheck(kRocblas, view).status, Status::kPass);
}

TEST(IgpuCoverage, AnApuAloneStillFails) {
  CheckOutcome out = RunCheck(kRocblas, Host({kPhoenix}));
  EXPECT_EQ(out.status, Status::kFail);
  EXPECT_NE(FindFinding(out, "libraries.rocblas.no_kernels_for_gfx"), nullptr);
  EXPECT_EQ(FindFinding(out, "libraries.rocblas.igpu_no_kernels"), nullptr);
}

TEST(IgpuCoverage, EveryGpuHiddenJudgesThemAll) {
  auto view = Host({kRaphael, kRx6800Xt});
  view->Env("ROCR_VISIBLE_DEVICES", "");  // set and empty: ROCr exposes none
  CheckOutcome out = RunCheck(kRocblas, view);
  EXPECT_NE(FindFinding(out, "libraries.rocblas.no_kernels_for_gfx"), nullptr) << out.summary;
}

TEST(IgpuCoverage, CodeObjectsOfTheIgpuWarn) {
  auto view = Host({kRaphael, kRx6800Xt});
  view->File(InLib("librocsparse.so.1.0.60200"), LibFixture("libfx_gfx90a_gfx1030.so"));
  CheckOutcome out = RunCheck(kCodeObjects, view);
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  EXPECT_EQ(FindFinding(out, "libraries.code_object.missing_gfx"), nullptr);
  const Finding* f = FindFinding(out, "libraries.code_object.igpu_missing_gfx");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "rocSPARSE /opt/rocm-6.2.0/lib/librocsparse.so.1.0.60200 has no code object for the "
            "integrated gfx1036 at 0000:0e:00.0 (HIP device 0); the discrete GPUs compute: hide "
            "the iGPU with ROCR_VISIBLE_DEVICES=1");
}

TEST(IgpuCoverage, CodeObjectsOfAnUncoveredDiscreteGpuFail) {
  auto view = Host({kRaphael, kRx6700Xt});
  view->File(InLib("librocsparse.so.1.0.60200"), LibFixture("libfx_gfx90a_gfx1030.so"));
  CheckOutcome out = RunCheck(kCodeObjects, view);
  EXPECT_EQ(out.status, Status::kFail);
  ASSERT_EQ(All(out, "libraries.code_object.missing_gfx").size(), 1u);
  EXPECT_EQ(All(out, "libraries.code_object.missing_gfx")[0]->params.at("gfx"), "gfx1031");
  EXPECT_EQ(All(out, "libraries.code_object.igpu_missing_gfx").size(), 1u);
}

TEST(IgpuCoverage, CodeObjectsOfAHiddenIgpuAreNotJudged) {
  auto view = Host({kRaphael, kRx6800Xt});
  view->Env("ROCR_VISIBLE_DEVICES", "1");
  view->File(InLib("librocsparse.so.1.0.60200"), LibFixture("libfx_gfx90a_gfx1030.so"));
  CheckOutcome out = RunCheck(kCodeObjects, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary, "rocSPARSE carry code for gfx1030; 1 empty placeholder file not judged");
}

// runtime.gfx_support: with the discrete GPU unsupported too (RX 6700 XT, gfx1031, on ROCm
// 6.2.0), its own target is the failure; the integrated gfx1036 is only noted.
TEST(IgpuCoverage, GfxSupportBlamesOnlyTheDiscreteTarget) {
  CheckOutcome out = RunCheck("runtime.gfx_support", Host({kRaphael, kRx6700Xt}));
  EXPECT_EQ(out.status, Status::kFail);
  const auto fails = All(out, "runtime.gfx.unsupported");
  ASSERT_EQ(fails.size(), 1u) << out.summary;
  EXPECT_EQ(fails[0]->params.at("gfx"), "gfx1031");
}

}  // namespace
}  // namespace rocm_doctor::testing
