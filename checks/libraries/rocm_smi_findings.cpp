// Finding codes of libraries.rocm_smi: what rocm-smi-lib (librocm_smi64, the library under
// rocm-smi, the Kubernetes device plugin, Slurm's RSMI plugin, hwloc) reports when the probe
// child asks it. Every finding with these codes sets {library}.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kLoadFailedCommands[] = {
    "ldd {library} | grep 'not found'",
    "rocm-doctor probe-smi {library}",
};
constexpr std::string_view kInitFailedCommands[] = {
    "rocm-doctor probe-smi {library}",
    "ls -l /dev/shm | grep -i rocm_smi",
    "ls /sys/class/drm/ /sys/class/kfd/kfd/topology/nodes/",
};
constexpr std::string_view kCountCommands[] = {
    "rocm-smi --showbus",
    "grep -H . /sys/class/kfd/kfd/topology/nodes/*/gpu_id",
    "sudo dmesg | grep -iE 'kfd|amdgpu.*(skipped|atomics)'",
};
constexpr std::string_view kProbeFailedCommands[] = {"rocm-doctor probe-smi {library}"};

constexpr FindingSpec kRocmSmiFindings[] = {
    {.code = "libraries.rocm_smi.load_failed",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib is installed but cannot be loaded",
     .remediation =
         "dlopen() of librocm_smi64 failed; the loader's message (the evidence) names the "
         "missing library or symbol (often libdrm or a libstdc++ older than the library needs, "
         "or a dangling link). rocm-smi, amd-smi's ROCm backend, the Kubernetes device plugin "
         "and job schedulers' GPU plugins cannot monitor the GPUs until it loads. Reinstall the "
         "rocm-smi-lib package of the installed ROCm release.",
     .commands = kLoadFailedCommands},
    {.code = "libraries.rocm_smi.init_failed",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib does not initialise",
     .remediation =
         "rsmi_init() returned the status in the message, so every tool built on rocm-smi-lib "
         "fails the same way. RSMI_STATUS_INIT_ERROR with \"Failed to initialize RSMI device "
         "mutex\" means a crashed rocm-smi program left its mutex in /dev/shm: stop all "
         "rocm-smi users and delete /dev/shm/rocm_smi_* (rocm_smi_lib#88). \"Failed to get ... "
         "properties files for kfd node\" means the library is newer than the kernel's KFD "
         "(see runtime.driver_compat). With no AMD GPU or no amdgpu driver the failure is "
         "expected: it follows from the root cause above it.",
     .commands = kInitFailedCommands},
    {.code = "libraries.rocm_smi.device_count_mismatch",
     .severity = Status::kWarn,
     .title = "rocm-smi-lib and the kernel's KFD see different GPUs",
     .remediation =
         "rocm-smi-lib enumerates the amdgpu DRM devices; compute programs see the GPUs of the "
         "KFD topology. More in rocm-smi-lib means amdgpu drives a GPU that KFD refused (the "
         "kernel log says why: missing PCIe atomics, an unsupported chip); fewer means the "
         "library could not read some devices (permissions on sysfs, a library older than the "
         "GPU), so monitoring and schedulers miss them.",
     .commands = kCountCommands},
    {.code = "libraries.rocm_smi.probe_failed",
     .severity = Status::kUnknown,
     .title = "Could not tell what rocm-smi-lib reports",
     .remediation =
         "The child process that loads rocm-smi-lib could not be started, was killed (a crash "
         "or a hang in rsmi_init) or gave no readable answer; the evidence says which. Run it "
         "by hand to see the library's own messages.",
     .commands = kProbeFailedCommands},
};

}  // namespace
ROCMDOC_REGISTER_FINDINGS(kRocmSmiFindings);
}  // namespace rocm_doctor
