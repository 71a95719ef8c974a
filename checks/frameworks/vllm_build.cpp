// frameworks.vllm: is the vLLM installed a ROCm build? The version's local label (+rocm624, +cpu),
// else the _rocm_C extension that vLLM builds only for HIP; PyPI's vllm wheel is a CUDA build.
// Judged from files (framework_checks.h StaticBuildCheck): no prerequisites, because a build
// without ROCm support is a root cause of its own, whatever the layers below say.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{
    .id = "frameworks.vllm", .layer = Layer::kFrameworks, .title = "vLLM build"};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::StaticBuildCheck(ctx, Framework::kVllm, "frameworks.vllm.not_rocm_build",
                                      "; on an AMD GPU it cannot use the GPU");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
