// frameworks.jax: does the JAX installed have a ROCm backend? A jax-rocm<N>-plugin / -pjrt
// distribution (or a jax_plugins/xla_rocm<N> module), or AMD's jaxlib with a +rocm label; PyPI's
// jaxlib alone is CPU-only. Judged from files (framework_checks.h StaticBuildCheck): no
// prerequisites, because a build without ROCm support is a root cause of its own, whatever the
// layers below say.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr CheckInfo kInfo{
    .id = "frameworks.jax", .layer = Layer::kFrameworks, .title = "JAX build"};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::StaticBuildCheck(ctx, Framework::kJax, "frameworks.jax.not_rocm_build",
                                      "; without a ROCm plugin it runs on the CPU");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
