// SPDX-License-Identifier: MIT
// TensorFlow, JAX, ONNX Runtime and vLLM as one table: each row is two checks that differ only in
// data. frameworks.<name> judges the build from its files (StaticBuildCheck in
// framework_checks.h): no prerequisites, because a build without ROCm support is a root cause of
// its own, whatever the layers below say. frameworks.<name>_gpu asks the framework imported by
// the user's interpreter (the live probe, LiveCheck): a symptom check like frameworks.torch_gpu,
// whose findings follow from a failed prerequisite when there is one. PyTorch has checks of its
// own (torch_build.cpp, torch_arch.cpp, torch_gpu.cpp). Commands use {python}, the interpreter
// of the environment concerned.
#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

#include "framework_checks.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kTfCommands[] = {
    "{python} -m pip uninstall -y {distribution}",
    "{python} -m pip install tensorflow-rocm   # the version AMD lists for your ROCm release",
};
constexpr std::string_view kJaxCommands[] = {
    "{python} -m pip list 2>/dev/null | grep -iE '^jax'",
};
constexpr std::string_view kOrtCommands[] = {
    "{python} -c 'import onnxruntime as o; print(o.get_available_providers())'",
    "{python} -m pip uninstall -y {distribution}",
};
constexpr std::string_view kVllmCommands[] = {
    "docker pull rocm/vllm:latest",
};
constexpr std::string_view kBuildUnknownCommands[] = {
    "{python} -m pip show {distribution}",
};
constexpr std::string_view kImportCommands[] = {
    "{python} -c 'import {framework}'",
    "{python} -m pip check",
};
constexpr std::string_view kTimeoutCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|gpu reset|hang' | tail -20  # needs root",
    "timeout 300 {python} -X importtime -c 'import {framework}' 2>&1 | tail -20",
};
constexpr std::string_view kProbeFailedCommands[] = {
    "{python} -X faulthandler -c 'import {framework}'",
};
constexpr std::string_view kNotVisibleCommands[] = {
    "{python} -c '{check}'",
    "id; ls -l /dev/kfd /dev/dri/render*",
    "env | grep -E 'VISIBLE_DEVICES|HSA_OVERRIDE'",
};
constexpr std::string_view kOpCommands[] = {
    "{python} -c '{op}'",
    "sudo dmesg | grep -i amdgpu | tail -20  # needs root",
};

constexpr FindingSpec kTensorflowFindings[] = {
    {.code = "frameworks.tensorflow.not_rocm_build",
     .severity = Status::kFail,
     .title = "TensorFlow is not a ROCm build",
     .remediation =
         "This TensorFlow has no ROCm support: PyPI's `tensorflow` for Linux is built with "
         "CUDA and `tensorflow-cpu` with no GPU support, so on an AMD GPU it runs on the CPU. "
         "Install AMD's tensorflow-rocm (or use the rocm/tensorflow container) for your ROCm "
         "release.",
     .commands = kTfCommands},
};

constexpr FindingSpec kJaxFindings[] = {
    {.code = "frameworks.jax.not_rocm_build",
     .severity = Status::kFail,
     .title = "JAX has no ROCm plugin",
     .remediation =
         "This JAX has no ROCm PJRT plugin (the jax-rocm<N>-plugin and jax-rocm<N>-pjrt "
         "distributions, or AMD's ROCm jaxlib), so it runs on the CPU. Install the ROCm plugin "
         "of your ROCm major release in the version of your jax (AMD's ROCm/jax releases list "
         "them), or use the rocm/jax container.",
     .commands = kJaxCommands},
};

constexpr FindingSpec kOnnxRuntimeFindings[] = {
    {.code = "frameworks.onnxruntime.no_rocm_provider",
     .severity = Status::kWarn,
     .title = "ONNX Runtime has no ROCm or MIGraphX execution provider",
     .remediation =
         "This ONNX Runtime has neither the ROCm nor the MIGraphX execution provider (PyPI's "
         "onnxruntime is CPU-only, onnxruntime-gpu is CUDA), so its sessions run on the CPU. "
         "Install AMD's onnxruntime-rocm / onnxruntime-migraphx build for your ROCm release "
         "and create sessions with providers=['MIGraphXExecutionProvider'] or "
         "['ROCMExecutionProvider'].",
     .commands = kOrtCommands},
};

