// Finding codes of the frameworks layer (checks/frameworks/). Commands use {params} that every
// finding with the code sets: {python} is the interpreter of the environment concerned.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNotInActiveCommands[] = {
    "{python} -c 'import {framework}; print({framework}.__file__)'",
    "command -v python3; {active} -c 'import sys; print(sys.executable); print(sys.path)'",
};
constexpr std::string_view kTorchRocmCommands[] = {
    "python3 -m venv ~/rocm-venv && ~/rocm-venv/bin/pip install torch --index-url "
    "https://download.pytorch.org/whl/{index}",
    "~/rocm-venv/bin/python -c 'import torch; print(torch.version.hip, "
    "torch.cuda.is_available())'",
};
constexpr std::string_view kArchCommands[] = {
    "{!fix}",
    "{python} -c 'import torch; print(torch.cuda.get_arch_list())'",
};
constexpr std::string_view kMismatchCommands[] = {
    "ls {lib_dir}",
    "cat /opt/rocm/.info/version",
};
constexpr std::string_view kDriverCommands[] = {
    "cat /sys/module/amdgpu/version",
    "dkms status amdgpu",
};
constexpr std::string_view kBuildUnknownCommands[] = {
    "{python} -m pip show {distribution}",
};
constexpr std::string_view kImportCommands[] = {
    "{python} -c 'import {framework}'",
    "{python} -m pip check",
};
constexpr std::string_view kTimeoutCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|gpu reset|hang' | tail -20",
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
    "sudo dmesg | grep -i amdgpu | tail -20",
};
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

