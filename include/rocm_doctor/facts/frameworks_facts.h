// SPDX-License-Identifier: MIT
#pragma once
// The ML frameworks of each Python environment (PyTorch, TensorFlow, JAX, ONNX Runtime, vLLM),
// in three domains so that a cheap check never pays for an expensive one:
//   ctx.facts.Get<FrameworkFacts>()       files only: version files, *.dist-info/METADATA, the
//                                         libraries a wheel bundles (src/collect/
//                                         framework_collector.cpp; well under 10 ms)
//   ctx.facts.Get<TorchTargetFacts>()     the gfx targets a ROCm torch carries: offload bundles
//                                         of torch/lib/libtorch_hip.so and the Tensile files of
//                                         its bundled rocBLAS (framework_targets_collector.cpp)
//   ctx.facts.Get<FrameworkProbeFacts>()  the live probe: each framework imported by its
//                                         interpreter in a child with a deadline, all children at
//                                         once (framework_probe_collector.cpp; recorded by
//                                         capture as .rocm-doctor/probes/python-<fw>-<n>.json)
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/facts/libraries.h"
#include "rocm_doctor/facts/python.h"

namespace rocm_doctor {

enum class Framework { kTorch, kTensorflow, kJax, kOnnxRuntime, kVllm };
inline constexpr Framework kAllFrameworks[] = {Framework::kTorch, Framework::kTensorflow,
                                               Framework::kJax, Framework::kOnnxRuntime,
                                               Framework::kVllm};
std::string_view ToString(Framework framework);     // the import name: "torch", "onnxruntime"
std::string_view DisplayName(Framework framework);  // "PyTorch", "ONNX Runtime"

// What a build computes with. kUnknown: nothing read says.
enum class BuildFlavor { kUnknown, kRocm, kCuda, kCpu };
std::string_view ToString(BuildFlavor flavor);  // "unknown", "rocm", "cuda", "cpu"

// One fact the flavour rests on: where it was read and what was there.
struct BuildClue {
  std::string source;    // "/usr/lib/python3/dist-packages/torch/version.py"
  std::string observed;  // "hip = None, cuda = None"
};

// The HSA runtime a wheel carries in its library directory, compared with the host's. On WSL only
// the host's (AMD's hsa-runtime-rocr4wsl-amdgpu build, which reaches the GPU through /dev/dxg and
// librocdxg) works; a pytorch.org wheel's own runtime looks for /dev/kfd and finds no GPU.
struct BundledHsaRuntime {
  std::string path;      // ".../torch/lib/libhsa-runtime64.so" (the first such file)
  std::string resolved;  // the file it is after symlinks (a link into /opt/rocm/lib is the host's)
  // The host's runtime it was compared with: /opt/rocm/lib/libhsa-runtime64.so.1 with its links
  // resolved ("/opt/rocm-6.2.3/lib/libhsa-runtime64.so.1.14.60203"); "" when the host has none.
  std::string host_path;
  // true: the same file, or the same bytes (the AMD WSL guide's `cp /opt/rocm/lib/...`); false:
  // different bytes; unknown: no host runtime, or a file could not be read (the reason).
  Fact<bool> same_as_host;
};

// One installed framework: a package directory in a site directory.
struct FrameworkInstall {
  Framework framework = Framework::kTorch;
  std::string site_dir;     // "/usr/lib/python3/dist-packages"
  std::string package_dir;  // "/usr/lib/python3/dist-packages/torch"
  // Indices into FrameworkFacts::python.envs of the environments whose `import` finds this one
  // first (a venv with system site packages and the system interpreter share one).
  std::vector<std::size_t> envs;
  // The distribution's metadata: *.dist-info/METADATA or *.egg-info/PKG-INFO ("" when none).
  std::string metadata_path;
  std::string distribution;            // its Name: "torch", "tensorflow-rocm", "onnxruntime-gpu"
  Fact<std::string> metadata_version;  // its Version: "2.5.1+rocm6.2"
  // The version the package itself reports (torch/version.py __version__, jax/version.py,
  // vllm/_version.py), else the metadata's.
  Fact<std::string> version;
  // torch/version.py: `hip` and `cuda` (nullopt = None: not built for it), `git_version`.
  Fact<std::optional<std::string>> hip;
  Fact<std::optional<std::string>> cuda;
  Fact<std::string> git_version;
  // Files of the package's library directory that tell the build (torch/lib: libtorch_hip.so,
  // libamdhip64.so, libMIOpen.so, librocblas.so, libtorch_cuda.so, libcudart*; onnxruntime/capi:
  // libonnxruntime_providers_*.so; vllm: _rocm_C*.so).
  std::vector<std::string> lib_files;
  std::string lib_dir;  // where lib_files were listed
  // The ROCm user space travels in the wheel (torch/lib/libamdhip64.so*): the host's /opt/rocm
  // does not matter to it, the kernel driver does.
  bool bundles_hip_runtime = false;
  // torch/lib/libhsa-runtime64.so*: the HSA runtime a ROCm wheel bundles, which torch loads
  // before the host's (libamdhip64's RUNPATH is $ORIGIN). nullopt when torch/lib has none.
  std::optional<BundledHsaRuntime> bundled_hsa;
  // JAX plugins (jax_rocm60_plugin 0.4.35, jax_cuda12_pjrt ...) and ONNX Runtime execution
  // providers found as files ("ROCm", "MIGraphX", "CUDA", "TensorRT").
  std::vector<std::string> plugins;
  std::vector<std::string> providers;

