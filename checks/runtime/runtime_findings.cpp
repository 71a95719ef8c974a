// Finding codes of runtime.rocm (the ROCm installs) and runtime.hip_load (does libamdhip64 load).
// Other runtime checks keep their codes in their own runtime_*_findings.cpp tables. Commands use
// {params} that every finding with the code sets.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNotInstalledCommands[] = {"{!install}", "{!then}"};
constexpr std::string_view kMixedCommands[] = {"{!fix}", "ls -ld /opt/rocm /opt/rocm-*"};
constexpr std::string_view kLoadFailedCommands[] = {
    "ldd {library} | grep 'not found'",
    "rocm-doctor probe-load {library}",
};
constexpr std::string_view kTimeoutCommands[] = {
    "AMD_LOG_LEVEL=4 timeout 60 rocm-doctor probe-load {library}",
};
constexpr std::string_view kCrashedCommands[] = {
    "gdb -batch -ex run -ex bt --args rocm-doctor probe-load {library}",
};
constexpr std::string_view kProbeFailedCommands[] = {"rocm-doctor probe-load {library}"};

constexpr std::string_view kVersionSkewCommands[] = {
    "cat /sys/module/amdgpu/version; dkms status amdgpu",
    "sudo amdgpu-install --usecase=dkms   # from the ROCm {release} repository",
};

constexpr FindingSpec kRuntimeFindings[] = {
    {.code = "runtime.driver.version_skew",
     .severity = Status::kWarn,
     .title = "The amdgpu kernel driver is not a series the ROCm user space supports",
     .remediation =
         "AMD supports each ROCm user-space release only with the kernel-driver series its "
         "compatibility matrix lists (ROCm {release}: {listed}); up to 6.3 that was the same "
         "release plus or minus two, from 6.4 drivers up to a year apart. A driver outside them "
         "may lack KFD interfaces the runtime uses (an older one) or change behaviour the "
         "runtime relies on. Install the amdgpu-dkms of the user space's release (or a user "
         "space the driver supports); for the in-tree driver, a kernel the release lists. "
         "Reboot after changing the driver.",
     .commands = kVersionSkewCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "runtime.rocm.not_installed",
     .severity = Status::kFail,
     .title = "No ROCm/HIP runtime (libamdhip64) is installed",
     .remediation = "No libamdhip64 was found in /opt/rocm, /opt/rocm-*, $ROCM_PATH, $HIP_PATH, "
                    "$LD_LIBRARY_PATH, the ld.so.conf directories or the distribution's library "
                    "directories, so no HIP program can run. Install the ROCm runtime: AMD's "
                    "amdgpu-install on Ubuntu, RHEL and SLES (repo.radeon.com), or the "
                    "distribution's own packages (Debian, Fedora, Arch). The install guide is "
                    "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/.",
     .commands = kNotInstalledCommands,
     .requires_root = true},
    {.code = "runtime.rocm.mixed_versions",
     .severity = Status::kFail,
     .title = "Several ROCm releases are mixed",
     .remediation = "A program would load libraries of one ROCm release while /opt/rocm (or the "
                    "HIP runtime itself) belongs to another: LD_LIBRARY_PATH, ROCM_PATH or an "
                    "ld.so.conf entry points at another release's directory, or libamdhip64 and "
                    "libhsa-runtime64 come from different releases. ROCm's libraries are only "
                    "tested with the same release's runtime; mixing them gives undefined-symbol "
                    "errors, hipErrorNoBinaryForGpu or silent crashes. Point every variable at "
                    "one release (or unset them) and keep HIP and HSA from one release.",
     .commands = kMixedCommands},
    {.code = "runtime.hip.load_failed",
     .severity = Status::kFail,
     .title = "libamdhip64 exists but cannot be loaded",
     .remediation = "dlopen() of the HIP runtime failed; the loader's message (the evidence) "
                    "names the missing library or symbol. Usually a dependency "
                    "(libhsa-runtime64, libamd_comgr, libnuma, libdrm_amdgpu) is missing or "
                    "comes from another release: reinstall the ROCm runtime packages of one "
                    "release, and check LD_LIBRARY_PATH for directories of another one.",
     .commands = kLoadFailedCommands},
    {.code = "runtime.hip_load.timeout",
     .severity = Status::kTimeout,
     .title = "Loading libamdhip64 hung",
     .remediation = "The child process that dlopen()s the HIP runtime did not finish within its "
                    "deadline and was killed: a library constructor blocked (seen with a hung "
                    "amdgpu driver or a stuck /dev/kfd). Check the kernel log for amdgpu errors "
                    "and run the load by hand with HIP logging.",
     .commands = kTimeoutCommands},
    {.code = "runtime.hip_load.crashed",
     .severity = Status::kError,
     .title = "Loading libamdhip64 crashed",
     .remediation = "The child process that dlopen()s the HIP runtime was killed by a signal "
                    "while the libraries' constructors ran: typically libraries of two ROCm "
                    "releases (or a distribution's and AMD's) loaded together. A backtrace shows "
                    "which library it was in.",
     .commands = kCrashedCommands},
    {.code = "runtime.hip_load.probe_failed",
     .severity = Status::kUnknown,
     .title = "Could not tell whether libamdhip64 loads",
     .remediation = "The probe that dlopen()s the HIP runtime in a child process could not be run "
                    "or gave no readable answer (the evidence says why). Run it by hand.",
     .commands = kProbeFailedCommands},
};

}  // namespace

ROCMDOC_REGISTER_FINDINGS(kRuntimeFindings);

}  // namespace rocm_doctor
