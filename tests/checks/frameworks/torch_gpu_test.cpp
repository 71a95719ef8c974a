// SPDX-License-Identifier: MIT
// frameworks.torch_gpu: the live probe's answers judged - CPU and CUDA builds seen live, a ROCm
// build that sees no GPU (with the HIP warning as evidence), a device whose gfx is not in
// get_arch_list(), a failing tensor op, import failures, hangs and crashes.
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kCheck[] = "frameworks.torch_gpu";
constexpr char kProbe[] = "python-torch-0";

std::shared_ptr<FakeSystemView> Host(const std::string& report_fields) {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddGpuHost(*view);
  AddTorch(*view, kDist, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  if (!report_fields.empty()) view->Command(kProbe, ProbePrinted(TorchReport(report_fields)));
  return view;
}

constexpr char kRocm[] = "\"version\": \"2.5.1+rocm6.2\", \"hip\": \"6.2.41133-dd7f95766\", ";
constexpr char kOneGpu[] =
    "\"available\": true, \"device_count\": 1, \"arch_list\": [\"gfx1030\", \"gfx1100\"], "
    "\"devices\": [{\"name\": \"AMD Radeon RX 7900 XTX\", \"arch\": \"gfx1100\"}], ";

TEST(TorchGpu, Healthy) {
  CheckOutcome out = RunCheck(
      kCheck, Host(std::string(kRocm) + kOneGpu +
                   "\"op\": {\"device\": \"cuda:0\", \"result\": 256.0, \"expected\": 256.0}"));
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) in /usr/bin/python3 sees 1 GPU "
            "(AMD Radeon RX 7900 XTX, gfx1100); a tensor op on cuda:0 gave the right result "
            "(import 2.1 s)");
}

TEST(TorchGpu, CpuBuildSeenLive) {
  CheckOutcome out = RunCheck(
      kCheck, Host("\"version\": \"1.13.0a0\", \"hip\": null, \"cuda\": null, \"available\": "
                   "false, \"device_count\": 0, \"arch_list\": [], \"file\": "
                   "\"/usr/lib/python3/dist-packages/torch/__init__.py\""));
  const Finding* f = FindFinding(out, "frameworks.torch.cpu_build");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 1.13.0a0 imported by /usr/bin/python3 is a CPU-only build (torch.version.hip = "
            "None, torch.version.cuda = None); torch.cuda.is_available() is False");
  EXPECT_EQ(f->evidence[0].source, ".rocm-doctor/probes/python-torch-0.json");
  EXPECT_EQ(f->evidence[1].observed, "imported /usr/lib/python3/dist-packages/torch/__init__.py");
}

TEST(TorchGpu, CudaBuildSeenLive) {
  CheckOutcome out =
      RunCheck(kCheck, Host("\"version\": \"2.5.1+cu121\", \"hip\": null, \"cuda\": \"12.1\", "
                            "\"available\": false, \"device_count\": 0"));
  EXPECT_TRUE(HasFinding(out, "frameworks.torch.cuda_build")) << out.summary;
}

TEST(TorchGpu, RocmBuildThatSeesNoGpu) {
  CheckOutcome out = RunCheck(
      kCheck, Host(std::string(kRocm) +
                   "\"available\": false, \"device_count\": 0, \"warnings\": [\"UserWarning: HIP "
                   "initialization: Unexpected error from hipGetDeviceCount(). Error 100: "
                   "hipErrorNoDevice\"]"));
  const Finding* f = FindFinding(out, "frameworks.gpu.not_visible");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) is built for ROCm but sees no "
            "GPU: torch.cuda.is_available() is False, torch.cuda.device_count() is 0 "
            "(UserWarning: HIP initialization: Unexpected error from hipGetDeviceCount(). Error "
            "100: hipErrorNoDevice)");
  Remediation fix = Catalog::Instance().RemediationFor(*f);
  EXPECT_EQ(fix.commands[0],
            "/usr/bin/python3 -c 'import torch; print(torch.version.hip, "
            "torch.cuda.is_available(), torch.cuda.device_count())'");
}

TEST(TorchGpu, DeviceArchNotInTheArchList) {
  CheckOutcome out = RunCheck(
      kCheck, Host(std::string(kRocm) +
                   "\"available\": true, \"device_count\": 1, \"arch_list\": [\"gfx1030\", "
                   "\"gfx1100\"], \"devices\": [{\"name\": \"AMD Radeon RX 6700 XT\", \"arch\": "
                   "\"gfx1031\"}], \"op\": {\"device\": \"cuda:0\", \"result\": null, \"error\": "
                   "{\"type\": \"RuntimeError\", \"message\": \"HIP error: invalid device "
                   "function\"}}"));
  const Finding* f = FindFinding(out, "frameworks.torch.arch_missing");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages) runs on gfx1031 but "
            "torch.cuda.get_arch_list() is gfx1030, gfx1100");
  // An xnack-qualified device name is served by the plain target.
  CheckOutcome ok = RunCheck(
      kCheck, Host(std::string(kRocm) +
                   "\"available\": true, \"device_count\": 1, \"arch_list\": [\"gfx90a\"], "
                   "\"devices\": [{\"arch\": \"gfx90a:sramecc+:xnack-\"}]"));
  EXPECT_EQ(ok.status, Status::kPass) << ok.summary;
}

