// Finding codes of runtime.hip_devices: what the HIP runtime itself says when the probe helper
// rocm-doctor-hip asks it (docs/hip-helper.md). Every finding with these codes sets {helper}
// (the helper's path, or its name in replay); device findings also set {index} and {arch}.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNoDevicesCommands[] = {
    "rocminfo | grep -E '^  Name:|Marketing Name'",
    "env | grep -E 'VISIBLE_DEVICES|GPU_DEVICE_ORDINAL|HSA_OVERRIDE_GFX_VERSION'",
    "AMD_LOG_LEVEL=4 {helper} --probe",
};
constexpr std::string_view kTimeoutCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu.*(timeout|reset|hang|fault)|kfd'",
    "timeout 120 {helper} --probe",
};
constexpr std::string_view kCrashedCommands[] = {
    "AMD_LOG_LEVEL=4 {helper} --probe",
    "ldd {helper}",
};
constexpr std::string_view kFailedCommands[] = {
    "ldd {helper}",
    "{helper} --probe",
};
constexpr std::string_view kSmokeCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "AMD_LOG_LEVEL=4 {helper} --probe --device {index}",
};
constexpr std::string_view kSmokeUnavailableCommands[] = {
    "cmake -S . -B build -DROCMDOC_HIP_ARCHITECTURES='{arch}' && cmake --build build --target "
    "rocm-doctor-hip",
};
constexpr std::string_view kMissingCommands[] = {
    "sudo apt-get install hipcc libamdhip64-dev   # the HIP toolchain the helper builds with",
    "cmake -S . -B build -DROCMDOC_GPU_BACKEND=hip && cmake --build build --target "
    "rocm-doctor-hip",
    "export ROCMDOC_HIP_HELPER=/path/to/rocm-doctor-hip",
};
constexpr std::string_view kCountCommands[] = {
    "rocminfo | grep -E '^  Name:|Marketing Name'",
    "ls -l /dev/kfd /dev/dri/",
    "grep -H . /sys/class/kfd/kfd/topology/nodes/*/gpu_id",
};
constexpr std::string_view kDeviceErrorCommands[] = {
    "sudo dmesg | grep -iE 'amdgpu|kfd' | tail -50",
    "AMD_LOG_LEVEL=4 {helper} --probe --device {index} --no-smoke",
};

