// SPDX-License-Identifier: MIT
// frameworks.torch: CPU-only, CUDA and ROCm builds from files, the ROCm release against the host
// (a wheel that bundles its ROCm: the amdgpu-dkms driver; one that does not: the host's ROCm).
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "frameworks.torch";

std::shared_ptr<FakeSystemView> Host() {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddGpuHost(*view);
  return view;
}

void AddHostRocm(FakeSystemView& view, const std::string& version) {
  const std::string root = "/opt/rocm-" + version;
  view.Link("/opt/rocm", "rocm-" + version);
  view.File(root + "/.info/version", version + "-66\n");
  view.File(root + "/lib/libamdhip64.so.6.2.60200", "");
}

TEST(TorchBuild, NotInstalledIsASkip) {
  CheckOutcome out = RunCheck(kCheck, Host());
  EXPECT_EQ(out.status, Status::kSkip);
  EXPECT_EQ(out.summary,
            "PyTorch is not installed for /usr/bin/python3, the one Python environment found");
}

TEST(TorchBuild, DebianCpuBuild) {
  auto view = Host();
  AddTorch(*view, kDist, "1.13.0a0", "", "", {"libtorch_cpu.so"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kFail);
  const Finding* f = FindFinding(out, "frameworks.torch.cpu_build");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 1.13.0a0 (/usr/lib/python3/dist-packages) in /usr/bin/python3 is a CPU-only "
            "build (torch.version.hip and torch.version.cuda are None); it is the distribution's "
            "package (Debian/Ubuntu python3-torch)");
  EXPECT_EQ(f->evidence[0].source, "/usr/lib/python3/dist-packages/torch/version.py");
  EXPECT_EQ(f->evidence[0].observed, "hip = None, cuda = None");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  // Quoted: unquoted, a pasted <X.Y> is an input redirection (issue 13, ShellQuote).
  EXPECT_NE(fix.commands[0].find("--index-url https://download.pytorch.org/whl/'rocm<X.Y>'"),
            std::string::npos)
      << fix.commands[0];
  AddHostRocm(*view, "6.2.0");
  const CheckOutcome with_rocm = RunCheck(kCheck, view);
  ASSERT_TRUE(HasFinding(with_rocm, "frameworks.torch.cpu_build"));
  fix = Catalog::Instance().RemediationFor(*FindFinding(with_rocm, "frameworks.torch.cpu_build"));
  EXPECT_NE(fix.commands[0].find("whl/rocm6.2"), std::string::npos) << fix.commands[0];
}

TEST(TorchBuild, CudaBuildOnAnAmdHost) {
  auto view = Host();
  AddTorch(*view, kDist, "2.5.1+cu121", "", "12.1", {"libtorch_cuda.so"});
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "frameworks.torch.cuda_build");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 2.5.1+cu121 (/usr/lib/python3/dist-packages) in /usr/bin/python3 is a CUDA 12.1 "
            "build (torch.version.hip is None); this host's GPUs are AMD");
}

TEST(TorchBuild, CudaBuildOnAnNvidiaHostIsRight) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddNvidiaGpu(*view);
  AddTorch(*view, kDist, "2.5.1+cu121", "", "12.1", {"libtorch_cuda.so"});
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("CUDA 12.1 build, and this host's GPUs are NVIDIA"),
            std::string::npos);
}

TEST(TorchBuild, RocmWheelWithTheInTreeDriver) {
  auto view = Host();
  AddTorch(*view, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) in /usr/bin/python3: ROCm build, "
            "bundles its ROCm 6.2 user space; the in-tree amdgpu has no version to judge against "
            "it");
}