TEST(TorchGpu, TensorOpFailsOrIsWrong) {
  CheckOutcome failed = RunCheck(
      kCheck, Host(std::string(kRocm) + kOneGpu +
                   "\"op\": {\"device\": \"cuda:0\", \"result\": null, \"error\": {\"type\": "
                   "\"RuntimeError\", \"message\": \"HIP error: an illegal memory access was "
                   "encountered\"}}"));
  const Finding* f = FindFinding(failed, "frameworks.gpu.op_failed");
  ASSERT_NE(f, nullptr) << failed.summary;
  EXPECT_EQ(f->message,
            "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages): a tensor operation on cuda:0 "
            "failed: RuntimeError: HIP error: an illegal memory access was encountered");
  CheckOutcome wrong = RunCheck(
      kCheck, Host(std::string(kRocm) + kOneGpu +
                   "\"op\": {\"device\": \"cuda:0\", \"result\": 128.0, \"expected\": 256.0}"));
  const Finding* w = FindFinding(wrong, "frameworks.gpu.op_failed");
  ASSERT_NE(w, nullptr) << wrong.summary;
  EXPECT_NE(w->message.find("gave a wrong result 128.000000"), std::string::npos) << w->message;
}

TEST(TorchGpu, ImportFailureCarriesTheException) {
  auto view = Host("");
  view->Command(kProbe,
                ProbePrinted("{\"format\": 1, \"framework\": \"torch\", \"imported\": false, "
                             "\"import_error\": {\"type\": \"ModuleNotFoundError\", \"message\": "
                             "\"No module named 'typing_extensions'\", \"traceback\": \"  File "
                             "\\\"torch/__init__.py\\\", line 32\"}}"));
  CheckOutcome out = RunCheck(kCheck, view);
  const Finding* f = FindFinding(out, "frameworks.import.failed");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "import torch fails in /usr/bin/python3: ModuleNotFoundError: No module named "
            "'typing_extensions'");
  EXPECT_EQ(f->evidence[1].observed, "  File \"torch/__init__.py\", line 32");
}

TEST(TorchGpu, HangAndCrash) {
  auto hung = Host("");
  CommandOutcome timeout;
  timeout.state = CommandOutcome::State::kTimedOut;
  timeout.signal = 9;
  timeout.out = "@rocm-doctor stage import\n@rocm-doctor stage available\n";
  hung->Command(kProbe, timeout);
  CheckOutcome out = RunCheck(kCheck, hung);
  EXPECT_EQ(out.status, Status::kTimeout);
  const Finding* t = FindFinding(out, "frameworks.probe.timeout");
  ASSERT_NE(t, nullptr) << out.summary;
  EXPECT_EQ(t->message,
            "PyTorch probe (/usr/bin/python3 importing torch) did not finish within 30 s (it was "
            "at: available)");

  auto crashed = Host("");
  CommandOutcome segv;
  segv.state = CommandOutcome::State::kSignaled;
  segv.signal = 11;
  segv.out = "@rocm-doctor stage import\n";
  segv.err = "Fatal Python error: Segmentation fault\n";
  crashed->Command(kProbe, segv);
  out = RunCheck(kCheck, crashed);
  EXPECT_EQ(out.status, Status::kError);
  const Finding* c = FindFinding(out, "frameworks.probe.failed");
  ASSERT_NE(c, nullptr) << out.summary;
  EXPECT_EQ(c->message,
            "PyTorch probe (/usr/bin/python3 importing torch): killed by SIGSEGV during import");
  EXPECT_EQ(c->evidence[1].observed, "Fatal Python error: Segmentation fault");
}

TEST(TorchGpu, NotRecordedAndNotInstalledAreSkips) {
  CheckOutcome replay = RunCheck(kCheck, Host(""));
  EXPECT_EQ(replay.status, Status::kSkip);
  EXPECT_EQ(replay.summary, "not recorded in this capture");
  auto none = std::make_shared<FakeSystemView>();
  AddSystemPython(*none);
  EXPECT_EQ(RunCheck(kCheck, none).status, Status::kSkip);
}

}  // namespace
}  // namespace rocm_doctor::testing
