// SPDX-License-Identifier: MIT
// frameworks.torch_arch: the gfx targets of libtorch_hip.so's offload bundles and of the bundled
// rocBLAS's Tensile files against the GPU (gfx1031 with a wheel for gfx1030/gfx1100 only).
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"
#include "unit/collect/libraries/elf_builder.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "frameworks.torch_arch";
const std::string kLib = std::string(kDist) + "/torch/lib/";

std::string TorchHip(const std::vector<std::string>& targets) {
  std::vector<std::string> ids{"host-x86_64-unknown-linux-gnu-"};
  for (const std::string& t : targets) ids.push_back("hipv4-amdgcn-amd-amdhsa--" + t);
  return BuildElf({{".hip_fatbin", Fatbin({BuildBundle(ids), BuildBundle(ids)}), 4096}});
}

std::shared_ptr<FakeSystemView> Host(std::uint64_t gfx) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddGpuHost(*view, gfx);
  AddTorch(*view, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  return view;
}

TEST(TorchArch, Gfx1031WithAWheelForGfx1030AndGfx1100) {
  auto view = Host(100301);
  view->File(kLib + "libtorch_hip.so", TorchHip({"gfx1030", "gfx1100"}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail) << out.summary;
  const Finding* f = FindFinding(out, "frameworks.torch.arch_missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) has no kernels for gfx1031: "
            "libtorch_hip.so carries gfx1030, gfx1100");
  EXPECT_EQ(f->params.at("fix"),
            "export HSA_OVERRIDE_GFX_VERSION=10.3.0  # workaround, not a fix: the GPU then runs "
            "kernels built for gfx1030; where the two ISAs differ that gives wrong results, hangs "
            "or crashes");
  EXPECT_EQ(f->evidence[1].observed, "gfx1030, gfx1100 in 2 bundles");
}

TEST(TorchArch, CoveredGpuPasses) {
  auto view = Host(110000);
  view->File(kLib + "libtorch_hip.so", TorchHip({"gfx1030", "gfx1100"}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) carries code for gfx1100");
}

TEST(TorchArch, TheOverrideMakesTheRuntimeReportACoveredTarget) {
  auto view = Host(100301);
  view->File(kLib + "libtorch_hip.so", TorchHip({"gfx1030", "gfx1100"}));
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kPass);
}

TEST(TorchArch, TensileFilesOfTheBundledRocblas) {
  auto view = Host(90402);                   // gfx942
  view->File(kLib + "libtorch_hip.so", "");  // an empty stand-in: bundles not judged
  view->File(kLib + "rocblas/library/TensileLibrary_lazy_gfx90a.dat", "");
  view->File(kLib + "rocblas/library/TensileLibrary_lazy_gfx1100.dat", "");
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "frameworks.torch.arch_missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("its rocBLAS has Tensile files for gfx1100, gfx90a"), std::string::npos)
      << f->message;
  view->File(kLib + "rocblas/library/TensileLibrary_lazy_gfx942.dat", "");
  out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("(from its rocBLAS Tensile files)"), std::string::npos);
}

TEST(TorchArch, CompressedBundlesAreLeftToTheLiveProbe) {
  auto view = Host(110000);
  std::string ccob = "CCOB";
  AppendLe(ccob, 2, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 64, 4);
  ccob.resize(64, 'z');
  view->File(kLib + "libtorch_hip.so", BuildElf({{".hip_fatbin", Fatbin({ccob}), 4096}}));
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_NE(out.summary.find("compressed offload bundles"), std::string::npos) << out.summary;
  EXPECT_NE(out.summary.find("frameworks.torch_gpu judges torch.cuda.get_arch_list()"),
            std::string::npos);
}

TEST(TorchArch, SkipsWithoutARocmTorchOrAGpu) {
  auto cpu = std::make_shared<FakeSystemView>();
  AddSystemPython(*cpu);
  AddGpuHost(*cpu);
  AddTorch(*cpu, kDist, "1.13.0a0", "", "", {});
  EXPECT_EQ(RunCheck(kCheck, cpu).summary, "no ROCm build of PyTorch to judge");
  auto no_gpu = std::make_shared<FakeSystemView>();
  AddSystemPython(*no_gpu);
  AddTorch(*no_gpu, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  EXPECT_EQ(RunCheck(kCheck, no_gpu).summary, "no GPU with a known gfx target in KFD topology");
}

}  // namespace
}  // namespace rocm_doctor::testing