constexpr FindingSpec kSpecs[] = {
    {.code = "runtime.hip.no_devices",
     .severity = Status::kFail,
     .title = "The HIP runtime reports no GPU",
     .remediation =
         "The GPU, the amdgpu driver and the device nodes look usable, yet the HIP runtime "
         "enumerates no device (this is what PyTorch reports as \"No HIP GPUs are available\"). "
         "Usual causes: the ROCm release does not support the GPU's gfx target (see "
         "runtime.gfx.unsupported; HSA_OVERRIDE_GFX_VERSION can map it to a supported target of "
         "the same family), a *_VISIBLE_DEVICES variable hides every GPU, or the HIP runtime in "
         "use belongs to another ROCm release than the HSA runtime. If rocminfo lists the GPU "
         "agent, the problem is in HIP (libamdhip64); if it does not, in ROCr or KFD.",
     .commands = kNoDevicesCommands},
    {.code = "bench.kernel.timeout",
     .severity = Status::kFail,
     .title = "A GPU probe or kernel did not finish before its deadline (possible GPU hang)",
     .remediation =
         "The HIP probe (initialisation plus a kernel of microseconds) or a benchmark (a batch of "
         "kernels under the helper's own deadline, or the whole run under its level's deadline) "
         "did not finish in time and was abandoned or killed. A wedged GPU, a KFD waiting on a GPU reset, or a device node that blocks "
         "are typical: the kernel log then shows ring timeouts, 'GPU reset' or page faults. Reset "
         "the GPU (amd-smi reset -G -g N, or rocm-smi --gpureset -d N) or reboot, then run the "
         "check again. If it only happens on the first run after boot, the runtime's "
         "initialisation is slow rather than hung.",
     .commands = kTimeoutCommands},
    {.code = "runtime.hip.probe_crashed",
     .severity = Status::kError,
     .title = "The HIP runtime crashed in the probe helper",
     .remediation =
         "rocm-doctor-hip was killed by a signal while the HIP runtime initialised or ran the "
         "smoke kernel, so the runtime's state is unknown. Run it by hand with AMD_LOG_LEVEL=4 "
         "to see the last call. Crashes in initialisation usually come from mixed ROCm releases "
         "(libamdhip64 from one, libhsa-runtime64 from another: see runtime.rocm.mixed_versions); "
         "with HIP_ENABLE_DEFERRED_LOADING=0, HIP aborts at start when a device has no code "
         "object in the program (\"Cannot retrieve Static function\").",
     .commands = kCrashedCommands},
    {.code = "runtime.hip.probe_failed",
     .severity = Status::kError,
     .title = "The HIP probe helper gave no usable answer",
     .remediation =
         "rocm-doctor-hip could not be started, exited with an error or printed something other "
         "than its JSON. Exit status 127 means the dynamic loader could not find a library it "
         "needs (the HIP runtime libamdhip64): install the HIP runtime or fix LD_LIBRARY_PATH. "
         "A usage error (exit 2) or another JSON format means rocm-doctor and rocm-doctor-hip "
         "come from different builds: install them together.",
     .commands = kFailedCommands},
    {.code = "runtime.hip.smoke_failed",
     .severity = Status::kFail,
     .title = "A GPU could not run a tiny kernel or copy its result back",
     .remediation =
         "The runtime lists the device, but allocating 16 KiB, running a kernel on it or copying "
         "the result back failed, or the data came back wrong. An error at hipEventSynchronize "
         "means the kernel faulted or the GPU hung or reset while running it; hipErrorOutOfMemory "
         "for 16 KiB means the device is unusable, not full; wrong data means the kernel did not "
         "run or the memory is bad. The kernel log has the driver's side; check the RAS error "
         "counters too.",
     .commands = kSmokeCommands},
    {.code = "runtime.hip.smoke_unavailable",
     .severity = Status::kInfo,
     .title = "The probe helper has no kernel for this GPU's ISA",
     .remediation =
         "The helper was built without device code for this GPU's gfx target, so its smoke "
         "kernel could not run here. This is a limit of the helper build (Debian's clang 15 "
         "cannot target gfx942 or gfx1100), not of the machine. Rebuild rocm-doctor-hip with the "
         "GPU's target to test kernel launches too.",
     .commands = kSmokeUnavailableCommands},
    {.code = "runtime.hip.probe_missing",
     .severity = Status::kUnknown,
     .title = "The HIP probe helper is not installed",
     .remediation =
         "rocm-doctor-hip, the helper that asks the HIP runtime for its devices, was not found, "
         "so the HIP runtime was not tested. It is installed with rocm-doctor (in "
         "<libexecdir>/rocm-doctor/) when rocm-doctor is built with a HIP or CUDA toolchain. "
         "Build it, or point ROCMDOC_HIP_HELPER at one.",
     .commands = kMissingCommands},
    {.code = "runtime.hip.device_count_mismatch",
     .severity = Status::kWarn,
     .title = "HIP sees fewer GPUs than the kernel driver exposes",
     .remediation =
         "The HIP runtime enumerates fewer devices than KFD has GPU nodes, and no "
         "*_VISIBLE_DEVICES variable hides any. ROCr silently drops a GPU whose render node it "
         "cannot open or whose gfx target it does not support, and a GPU left in a bad state "
         "after a reset can be missing too. Compare rocminfo's agents with the KFD nodes.",
     .commands = kCountCommands},
    {.code = "runtime.hip.device_error",
     .severity = Status::kFail,
     .title = "The HIP runtime cannot query a GPU",
     .remediation =
         "The runtime lists the device but hipGetDeviceProperties fails for it, so no program "
         "can use it. The kernel log usually shows why (a failed reset, a firmware error).",
     .commands = kDeviceErrorCommands},
};

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace
}  // namespace rocm_doctor