constexpr FindingSpec kVllmFindings[] = {
    {.code = "frameworks.vllm.not_rocm_build",
     .severity = Status::kFail,
     .title = "vLLM is not a ROCm build",
     .remediation =
         "This vLLM is not built for ROCm (PyPI's vllm wheel is a CUDA build; +cpu builds run "
         "on the CPU), so on an AMD GPU it fails at start or runs without the GPU. Use AMD's "
         "vLLM container (rocm/vllm) or build vLLM from source for ROCm.",
     .commands = kVllmCommands},
};

constexpr FindingSpec kSharedFindings[] = {
    {.code = "frameworks.build.unknown",
     .severity = Status::kInfo,
     .title = "A framework's files do not say what it is built for",
     .remediation =
         "Neither the framework's version module, its wheel metadata nor the libraries it "
         "ships tell whether it is a ROCm, CUDA or CPU build (a source install, a partly "
         "removed package). The live probe (the framework's \"on the GPU\" check) judges what "
         "it really does.",
     .commands = kBuildUnknownCommands},
    {.code = "frameworks.import.failed",
     .severity = Status::kFail,
     .title = "A framework fails to import",
     .remediation =
         "Importing the framework raised an exception (the evidence holds its type, text and "
         "the end of the traceback). Common causes: a dependency of the wrong version (a wheel "
         "built for numpy 1 under numpy 2), a native library that cannot be loaded (a ROCm "
         "library of another release first on LD_LIBRARY_PATH; libamdhip64.so.N missing for a "
         "build that uses the host's ROCm), or a partly removed install. Run the import "
         "yourself for the whole traceback; `pip check` lists broken requirements.",
     .commands = kImportCommands},
    {.code = "frameworks.probe.timeout",
     .severity = Status::kTimeout,
     .title = "A framework probe did not finish before its deadline",
     .remediation =
         "Importing the framework or initialising its GPU backend hung past the probe's "
         "deadline: a GPU in a bad state (look for resets and hangs in the kernel log), a hung "
         "amdgpu, or a package on a stalled network file system. The stage it was at is in the "
         "message. Run the import by hand with a longer timeout.",
     .commands = kTimeoutCommands,
     .requires_root = true},
    {.code = "frameworks.probe.failed",
     .severity = Status::kError,
     .title = "A framework probe ended without a report",
     .remediation =
         "The interpreter running the framework probe could not be started, was killed by a "
         "signal, exited with an error, or printed no valid report. A SIGSEGV or SIGABRT while "
         "importing usually means a native extension built against another ROCm, CUDA or "
         "library version; the signal, the stage and the last lines of its error output are the "
         "evidence.",
     .commands = kProbeFailedCommands},
    {.code = "frameworks.gpu.not_visible",
     .severity = Status::kFail,
     .title = "A ROCm build of a framework sees no GPU",
     .remediation =
         "The framework is a ROCm build and imports, but reports no GPU. When a lower check "
         "failed (no GPU, /dev/kfd or render-node access, HIP_VISIBLE_DEVICES, a bad "
         "HSA_OVERRIDE_GFX_VERSION) that is the cause and is shown as the root cause; "
         "otherwise the framework's own warnings (e.g. 'HIP initialization: Unexpected error "
         "from hipGetDeviceCount()') are the evidence. Run as a user in the render and video "
         "groups, and check the *_VISIBLE_DEVICES variables.",
     .commands = kNotVisibleCommands},
    {.code = "frameworks.gpu.op_failed",
     .severity = Status::kFail,
     .title = "A tiny tensor operation on the GPU failed or gave a wrong result",
     .remediation =
         "The framework sees the GPU, but summing 2*i+1 over 16 elements on it failed or gave "
         "a wrong result. 'invalid device function' or 'no kernel image' means no code for this "
         "gfx target; a wrong result or a memory access fault points at the driver, the "
         "firmware or the GPU (look at the kernel log).",
     .commands = kOpCommands,
     .requires_root = true},
};

// Codes every framework's checks report (framework_checks.h), PyTorch's included.
ROCMDOC_REGISTER_FINDINGS(kSharedFindings);

