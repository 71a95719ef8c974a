// The policy layer's finding codes (DESIGN rule 6): a machine against the site's policy file
// (--policy, docs/policies/). Codes are stable: never rename or reuse one.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kGpuCommands[] = {"lspci -nn -d 1002:"};
constexpr std::string_view kFrameworkCommands[] = {
    "python3 -m pip show {framework}", "python3 -m pip list 2>/dev/null | grep -i {framework}"};
constexpr std::string_view kRocmCommands[] = {"cat /opt/rocm/.info/version", "ls -d /opt/rocm-*"};

constexpr FindingSpec kSpecs[] = {
    {.code = "policy.gpu_count.mismatch",
     .severity = Status::kFail,
     .title = "Not as many AMD GPUs as the policy expects",
     .remediation =
         "The policy ({policy}) expects {expected} AMD GPUs and the PCI bus shows {found}. A GPU "
         "missing from the bus is seated badly, powered off, disabled in firmware or fell off the "
         "bus (see the kernel log); a node with another GPU count needs another policy.",
     .commands = kGpuCommands},
    {.code = "policy.gpu_model.mismatch",
     .severity = Status::kFail,
     .title = "A GPU is not a model the policy allows",
     .remediation =
         "The GPU at {bdf} is {model}, which none of the policy's [gpus] models ({allowed}) "
         "matches. Put the node in the pool whose policy lists this model, or add the model to "
         "the policy.",
     .commands = kGpuCommands},
    {.code = "policy.gpu_model.unknown",
     .severity = Status::kUnknown,
     .title = "A GPU's model could not be told, so the policy's models were not judged",
     .remediation =
         "The GPU at {bdf} has no readable PCI device ID, or one the GPU table does not know, so "
         "it "
         "cannot be matched against the policy's [gpus] models. Name it by PCI ID "
         "(\"1002:74a1\") in the policy, or see hardware.gpus for why its ID is unreadable.",
     .commands = kGpuCommands},
    {.code = "policy.rocm_version.out_of_range",
     .severity = Status::kFail,
     .title = "The ROCm release is outside the policy's range",
     .remediation =
         "ROCm {release} is installed; the policy ({policy}) accepts {range}. Install a release "
         "in that range (and point /opt/rocm at it), or change the policy's [rocm] range.",
     .commands = kRocmCommands},
    {.code = "policy.rocm_version.unknown",
     .severity = Status::kUnknown,
     .title = "The ROCm release could not be told, so the policy's range was not judged",
     .remediation =
         "The installed ROCm release is unknown ({why}), so it cannot be compared with the "
         "policy's [rocm] range. An install without .info/version or rocm_version.h is incomplete: "
         "reinstall the rocm-core package of that release.",
     .commands = kRocmCommands},
    {.code = "policy.framework.missing",
     .severity = Status::kFail,
     .title = "A framework the policy requires is not installed",
     .remediation =
         "The policy ({policy}) requires {framework}, and no Python environment the doctor found "
         "has it. Install its ROCm build into the environment your jobs use (for PyTorch, the "
         "wheel index of your ROCm release), or activate that environment before running the "
         "doctor.",
     .commands = kFrameworkCommands},
    {.code = "policy.framework.not_rocm",
     .severity = Status::kFail,
     .title = "A framework the policy requires is not built for ROCm",
     .remediation =
         "The policy ({policy}) requires {framework} built for ROCm; the one installed is a CPU "
         "or CUDA build (the frameworks layer's findings say which and why). Reinstall it from "
         "the ROCm wheel index of your ROCm release.",
     .commands = kFrameworkCommands},
    {.code = "policy.framework.unknown",
     .severity = Status::kUnknown,
     .title = "Whether a required framework is built for ROCm could not be told",
     .remediation =
         "Nothing the doctor read says which GPU platform {framework} is built for (its version "
         "files and bundled libraries are missing or unreadable). Check it from Python, or "
         "reinstall it from the ROCm wheel index.",
     .commands = kFrameworkCommands},
};
ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace
}  // namespace rocm_doctor
