// Finding codes of the environment and gfx-support checks (runtime.visible_devices,
// runtime.gfx_override, runtime.hip_platform, runtime.gfx_support, runtime.igpu_order,
// runtime.env_info). Commands use {params} that every finding with the code sets; "{!fix}" is a
// whole command the check writes for this machine.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kFixCommand[] = {"{!fix}"};
constexpr std::string_view kHiddenCommands[] = {"{!fix}", "rocminfo | grep -E 'Uuid|Name: +gfx'"};
constexpr std::string_view kPlatformCommands[] = {"export HIP_PLATFORM=amd"};
constexpr std::string_view kIgpuCommands[] = {"export ROCR_VISIBLE_DEVICES={devices}"};
constexpr std::string_view kSupportUnknownCommands[] = {"cat /opt/rocm/.info/version",
                                                        "rocminfo | grep -E 'Name: +gfx'"};

constexpr FindingSpec kRuntimeEnvFindings[] = {
    {.code = "runtime.env.devices_hidden",
     .severity = Status::kFail,
     .title = "Device-selection variables leave no usable GPU",
     .remediation =
         "ROCR_VISIBLE_DEVICES filters the GPUs first (in KFD order, CPUs excluded; set but empty "
         "selects none); HIP_VISIBLE_DEVICES (or CUDA_VISIBLE_DEVICES when HIP's is empty) then "
         "indexes into what ROCr left, and HIP stops at the first invalid token (-1, an index out "
         "of range, an unknown GPU-<uuid>). Schedulers, launchers and shell profiles often set "
         "them. Unset them, or use one mechanism only (ROCR_VISIBLE_DEVICES on Linux) with "
         "indices that exist.",
     .commands = kHiddenCommands},
    {.code = "runtime.env.devices_truncated",
     .severity = Status::kWarn,
     .title = "A device-selection variable has a token the runtime ignores, with the rest",
     .remediation =
         "The runtime stops reading the list at the first invalid token (an index out of range "
         "or repeated, a UUID that matches no GPU, text), so it and every device after it are "
         "dropped. Remember that HIP indices count the GPUs ROCR_VISIBLE_DEVICES left, not the "
         "physical ones. Write only the devices that exist.",
     .commands = kFixCommand},
    {.code = "runtime.env.gfx_override_invalid",
     .severity = Status::kFail,
     .title = "HSA_OVERRIDE_GFX_VERSION is malformed or names another GPU family",
     .remediation =
         "libhsakmt accepts exactly major.minor.stepping (sscanf \"%u.%u.%u\", nothing after "
         "it): anything else, even an empty value or a trailing space, aborts the topology scan "
         "and hsa_init fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES. A well-formed value of "
         "another family (10.3.0 on RDNA3, 11.0.0 on RDNA4) loads code for the wrong "
         "microarchitecture: crashes, hangs, MES failures; one naming an ISA ROCr does not know "
         "makes the GPU vanish silently. Keep overrides in the GPU's family (10.3.0 for gfx103x, "
         "11.0.0 for gfx11), use HSA_OVERRIDE_GFX_VERSION_<node> on mixed systems, and unset it "
         "where the GPU is supported natively.",
     .commands = kFixCommand},
    {.code = "runtime.env.gfx_override_risky",
     .severity = Status::kWarn,
     .title = "HSA_OVERRIDE_GFX_VERSION maps the GPU to a target with a larger register file",
     .remediation =
         "libhsakmt gives gfx1100/gfx1101/gfx1200/gfx1201 a 1.5x larger VGPR file than "
         "gfx1102/gfx1103/gfx115x. With the override, gfx1100 code objects run on the smaller "
         "part: many kernels work, those that use more registers than the silicon has abort "
         "with HSA_STATUS_ERROR_INVALID_ISA (code 0x100f). Prefer libraries built for the real "
         "target (newer ROCm/TheRock builds, distribution packages, or AMDGPU_TARGETS=<gfx>); "
         "keep the override only if the kernels you need work."},
    {.code = "runtime.env.hip_platform_nvidia",
     .severity = Status::kFail,
     .title = "HIP_PLATFORM selects NVIDIA on a host whose GPUs are AMD",
     .remediation =
         "With HIP_PLATFORM=nvidia (or the older nvcc) hipcc and CMake's HIP support build for "
         "the CUDA back end, so programs are compiled for NVIDIA GPUs and cannot use the AMD GPU. "
         "Set it to amd or unset it.",
     .commands = kPlatformCommands},
    {.code = "runtime.env.hip_platform_invalid",
     .severity = Status::kWarn,
     .title = "HIP_PLATFORM has a value hipcc does not know",
     .remediation = "hipcc accepts HIP_PLATFORM=amd or nvidia. Set it to amd or unset it.",
     .commands = kPlatformCommands},
    {.code = "runtime.gfx.unsupported",
     .severity = Status::kFail,
     .title = "The GPU's gfx target is not supported by the installed ROCm release",
     .remediation =
         "ROCm's prebuilt libraries (rocBLAS, MIOpen, PyTorch wheels) carry code objects only "
         "for the release's supported targets, so this GPU gets hipErrorNoBinaryForGpu or "
         "'invalid device function'. When a target of the same family is supported, "
         "HSA_OVERRIDE_GFX_VERSION makes ROCr report it (unofficial, but the ISA is the same "
         "for gfx103x -> 10.3.0); set it in the environment of the process that starts HIP "
         "(service unit, launcher), per node on systems with several GPU kinds. Otherwise use a "
         "ROCm release that supports the GPU, or libraries built for its target.",
     .commands = kFixCommand},
    {.code = "runtime.gfx.support_unknown",
     .severity = Status::kUnknown,
     .title = "Whether the installed ROCm release supports the GPU is not known",
     .remediation =
         "The support data (checks/data/rocm_support.csv) has no row for this release or gfx "
         "target, or the installed release could not be read. Compare the GPU's gfx target "
         "with AMD's compatibility matrix for the release.",
     .commands = kSupportUnknownCommands},
    {.code = "runtime.gfx.deprecated",
     .severity = Status::kInfo,
     .title = "The GPU is supported but deprecated in this ROCm release",
     .remediation = "AMD lists the target with \"support will be removed in a future release\": "
                    "check the next release's matrix before upgrading."},
    {.code = "runtime.igpu.first",
     .severity = Status::kWarn,
     .title = "An integrated GPU ROCm does not support is enumerated before the discrete GPU",
     .remediation =
         "Programs use device 0 by default, and this is the integrated GPU: it has no code "
         "objects in the prebuilt libraries and little memory, and some runtimes crash loading "
         "kernels for every visible device. Hide it with ROCR_VISIBLE_DEVICES naming the "
         "discrete GPUs (or HIP_VISIBLE_DEVICES), or disable the iGPU in the firmware setup. "
         "Do not set a global HSA_OVERRIDE_GFX_VERSION that also rewrites the iGPU.",
     .commands = kIgpuCommands},
    {.code = "runtime.env.setting",
     .severity = Status::kInfo,
     .title = "A runtime tuning or debugging variable is set",
     .remediation = "Informational: the variable changes how the ROCm runtime behaves. Unset it "
                    "when you are not debugging ({name} is set to \"{value}\")."},
};

ROCMDOC_REGISTER_FINDINGS(kRuntimeEnvFindings);

}  // namespace
}  // namespace rocm_doctor
