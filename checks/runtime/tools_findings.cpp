// Finding codes of runtime.tools, the ROCm tool inventory (DESIGN rule 6). All informational:
// a missing tool does not stop ROCm programs from running.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kPresentCommands[] = {"ls -l {path}",
                                                 "dpkg -S {path}   # RHEL/SLES: rpm -qf {path}"};
constexpr std::string_view kMissingCommands[] = {
    "sudo apt install {!apt_packages}   # Ubuntu/Debian with AMD's ROCm repository",
    "sudo dnf install {!dnf_packages}   # RHEL/Oracle/Rocky with AMD's ROCm repository "
    "(SLES: sudo zypper install {!dnf_packages})",
};
constexpr std::string_view kNotBuiltCommands[] = {
    "git clone {repository} && cd \"$(basename {repository})\" && {!build}",
};

constexpr FindingSpec kSpecs[] = {
    {.code = "runtime.tool.present",
     .severity = Status::kInfo,
     .title = "a ROCm tool is installed",
     .remediation = "Informational: where the tool is, which ROCm install or package it comes "
                    "from, and its version. Several copies from different installs mean the one "
                    "first on $PATH is what runs.",
     .commands = kPresentCommands},
    {.code = "runtime.tool.missing",
     .severity = Status::kInfo,
     .title = "ROCm tools are not installed",
     .remediation =
         "Informational: programs run without them, but diagnosing, profiling and tuning the "
         "GPUs needs them. "
         "Install the packages from AMD's ROCm repository (repo.radeon.com; package names as "
         "in the commands). Debian 12+ and Ubuntu 24.04+ also ship rocminfo, rocm-smi and "
         "hipcc in their own archives, as ROCm 5.x/6.x builds.",
     .commands = kMissingCommands,
     .requires_root = true},
    {.code = "runtime.tool.not_built",
     .severity = Status::kInfo,
     .title = "a ROCm benchmark built from source is not on this host",
     .remediation = "Informational: this tool has no package in AMD's repositories; it is built "
                    "from its GitHub sources with hipcc (ROCm's HIP SDK must be installed), "
                    "and is then found on $PATH.",
     .commands = kNotBuiltCommands},
};

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace
}  // namespace rocm_doctor