using NotRocmFn = std::optional<std::string> (*)(const FrameworkProbeReport&,
                                                 const FrameworkInstall&);
using GpusSeenFn = std::optional<std::int64_t> (*)(const FrameworkProbeReport&);

std::optional<std::int64_t> DeviceCount(const FrameworkProbeReport& r) { return r.device_count; }
// ONNX Runtime and vLLM only list what they were built with: the probe cannot count GPUs.
std::optional<std::int64_t> CannotCount(const FrameworkProbeReport&) { return std::nullopt; }

// tf.sysconfig.get_build_info() (is_rocm_build / is_cuda_build). The build check reads
// tensorflow/python/platform/build_info.py, else the distribution's name (tensorflow-rocm,
// tensorflow-cpu, and PyPI's tensorflow, which is built with CUDA on Linux).
std::optional<std::string> TensorflowNotRocm(const FrameworkProbeReport& r,
                                             const FrameworkInstall&) {
  if (!r.rocm_build || *r.rocm_build) return std::nullopt;
  return std::string("tf.sysconfig.get_build_info() has is_rocm_build False") +
         (r.cuda_build.value_or(false) ? ", is_cuda_build True" : "");
}

// jax.default_backend() and the platforms of jax.devices(). A CUDA device, or only the CPU with
// no ROCm plugin installed: not a ROCm build. Only the CPU with the plugin installed is a ROCm
// build that sees no GPU. The build check looks for a jax-rocm<N>-plugin / -pjrt distribution
// (or a jax_plugins/xla_rocm<N> module), or AMD's jaxlib with a +rocm label; PyPI's jaxlib alone
// is CPU-only.
std::optional<std::string> JaxNotRocm(const FrameworkProbeReport& r,
                                      const FrameworkInstall& install) {
  for (const ProbeDevice& d : r.devices) {
    if (d.platform == "cuda") return std::string("jax.devices() are CUDA devices");
  }
  if (r.device_count.value_or(0) == 0 && install.flavor != BuildFlavor::kRocm) {
    return "jax.default_backend() is " + r.backend.value_or("unknown") +
           " and no ROCm plugin is installed";
  }
  return std::nullopt;
}

// onnxruntime.get_available_providers() must name ROCMExecutionProvider or
// MIGraphXExecutionProvider; the build check looks for their shared libraries in
// onnxruntime/capi (libonnxruntime_providers_rocm.so, _migraphx.so, _cuda.so, ...). Whether they
// reach the GPU shows only when a session runs a model, which the probe does not build.
std::optional<std::string> OnnxRuntimeNotRocm(const FrameworkProbeReport& r,
                                              const FrameworkInstall&) {
  for (const char* p : {"ROCMExecutionProvider", "MIGraphXExecutionProvider"}) {
    if (std::find(r.providers.begin(), r.providers.end(), p) != r.providers.end()) {
      return std::nullopt;
    }
  }
  return "get_available_providers() is [" + frameworks::Join(r.providers) + "]";
}

// vllm.platforms.current_platform must be ROCm (is_rocm()); the build check reads the version's
// local label (+rocm624, +cpu), else the _rocm_C extension vLLM builds only for HIP (PyPI's
// wheel is a CUDA build). vLLM brings up the GPU only when an engine starts, which the probe does
// not do; the PyTorch it runs on is judged by the torch checks.
std::optional<std::string> VllmNotRocm(const FrameworkProbeReport& r, const FrameworkInstall&) {
  if (!r.rocm_build || *r.rocm_build) return std::nullopt;
  return "vllm.platforms.current_platform is " + r.backend.value_or("unknown") +
         " (is_rocm() False)";
}

struct Row {
  Framework framework;
  std::string_view build_id, build_title, gpu_id, gpu_title;
  std::span<const std::string_view> gpu_prerequisites;
  std::string_view not_rocm_code;  // the row's own code, in `findings`
  std::string_view not_rocm_text;  // what a build without ROCm does, after "is CPU-only"
  NotRocmFn not_rocm;
  GpusSeenFn gpus;
  const char* check_snippet;  // prints what the framework sees
  const char* op_snippet;     // a tiny op on the GPU ("" when the probe runs none)
  std::span<const FindingSpec> findings;
};

