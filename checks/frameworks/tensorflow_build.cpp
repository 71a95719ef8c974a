// frameworks.tensorflow: is the TensorFlow installed a ROCm build?
// tensorflow/python/platform/build_info.py (is_rocm_build / is_cuda_build), else the distribution's
// name (tensorflow-rocm, tensorflow-cpu, and PyPI's tensorflow, which is built with CUDA on Linux).
// Judged from files (framework_checks.h StaticBuildCheck): no prerequisites, because a build
// without ROCm support is a root cause of its own, whatever the layers below say.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{
    .id = "frameworks.tensorflow", .layer = Layer::kFrameworks, .title = "TensorFlow build"};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::StaticBuildCheck(ctx, Framework::kTensorflow,
                                      "frameworks.tensorflow.not_rocm_build",
                                      "; on an AMD GPU it runs on the CPU");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