TEST(TorchBuild, RocmWheelAgainstTheDkmsDriver) {
  auto view = Host();
  view->Dir("/sys/module/amdgpu");
  // amdgpu-dkms 6.3.6 is ROCm 6.0.0's driver (rocm_kernels.csv); ROCm 6.4 lists 6.4.x-6.1.x.
  view->File("/sys/module/amdgpu/version", "6.3.6\n");
  AddTorch(*view, kDist, "2.7.0+rocm6.4", "6.4.43482-0f2d60242", "", RocmWheelLibs());
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kWarn) << out.summary;
  const Finding* f = FindFinding(out, "frameworks.torch.driver_unsupported");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 2.7.0+rocm6.4 (/usr/lib/python3/dist-packages) bundles ROCm 6.4, which does not "
            "list the amdgpu-dkms 6.3.6 driver (ROCm 6.0.x) as compatible; it lists 6.4.x, 6.3.x, "
            "6.2.x, 6.1.x");
  // amdgpu-dkms 6.8.5 is ROCm 6.2.0's driver, which ROCm 6.2 lists.
  view->File("/sys/module/amdgpu/version", "6.8.5\n");
  AddTorch(*view, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("amdgpu-dkms 6.8.5 (6.2.x) is supported"), std::string::npos)
      << out.summary;
  // A module version the support data does not name is not judged.
  view->File("/sys/module/amdgpu/version", "6.10.5\n");
  out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_NE(out.summary.find("amdgpu-dkms 6.10.5 not judged"), std::string::npos) << out.summary;
}

TEST(TorchBuild, BuildOnTheHostsRocm) {
  // libtorch_hip.so without libamdhip64.so: the host's HIP runtime is loaded.
  const std::vector<std::string> libs{"libtorch_hip.so", "libc10_hip.so"};
  {
    auto view = Host();
    AddHostRocm(*view, "6.2.0");
    AddTorch(*view, kDist, "2.4.0", "6.1.40091-a8dbc0c19", "", libs);
    CheckOutcome out = RunCheck(kCheck, view);
    const Finding* f = FindFinding(out, "frameworks.torch.rocm_mismatch");
    ASSERT_NE(f, nullptr) << out.summary;
    EXPECT_EQ(f->status, Status::kWarn);
    EXPECT_EQ(f->message,
              "torch 2.4.0 (/usr/lib/python3/dist-packages) is built for ROCm 6.1 and uses the "
              "host's HIP runtime, which is ROCm 6.2.0: another minor release");
  }
  {
    auto view = Host();
    AddHostRocm(*view, "6.2.0");
    AddTorch(*view, kDist, "2.1.2", "5.7.31921-d1770ee1b", "", libs);
    const CheckOutcome out = RunCheck(kCheck, view);
    const Finding* f = FindFinding(out, "frameworks.torch.rocm_mismatch");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->status, Status::kFail);
    EXPECT_NE(f->message.find("another major release, libamdhip64.so.5 is not there to load"),
              std::string::npos)
        << f->message;
  }
  {
    auto view = Host();
    AddTorch(*view, kDist, "2.4.0", "6.1.40091-a8dbc0c19", "", libs);
    const CheckOutcome out = RunCheck(kCheck, view);
    const Finding* f = FindFinding(out, "frameworks.torch.rocm_mismatch");
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->status, Status::kFail);
    EXPECT_NE(f->message.find("uses the host's ROCm, but no ROCm install found"), std::string::npos)
        << f->message;
  }
  {
    auto view = Host();
    AddHostRocm(*view, "6.1.2");
    AddTorch(*view, kDist, "2.4.0", "6.1.40091-a8dbc0c19", "", libs);
    CheckOutcome out = RunCheck(kCheck, view);
    EXPECT_EQ(out.status, Status::kPass) << out.summary;
    EXPECT_NE(out.summary.find("uses the host's ROCm 6.1.2"), std::string::npos);
  }
}

TEST(TorchBuild, UnknownBuildIsInfo) {
  auto view = Host();
  view->File(std::string(kDist) + "/torch/__init__.py", "");
  CheckOutcome out = RunCheck(kCheck, view);
  EXPECT_EQ(out.status, Status::kPass);  // an info finding: the live probe judges
  const Finding* f = FindFinding(out, "frameworks.build.unknown");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->message.find("torch/version.py: not found"), std::string::npos) << f->message;
}

}  // namespace
}  // namespace rocm_doctor::testing
