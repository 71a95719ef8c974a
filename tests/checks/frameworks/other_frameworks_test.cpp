// SPDX-License-Identifier: MIT
// TensorFlow, JAX, ONNX Runtime and vLLM: the static build checks and the live checks.
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "support/check_harness.h"

namespace rocm_doctor::testing {
namespace {

std::shared_ptr<FakeSystemView> Host() {
  auto view = std::make_shared<FakeSystemView>();
  AddSystemPython(*view);
  AddGpuHost(*view);
  return view;
}

std::string Report(const std::string& framework, const std::string& fields) {
  return "{\"format\": 1, \"framework\": \"" + framework +
         "\", \"python_executable\": \"/usr/bin/python3\", \"imported\": true, " + fields + "}";
}

TEST(Tensorflow, PypiWheelIsACudaBuild) {
  auto view = Host();
  view->File(std::string(kDist) + "/tensorflow/__init__.py", "");
  AddMetadata(*view, kDist, "tensorflow", "2.16.1");
  CheckOutcome out = RunCheck("frameworks.tensorflow", view);
  const Finding* f = FindFinding(out, "frameworks.tensorflow.not_rocm_build");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_EQ(f->message,
            "tensorflow 2.16.1 (/usr/lib/python3/dist-packages) in /usr/bin/python3 is a CUDA "
            "build; on an AMD GPU it runs on the CPU");
  EXPECT_EQ(f->evidence[0].observed, "Name: tensorflow (the PyPI wheel, built with CUDA)");
  // Live: build_info says no ROCm.
  view->Command("python-tensorflow-0",
                ProbePrinted(Report("tensorflow",
                                    "\"version\": \"2.16.1\", \"rocm_build\": "
                                    "false, \"cuda_build\": true, \"device_count\": 0")));
  CheckOutcome live = RunCheck("frameworks.tensorflow_gpu", view);
  const Finding* l = FindFinding(live, "frameworks.tensorflow.not_rocm_build");
  ASSERT_NE(l, nullptr) << live.summary;
  EXPECT_NE(l->message.find("is_rocm_build False, is_cuda_build True"), std::string::npos);
}

TEST(Tensorflow, RocmBuildLive) {
  auto view = Host();
  view->File(std::string(kDist) + "/tensorflow/python/platform/build_info.py",
             "build_info = {'is_rocm_build': True, 'rocm_version': '6.1.0'}\n");
  AddMetadata(*view, kDist, "tensorflow-rocm", "2.16.1");
  CheckOutcome out = RunCheck("frameworks.tensorflow", view);
  EXPECT_EQ(out.status, Status::kPass) << out.summary;
  EXPECT_EQ(out.summary,
            "tensorflow-rocm 2.16.1 (/usr/lib/python3/dist-packages): ROCm build (ROCm 6.1)");
  view->Command("python-tensorflow-0",
                ProbePrinted(Report("tensorflow",
                                    "\"rocm_build\": true, \"device_count\": 0, "
                                    "\"available\": false")));
  EXPECT_TRUE(
      HasFinding(RunCheck("frameworks.tensorflow_gpu", view), "frameworks.gpu.not_visible"));
  view->Command(
      "python-tensorflow-0",
      ProbePrinted(Report("tensorflow",
                          "\"rocm_build\": true, \"device_count\": 1, \"devices\": "
                          "[{\"name\": \"AMD Radeon RX 7900 XTX\"}], \"op\": {\"device\": "
                          "\"/GPU:0\", \"result\": 256.0}")));
  EXPECT_EQ(RunCheck("frameworks.tensorflow_gpu", view).status, Status::kPass);
}

TEST(Jax, CpuOnlyJaxlibAndTheRocmPlugin) {
  auto view = Host();
  view->File(std::string(kDist) + "/jax/__init__.py", "");
  AddMetadata(*view, kDist, "jax", "0.4.35");
  AddMetadata(*view, kDist, "jaxlib", "0.4.35");
  CheckOutcome out = RunCheck("frameworks.jax", view);
  const Finding* f = FindFinding(out, "frameworks.jax.not_rocm_build");
  ASSERT_NE(f, nullptr) << out.summary;
  EXPECT_NE(f->message.find("is CPU-only; without a ROCm plugin it runs on the CPU"),
            std::string::npos);
  view->Command("python-jax-0", ProbePrinted(Report("jax",
                                                    "\"backend\": \"cpu\", \"device_count\": 0, "
                                                    "\"devices\": [{\"platform\": \"cpu\"}]")));
  const CheckOutcome jax_live = RunCheck("frameworks.jax_gpu", view);
  const Finding* l = FindFinding(jax_live, "frameworks.jax.not_rocm_build");
  ASSERT_NE(l, nullptr);
  EXPECT_NE(l->message.find("jax.default_backend() is cpu and no ROCm plugin is installed"),
            std::string::npos);
  // With the plugin, the same answer means a ROCm build that sees no GPU.
  AddMetadata(*view, kDist, "jax-rocm60-plugin", "0.4.35");
  EXPECT_EQ(RunCheck("frameworks.jax", view).status, Status::kPass);
  EXPECT_TRUE(HasFinding(RunCheck("frameworks.jax_gpu", view), "frameworks.gpu.not_visible"));
}

TEST(OnnxRuntime, NoRocmProvider) {
  auto view = Host();
  view->File(std::string(kDist) + "/onnxruntime/capi/onnxruntime_pybind11_state.so", "");
  AddMetadata(*view, kDist, "onnxruntime", "1.19.2");
  CheckOutcome out = RunCheck("frameworks.onnxruntime", view);
  EXPECT_EQ(out.status, Status::kWarn);
  EXPECT_TRUE(HasFinding(out, "frameworks.onnxruntime.no_rocm_provider"));
  view->Command("python-onnxruntime-0",
                ProbePrinted(Report("onnxruntime", "\"providers\": [\"CPUExecutionProvider\"]")));
  const CheckOutcome gpu_out = RunCheck("frameworks.onnxruntime_gpu", view);
  const Finding* l = FindFinding(gpu_out, "frameworks.onnxruntime.no_rocm_provider");
  ASSERT_NE(l, nullptr);
  EXPECT_NE(l->message.find("get_available_providers() is [CPUExecutionProvider]"),
            std::string::npos);
  view->Command("python-onnxruntime-0",
                ProbePrinted(Report("onnxruntime",
                                    "\"providers\": [\"MIGraphXExecutionProvider\", "
                                    "\"CPUExecutionProvider\"]")));
  EXPECT_EQ(RunCheck("frameworks.onnxruntime_gpu", view).status, Status::kPass);
}

TEST(Vllm, CudaWheelAndImportFailure) {
  auto view = Host();
  view->File(std::string(kDist) + "/vllm/_version.py", "__version__ = version = '0.6.3'\n");
  view->File(std::string(kDist) + "/vllm/_C.abi3.so", "");
  AddMetadata(*view, kDist, "vllm", "0.6.3");
  EXPECT_TRUE(HasFinding(RunCheck("frameworks.vllm", view), "frameworks.vllm.not_rocm_build"));
  view->Command("python-vllm-0",
                ProbePrinted("{\"format\": 1, \"framework\": \"vllm\", \"imported\": false, "
                             "\"import_error\": {\"type\": \"ImportError\", \"message\": "
                             "\"libcudart.so.12: cannot open shared object file\"}}"));
  EXPECT_TRUE(HasFinding(RunCheck("frameworks.vllm_gpu", view), "frameworks.import.failed"));
  view->Command(
      "python-vllm-0",
      ProbePrinted(Report("vllm", "\"rocm_build\": false, \"backend\": \"CudaPlatform\"")));
  const CheckOutcome vllm_live = RunCheck("frameworks.vllm_gpu", view);
  const Finding* l = FindFinding(vllm_live, "frameworks.vllm.not_rocm_build");
  ASSERT_NE(l, nullptr);
  EXPECT_NE(l->message.find("current_platform is CudaPlatform (is_rocm() False)"),
            std::string::npos);
}

TEST(OtherFrameworks, NotInstalledAndUnknownBuild) {
  auto view = Host();
  EXPECT_EQ(RunCheck("frameworks.vllm", view).status, Status::kSkip);
  EXPECT_EQ(RunCheck("frameworks.vllm_gpu", view).status, Status::kSkip);
  view->File(std::string(kDist) + "/vllm/__init__.py", "");
  CheckOutcome out = RunCheck("frameworks.vllm", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_TRUE(HasFinding(out, "frameworks.build.unknown"));
}

}  // namespace
}  // namespace rocm_doctor::testing
