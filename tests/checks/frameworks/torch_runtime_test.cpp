// SPDX-License-Identifier: MIT
// frameworks.torch_runtime: on WSL2 a ROCm torch must load the host's WSL HSA runtime, not the
// one its wheel bundles (ROCm/HIP#3710, ROCm/ROCm#3470); bare metal is not judged. Also the
// WSL wording of "sees no GPU" in frameworks.torch_gpu, and a dead venv's torch still judged.
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "frameworks.torch_runtime";
constexpr char kHostHsa[] = "/opt/rocm/lib/libhsa-runtime64.so.1";
constexpr char kWslVersion[] =
    "Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 11.2.0, GNU "
    "ld (GNU Binutils) 2.37) #1 SMP Fri Mar 29 23:14:13 UTC 2024\n";
const std::string kBundled = std::string(kVenvSite) + "/torch/lib/libhsa-runtime64.so";

// A venv with torch 2.3.0+rocm6.2.3 whose torch/lib holds `bundled` as libhsa-runtime64.so
// (nullopt: none), and the host's WSL runtime in /opt/rocm/lib; WSL2 when `wsl`.
std::shared_ptr<FakeSystemView> Host(bool wsl, std::optional<std::string> bundled,
                                     bool host_runtime = true) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddVenv(*view);
  std::vector<std::string> libs;
  for (const std::string& l : RocmWheelLibs()) {
    if (l != "libhsa-runtime64.so") libs.push_back(l);
  }
  AddTorch(*view, kVenvSite, "2.3.0+rocm6.2.3", "6.2.41134-65d174c3e", "", libs);
  if (bundled) view->File(kBundled, *bundled);
  if (host_runtime) view->File(kHostHsa, "ELF hsa-runtime-rocr4wsl-amdgpu 1.14.60203");
  if (wsl) {
    view->File("/proc/version", kWslVersion);
  } else {
    AddGpuHost(*view);
  }
  return view;
}

TEST(TorchRuntime, WslWithTheWheelsOwnHsaRuntimeFails) {
  CheckOutcome out = RunCheck(kCheck, Host(true, "ELF pytorch.org wheel hsa runtime"));
  EXPECT_EQ(out.status, Status::kFail) << out.summary;
  const Finding* f = FindFinding(out, "frameworks.torch.wsl_bundled_hsa");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message, "torch 2.3.0+rocm6.2.3 (" + std::string(kVenvSite) +
                            ") in /home/alice/venv/bin/python3 loads its bundled " + kBundled +
                            " on WSL2, not the host's WSL runtime " + kHostHsa +
                            " (the files differ)");
  EXPECT_EQ(f->params.at("host_hsa"), kHostHsa);
  EXPECT_EQ(f->params.at("lib_dir"), std::string(kVenvSite) + "/torch/lib");
  EXPECT_EQ(f->evidence[0].source, "wsl");
  EXPECT_NE(f->evidence[0].observed.find("microsoft-standard-WSL2"), std::string::npos);
}

TEST(TorchRuntime, WslWithTheHostRuntimeCopiedInPasses) {
  CheckOutcome out = RunCheck(kCheck, Host(true, "ELF hsa-runtime-rocr4wsl-amdgpu 1.14.60203"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("is the host's /opt/rocm/lib/libhsa-runtime64.so.1"),
            std::string::npos)
      << out.summary;
}

TEST(TorchRuntime, WslWithTheBundledRuntimeLinkedToTheHostsPasses) {
  auto view = Host(true, std::nullopt);
  view->Link(kBundled, kHostHsa);
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
}

TEST(TorchRuntime, WslWithTheBundledRuntimeDeletedPasses) {
  CheckOutcome out = RunCheck(kCheck, Host(true, std::nullopt));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("has no libhsa-runtime64, so the host's WSL runtime is loaded"),
            std::string::npos)
      << out.summary;
}

TEST(TorchRuntime, WslWithoutAHostRuntimeSaysToInstallIt) {
  CheckOutcome out = RunCheck(kCheck, Host(true, "ELF pytorch.org wheel hsa runtime", false));
  const Finding* f = FindFinding(out, "frameworks.torch.wsl_bundled_hsa");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("/opt/rocm/lib has no HSA runtime: install ROCm's WSL user space"),
            std::string::npos)
      << f->message;
}

TEST(TorchRuntime, BareMetalIsNotJudged) {
  CheckOutcome out = RunCheck(kCheck, Host(false, "ELF pytorch.org wheel hsa runtime"));
  EXPECT_EQ(out.status, Status::kSkip) << out.summary;
}

TEST(TorchRuntime, NoTorchSkips) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  view->File("/proc/version", kWslVersion);
  EXPECT_EQ(RunCheck(kCheck, view).status, Status::kSkip);
}

// Under WSL2 "sees no GPU" gets WSL's advice, never the render group's.
TEST(TorchRuntime, NotVisibleOnWslHasItsOwnCode) {
  auto view = Host(true, "ELF pytorch.org wheel hsa runtime");
  view->Command("python-torch-0",
                ProbePrinted(TorchReport("\"version\": \"2.3.0+rocm6.2.3\", \"hip\": "
                                         "\"6.2.41134-65d174c3e\", \"available\": false, "
                                         "\"device_count\": 0")));
  CheckOutcome out = RunCheck("frameworks.torch_gpu", view);
  EXPECT_TRUE(HasFinding(out, "frameworks.gpu.not_visible_wsl")) << out.summary;
  EXPECT_FALSE(HasFinding(out, "frameworks.gpu.not_visible")) << out.summary;
  CheckOutcome bare = RunCheck("frameworks.torch_gpu", [] {
    auto v = Host(false, "ELF pytorch.org wheel hsa runtime");
    v->Command("python-torch-0",
               ProbePrinted(TorchReport("\"version\": \"2.3.0+rocm6.2.3\", \"hip\": "
                                        "\"6.2.41134-65d174c3e\", \"available\": false, "
                                        "\"device_count\": 0")));
    return v;
  }());
  EXPECT_TRUE(HasFinding(bare, "frameworks.gpu.not_visible")) << bare.summary;
}

}  // namespace
}  // namespace rocm_doctor::testing