  BuildFlavor flavor = BuildFlavor::kUnknown;
  std::vector<BuildClue> clues;  // what the flavour rests on, most direct first
  std::string rocm_release;      // "6.2": the ROCm major.minor it is built for; "" when unknown
  std::string cuda_release;      // "12.1"
  // Disagreements between sources and unreadable files ("METADATA says +rocm6.2 but
  // version.py says hip = None"), for evidence.
  std::vector<std::string> notes;

  // "torch 2.5.1+rocm6.2 (/usr/lib/python3/dist-packages)"
  std::string Describe() const;
};

struct FrameworkFacts {
  PythonFacts python;
  std::vector<FrameworkInstall> installs;  // in environment order, then framework order

  std::vector<const FrameworkInstall*> Installs(Framework framework) const;
  // The installs a check judges: the one the active environment imports; when it imports none,
  // every install of the framework (the user may run any of those environments).
  std::vector<const FrameworkInstall*> ToJudge(Framework framework) const;
  // The environment a check names for an install: the active one if it imports it, else the
  // first that does.
  const PythonEnvironment& EnvOf(const FrameworkInstall& install) const;
};

template <>
FrameworkFacts CollectFacts<FrameworkFacts>(const SystemView& view);

// --- gfx targets a ROCm torch carries.
struct TorchTargets {
  std::size_t install = 0;  // index into FrameworkFacts::installs
  // torch/lib/libtorch_hip.so: the .hip_fatbin offload bundles of torch's own kernels, read the
  // way the libraries layer reads a ROCm library (the first 64 MiB; compressed bundles leave
  // the targets unknown).
  std::optional<CodeObjectScan> torch_hip;
  // torch/lib/rocblas/library: the Tensile files of the rocBLAS the wheel bundles.
  std::optional<TensileDir> rocblas;
};

struct TorchTargetFacts {
  std::vector<TorchTargets> torches;  // ROCm builds to judge (FrameworkFacts::ToJudge) only
};

template <>
TorchTargetFacts CollectFacts<TorchTargetFacts>(const SystemView& view);

// --- The live probe: src/collect/frameworks/framework_probe.py run as `<python> -c <text> <framework>`.
inline constexpr int kFrameworkProbeFormat = 1;

struct ProbeError {
  std::string type;       // "ImportError"
  std::string message;    // str(exception)
  std::string traceback;  // the last lines of the traceback
};

struct ProbeDevice {
  std::optional<std::string> name;      // torch.cuda.get_device_name(i), jax device_kind
  std::optional<std::string> arch;      // gcnArchName: "gfx90a:sramecc+:xnack-"
  std::optional<std::string> platform;  // jax: "rocm", "gpu", "cpu"
  std::optional<ProbeError> error;
};

// The tiny computation on the GPU: sum(2*i + 1 for i < 16) = 256 on the first device.
struct ProbeOp {
  std::string device;  // "cuda:0", "/GPU:0", "rocm:0"
  std::optional<double> result;
  double expected = 256;
  std::optional<ProbeError> error;
  bool ok() const { return !error && result && *result == expected; }
};

// What the probe printed, validated (src/collect/frameworks/framework_probe_parse.cpp).
struct FrameworkProbeReport {
  int format = 0;
  std::string framework;
  std::optional<std::string> python_executable;  // sys.executable
  std::optional<std::string> python_version;     // "3.11.2"
  bool imported = false;
  std::optional<ProbeError> import_error;
  std::optional<double> import_seconds;
  std::optional<std::string> version;  // torch.__version__, tf.__version__, ...
  std::optional<std::string> file;     // the module's __file__: which copy was imported
  // torch: torch.version.hip / torch.version.cuda (nullopt = None). TensorFlow: build_info's
  // rocm_version / cuda_version.
  std::optional<std::string> hip;
  std::optional<std::string> cuda;
  // TensorFlow build_info is_rocm_build / is_cuda_build; vLLM current_platform.is_rocm() /
  // is_cuda().
  std::optional<bool> rocm_build;
  std::optional<bool> cuda_build;
  std::optional<bool> available;                      // torch.cuda.is_available()
  std::optional<std::int64_t> device_count;           // GPU devices the framework sees
  std::optional<std::vector<std::string>> arch_list;  // torch.cuda.get_arch_list()
  std::optional<std::string> backend;  // jax.default_backend(); vLLM's platform class
  std::vector<std::string> providers;  // onnxruntime.get_available_providers()
  std::vector<ProbeDevice> devices;
  std::optional<ProbeOp> op;                 // nullopt when no GPU to run it on
  std::map<std::string, ProbeError> errors;  // a step that raised: "available", "devices", ...
  std::vector<std::string> warnings;         // warnings and log records (HIP init errors)
};

enum class ProbeState {
  kNotRecorded,  // replay of a capture without this probe
  kSpawnFailed,  // the interpreter could not be started
  kTimedOut,     // killed at the deadline: the import or the GPU hung
  kCrashed,      // killed by a signal (SIGSEGV in a native extension, SIGABRT)
  kExitError,    // exited non-zero before printing its report
  kBadOutput,    // exited 0 without a valid report
  kParsed,
};
std::string_view ToString(ProbeState state);

struct FrameworkProbe {
  Framework framework = Framework::kTorch;
  std::size_t install = 0;        // index into FrameworkFacts::installs
  std::size_t env = 0;            // index into FrameworkFacts::python.envs: the interpreter run
  std::string name;               // "python-torch-0": the recording's name
  std::vector<std::string> argv;  // the snippet's text abbreviated to "<probe>"
  // "/usr/bin/python3 -c <probe> torch" live, ".rocm-doctor/probes/python-torch-0.json" replayed
  std::string source;
  ProbeState state = ProbeState::kNotRecorded;
  std::string detail;  // why the state is not kParsed, in words
  // The last step the probe announced before it ended ("import", "devices", "op"): where a
  // crash or hang happened.
  std::string stage;
  std::optional<int> exit_code;
  std::optional<int> signal;
  std::string signal_name;
  std::string stderr_tail;
  double wall_seconds = 0;
  std::int64_t timeout_ms = 0;
  FrameworkProbeReport report;  // valid when state == kParsed
};

struct FrameworkProbeFacts {
  std::vector<FrameworkProbe> probes;
  double wall_seconds = 0;  // all children, run at once
  std::vector<const FrameworkProbe*> For(Framework framework) const;
};

template <>
FrameworkProbeFacts CollectFacts<FrameworkProbeFacts>(const SystemView& view);

}  // namespace rocm_doctor