constexpr FindingSpec kFrameworkFindings[] = {
    {.code = "frameworks.python.found",
     .severity = Status::kInfo,
     .title = "The Python environments found and what each imports",
     .remediation = "Informational: the interpreters found ($VIRTUAL_ENV, $CONDA_PREFIX, python3 "
                    "and python on PATH with pyenv shims followed, /usr/bin/python3, pyenv "
                    "versions, conda environments), which one `python3` runs now, and the "
                    "frameworks each one imports."},
    {.code = "frameworks.python.not_in_active",
     .severity = Status::kWarn,
     .title = "A framework is installed for another Python than the one `python3` runs",
     .remediation =
         "The framework is installed for another interpreter than the one `python3` runs now "
         "(a pyenv shim, an activated venv or conda environment picks another), so `python3 -c "
         "'import <framework>'` fails with ModuleNotFoundError or imports another copy. Run your "
         "program with the interpreter that has it, activate its environment (`pyenv shell "
         "system`, `conda activate`, `source <venv>/bin/activate`), or install the framework "
         "into the active one.",
     .commands = kNotInActiveCommands},
    {.code = "frameworks.torch.cpu_build",
     .severity = Status::kFail,
     .title = "The PyTorch in use was built without GPU support",
     .remediation =
         "This PyTorch is a CPU-only build: torch.version.hip and torch.version.cuda are both "
         "None, so it never uses a GPU, however healthy the driver and ROCm are. Distribution "
         "packages (Debian and Ubuntu's python3-torch) and the +cpu wheels are CPU-only. "
         "Install a ROCm build from PyTorch's ROCm package index into the environment you run "
         "(pick the index of a ROCm release that supports your GPU: "
         "https://pytorch.org/get-started/locally/); a venv keeps it apart from the "
         "distribution's copy.",
     .commands = kTorchRocmCommands},
    {.code = "frameworks.torch.cuda_build",
     .severity = Status::kFail,
     .title = "The PyTorch in use is a CUDA build on an AMD GPU host",
     .remediation =
         "This PyTorch is built for NVIDIA CUDA (torch.version.cuda is set, torch.version.hip "
         "is None): `pip install torch` from PyPI gives this build on Linux. On an AMD GPU it "
         "finds no device and runs on the CPU. Install a ROCm build from PyTorch's ROCm package "
         "index instead.",
     .commands = kTorchRocmCommands},
    {.code = "frameworks.torch.arch_missing",
     .severity = Status::kFail,
     .title = "PyTorch's ROCm build has no kernels for the GPU's gfx target",
     .remediation =
         "The ROCm build of PyTorch carries device code for a list of gfx targets (its wheel's "
         "libtorch_hip.so offload bundles, its bundled rocBLAS's Tensile files, "
         "torch.cuda.get_arch_list()), and this GPU's is not on it. torch.cuda.is_available() "
         "may still be True, but kernels fail with 'HIP error: invalid device function' or "
         "'no kernel image is available for execution on the device'. Install a PyTorch built "
         "for a ROCm release that supports this GPU (newer releases add targets), build it "
         "with PYTORCH_ROCM_ARCH=<gfx>, or - for a GPU of the same family as a covered target "
         "- set HSA_OVERRIDE_GFX_VERSION (unofficial).",
     .commands = kArchCommands},
    {.code = "frameworks.torch.rocm_mismatch",
     .severity = Status::kFail,
     .title = "PyTorch uses the host's ROCm and was built for another release",
     .remediation =
         "This PyTorch does not bundle a ROCm user space (torch/lib has libtorch_hip.so but no "
         "libamdhip64.so: a source build or a distribution package), so it loads the host's "
         "HIP runtime, and it was built for another ROCm release than the one installed. HIP's "
         "soname changes with the major release (libamdhip64.so.5, .6, .7), so a build for "
         "another major does not load at all; one for another minor may miss symbols or "
         "misbehave. Rebuild PyTorch against the installed ROCm, install the release it was "
         "built for, or use a wheel from PyTorch's ROCm index (those bundle their ROCm user "
         "space and need only a compatible kernel driver).",
     .commands = kMismatchCommands},
    {.code = "frameworks.torch.driver_unsupported",
     .severity = Status::kWarn,
     .title = "The ROCm release a PyTorch wheel bundles does not list this amdgpu driver",
     .remediation =
         "A PyTorch wheel for ROCm carries its own ROCm user space (libamdhip64, rocBLAS, "
         "MIOpen, ... in torch/lib), so the host's /opt/rocm does not matter to it - but the "
         "kernel driver does. The amdgpu-dkms driver loaded is from a series that the wheel's "
         "ROCm release does not list as compatible (AMD's user-space / kernel-driver "
         "compatibility matrix). Install a PyTorch wheel for a ROCm release that lists this "
         "driver, or the amdgpu-dkms of a release the wheel's ROCm supports.",
     .commands = kDriverCommands},
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
     .commands = kTimeoutCommands},
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
     .commands = kOpCommands},
    {.code = "frameworks.tensorflow.not_rocm_build",
     .severity = Status::kFail,
     .title = "TensorFlow is not a ROCm build",
     .remediation =
         "This TensorFlow has no ROCm support: PyPI's `tensorflow` for Linux is built with "
         "CUDA and `tensorflow-cpu` with no GPU support, so on an AMD GPU it runs on the CPU. "
         "Install AMD's tensorflow-rocm (or use the rocm/tensorflow container) for your ROCm "
         "release.",
     .commands = kTfCommands},
    {.code = "frameworks.jax.not_rocm_build",
     .severity = Status::kFail,
     .title = "JAX has no ROCm plugin",
     .remediation =
         "This JAX has no ROCm PJRT plugin (the jax-rocm<N>-plugin and jax-rocm<N>-pjrt "
         "distributions, or AMD's ROCm jaxlib), so it runs on the CPU. Install the ROCm plugin "
         "of your ROCm major release in the version of your jax (AMD's ROCm/jax releases list "
         "them), or use the rocm/jax container.",
     .commands = kJaxCommands},
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
    {.code = "frameworks.vllm.not_rocm_build",
     .severity = Status::kFail,
     .title = "vLLM is not a ROCm build",
     .remediation =
         "This vLLM is not built for ROCm (PyPI's vllm wheel is a CUDA build; +cpu builds run "
         "on the CPU), so on an AMD GPU it fails at start or runs without the GPU. Use AMD's "
         "vLLM container (rocm/vllm) or build vLLM from source for ROCm.",
     .commands = kVllmCommands},
};

ROCMDOC_REGISTER_FINDINGS(kFrameworkFindings);

}  // namespace
}  // namespace rocm_doctor
