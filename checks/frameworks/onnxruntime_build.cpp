// frameworks.onnxruntime: does the ONNX Runtime installed have a ROCm or MIGraphX execution
// provider? The providers are shared libraries in onnxruntime/capi
// (libonnxruntime_providers_rocm.so, _migraphx.so, _cuda.so, ...). Judged from files
// (framework_checks.h StaticBuildCheck): no prerequisites, because a build without ROCm support is
// a root cause of its own, whatever the layers below say.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{
    .id = "frameworks.onnxruntime", .layer = Layer::kFrameworks, .title = "ONNX Runtime build"};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::StaticBuildCheck(ctx, Framework::kOnnxRuntime,
                                      "frameworks.onnxruntime.no_rocm_provider",
                                      "; its sessions run on the CPU");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
