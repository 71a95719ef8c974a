// frameworks.tensorflow_gpu: what TensorFlow says when imported by the user's interpreter (the
// live probe): tf.sysconfig.get_build_info() (is_rocm_build), the GPUs of
// tf.config.list_physical_devices("GPU"), and a tiny reduction on /GPU:0. A symptom check like
// frameworks.torch_gpu: its findings follow from a failed prerequisite when there is one.
#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPrereqs[] = {"frameworks.tensorflow", ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr CheckInfo kInfo{.id = "frameworks.tensorflow_gpu",
                          .layer = Layer::kFrameworks,
                          .title = "TensorFlow on the GPU",
                          .prerequisites = kPrereqs,
                          .cost = Cost::kProbe,
                          .deadline = std::chrono::seconds(45),
                          .runs_when_blocked = true};

CheckOutcome Run(const CheckContext& ctx) {
  return frameworks::LiveCheck(
      ctx, Framework::kTensorflow, "frameworks.tensorflow.not_rocm_build",
      [](const FrameworkProbeReport& r, const FrameworkInstall&) -> std::optional<std::string> {
        if (!r.rocm_build || *r.rocm_build) return std::nullopt;
        return std::string("tf.sysconfig.get_build_info() has is_rocm_build False") +
               (r.cuda_build.value_or(false) ? ", is_cuda_build True" : "");
      },
      [](const FrameworkProbeReport& r) { return r.device_count; },
      "import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))",
      "import tensorflow as tf; print(tf.reduce_sum(tf.range(16.) * 2 + 1))");
}

}  // namespace

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace rocm_doctor