constexpr std::string_view kTensorflowPrereqs[] = {"frameworks.tensorflow",
                                                   ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr std::string_view kJaxPrereqs[] = {"frameworks.jax", ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr std::string_view kOnnxRuntimePrereqs[] = {"frameworks.onnxruntime",
                                                    ROCMDOC_FRAMEWORK_GPU_PREREQS};
constexpr std::string_view kVllmPrereqs[] = {"frameworks.vllm", ROCMDOC_FRAMEWORK_GPU_PREREQS};

constexpr Row kRows[] = {
    {Framework::kTensorflow, "frameworks.tensorflow", "TensorFlow build",
     "frameworks.tensorflow_gpu", "TensorFlow on the GPU", kTensorflowPrereqs,
     "frameworks.tensorflow.not_rocm_build", "; on an AMD GPU it runs on the CPU",
     TensorflowNotRocm, DeviceCount,
     "import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))",
     "import tensorflow as tf; print(tf.reduce_sum(tf.range(16.) * 2 + 1))", kTensorflowFindings},
    {Framework::kJax, "frameworks.jax", "JAX build", "frameworks.jax_gpu", "JAX on the GPU",
     kJaxPrereqs, "frameworks.jax.not_rocm_build", "; without a ROCm plugin it runs on the CPU",
     JaxNotRocm, DeviceCount, "import jax; print(jax.default_backend(), jax.devices())",
     "import jax.numpy as jnp; print(jnp.sum(jnp.arange(16.) * 2 + 1))", kJaxFindings},
    {Framework::kOnnxRuntime, "frameworks.onnxruntime", "ONNX Runtime build",
     "frameworks.onnxruntime_gpu", "ONNX Runtime on the GPU", kOnnxRuntimePrereqs,
     "frameworks.onnxruntime.no_rocm_provider", "; its sessions run on the CPU", OnnxRuntimeNotRocm,
     CannotCount, "import onnxruntime as o; print(o.get_available_providers())", "",
     kOnnxRuntimeFindings},
    {Framework::kVllm, "frameworks.vllm", "vLLM build", "frameworks.vllm_gpu", "vLLM on the GPU",
     kVllmPrereqs, "frameworks.vllm.not_rocm_build", "; on an AMD GPU it cannot use the GPU",
     VllmNotRocm, CannotCount,
     "from vllm.platforms import current_platform as p; print(type(p).__name__, p.is_rocm())", "",
     kVllmFindings},
};

// Two CheckInfos and two run functions per row, registered like any other check.
template <std::size_t I>
constexpr CheckInfo kBuildInfo{.id = kRows[I].build_id,
                               .layer = Layer::kFrameworks,
                               .title = kRows[I].build_title,
                               .findings = kRows[I].findings};
template <std::size_t I>
constexpr CheckInfo kGpuInfo{.id = kRows[I].gpu_id,
                             .layer = Layer::kFrameworks,
                             .title = kRows[I].gpu_title,
                             .prerequisites = kRows[I].gpu_prerequisites,
                             .cost = Cost::kProbe,
                             .deadline = std::chrono::seconds(45),
                             .runs_when_blocked = true};

template <std::size_t I>
CheckOutcome RunBuild(const CheckContext& ctx) {
  const Row& row = kRows[I];
  return frameworks::StaticBuildCheck(ctx, row.framework, row.not_rocm_code, row.not_rocm_text);
}

template <std::size_t I>
CheckOutcome RunGpu(const CheckContext& ctx) {
  const Row& row = kRows[I];
  return frameworks::LiveCheck(ctx, row.framework, row.not_rocm_code, row.not_rocm, row.gpus,
                               row.check_snippet, row.op_snippet);
}

template <std::size_t... I>
std::array<CheckRegistrar, 2 * sizeof...(I)> RegisterAll(std::index_sequence<I...>) {
  return {CheckRegistrar(kBuildInfo<I>, &RunBuild<I>)...,
          CheckRegistrar(kGpuInfo<I>, &RunGpu<I>)...};
}

const auto kRegistrars = RegisterAll(std::make_index_sequence<std::size(kRows)>());

}  // namespace
}  // namespace rocm_doctor
