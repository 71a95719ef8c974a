// frameworks.vllm_gpu: what vLLM says when imported by the user's interpreter (the live probe):
// vllm.platforms.current_platform must be ROCm (is_rocm()). vLLM brings up the GPU only when an
// engine starts, which the probe does not do; the PyTorch it runs on is judged by the torch
// checks.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"frameworks.vllm", ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr CheckInfo kInfo{.id = "frameworks.vllm_gpu",
                          .layer = Layer::kFrameworks,
                          .title = "vLLM on the GPU",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::seconds(45),
                          .runs_when_blocked = true};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::LiveCheck(
      ctx, Framework::kVllm, "frameworks.vllm.not_rocm_build",
      [](const FrameworkProbeReport& r, const FrameworkInstall&) -> std::optional<std::string> {
        if (!r.rocm_build || *r.rocm_build) return std::nullopt;
        return "vllm.platforms.current_platform is " + r.backend.value_or("unknown") +
               " (is_rocm() False)";
      },
      [](const FrameworkProbeReport&) { return std::optional<std::int64_t>(); },
      "from vllm.platforms import current_platform as p; print(type(p).__name__, p.is_rocm())", "");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
