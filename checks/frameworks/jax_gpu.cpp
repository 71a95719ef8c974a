// frameworks.jax_gpu: what JAX says when imported by the user's interpreter (the live probe):
// jax.default_backend(), jax.devices() and their platforms, and a tiny reduction on the first
// GPU device. A symptom check like frameworks.torch_gpu.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"frameworks.jax", ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr CheckInfo kInfo{.id = "frameworks.jax_gpu",
                          .layer = Layer::kFrameworks,
                          .title = "JAX on the GPU",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::seconds(45),
                          .runs_when_blocked = true};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::LiveCheck(
      ctx, Framework::kJax, "frameworks.jax.not_rocm_build",
      [](const FrameworkProbeReport& r,
         const FrameworkInstall& install) -> std::optional<std::string> {
        // A CUDA device, or only the CPU with no ROCm plugin installed: not a ROCm build. Only
        // the CPU with the plugin installed is a ROCm build that sees no GPU.
        for (const ProbeDevice& d : r.devices) {
          if (d.platform == "cuda") return std::string("jax.devices() are CUDA devices");
        }
        if (r.device_count.value_or(0) == 0 && install.flavor != BuildFlavor::kRocm) {
          return "jax.default_backend() is " + r.backend.value_or("unknown") +
                 " and no ROCm plugin is installed";
        }
        return std::nullopt;
      },
      [](const FrameworkProbeReport& r) { return r.device_count; },
      "import jax; print(jax.default_backend(), jax.devices())",
      "import jax.numpy as jnp; print(jnp.sum(jnp.arange(16.) * 2 + 1))");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
