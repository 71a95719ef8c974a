// frameworks.onnxruntime_gpu: what ONNX Runtime says when imported by the user's interpreter
// (the live probe): onnxruntime.get_available_providers() must name ROCMExecutionProvider or
// MIGraphXExecutionProvider. ONNX Runtime lists the providers it was built with; whether they
// reach the GPU shows only when a session runs a model, which the probe does not build.
#include <algorithm>

#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"frameworks.onnxruntime", ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr CheckInfo kInfo{.id = "frameworks.onnxruntime_gpu",
                          .layer = Layer::kFrameworks,
                          .title = "ONNX Runtime on the GPU",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::seconds(45),
                          .runs_when_blocked = true};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::LiveCheck(
      ctx, Framework::kOnnxRuntime, "frameworks.onnxruntime.no_rocm_provider",
      [](const FrameworkProbeReport& r, const FrameworkInstall&) -> std::optional<std::string> {
        for (const char* p : {"ROCMExecutionProvider", "MIGraphXExecutionProvider"}) {
          if (std::find(r.providers.begin(), r.providers.end(), p) != r.providers.end()) {
            return std::nullopt;
          }
        }
        return "get_available_providers() is [" + frameworks::Join(r.providers) + "]";
      },
      [](const FrameworkProbeReport&) { return std::optional<std::int64_t>(); },
      "import onnxruntime as o; print(o.get_available_providers())", "");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
