// Finding codes of the platform area: /dev/kfd and render-node access, the KFD topology,
// containers, WSL2 and PCIe atomics (codes from ../shared/diagnoses.md where listed there).
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kKfdMissingCommands[] = {
    "grep -E 'CONFIG_HSA_AMD|CONFIG_DRM_AMDGPU=' /boot/config-$(uname -r)",
    "sudo dmesg | grep -i kfd",
    "ls -l /dev/kfd /sys/class/kfd/kfd/dev",
};
constexpr std::string_view kKfdUnreadableCommands[] = {"ls -l /dev/kfd", "id"};
constexpr std::string_view kNotPassedCommands[] = {
    "docker run -it --device=/dev/kfd --device=/dev/dri --group-add video --group-add render "
    "--security-opt seccomp=unconfined IMAGE",
    "podman run -it --device=/dev/kfd --device=/dev/dri --group-add keep-groups IMAGE",
    "apptainer exec --rocm IMAGE  # or --bind /dev/kfd,/dev/dri",
};
constexpr std::string_view kPermissionCommands[] = {
    "sudo usermod -aG {groups} {user}",
    "newgrp {group}  # or log out and back in",
};
constexpr std::string_view kGidMismatchCommands[] = {
    "docker run --device=/dev/kfd --device=/dev/dri --group-add {gid} IMAGE",
    "docker run --device=/dev/kfd --device=/dev/dri "
    "--group-add $(getent group render | cut -d: -f3) IMAGE  # on the host",
};
constexpr std::string_view kUnmappedCommands[] = {
    "podman run --device=/dev/kfd --device=/dev/dri --group-add keep-groups IMAGE",
    "sudo usermod -aG render,video $USER  # on the host, for the user who starts the container",
};
constexpr std::string_view kRenderMissingCommands[] = {
    "ls -l /dev/dri /sys/class/drm",
    "sudo udevadm trigger --subsystem-match=drm --action=add",
};
constexpr std::string_view kTopologyCommands[] = {
    "ls -l /sys/class/kfd/kfd/topology/nodes/*/properties",
    "cat /proc/self/cgroup",
};
constexpr std::string_view kGpuMissingCommands[] = {
    "sudo dmesg | grep -iE 'kfd|amdgpu.*(atomic|fail)'",
};
constexpr std::string_view kWslCommands[] = {
    "amdgpu-install -y --usecase=wsl,rocm --no-dkms",
    "export HSA_ENABLE_DXG_DETECTION=1",
};
constexpr std::string_view kAtomicsCommands[] = {
    "sudo lspci -vvv -s {bdf} | grep -i atomic",
    "lspci -tv",
    "sudo dmesg | grep -i atomic",
};

constexpr FindingSpec kSpecs[] = {
    {.code = "driver.kfd.missing",
     .severity = Status::kFail,
     .title = "amdgpu drives the GPU but /dev/kfd does not exist",
     .remediation =
         "ROCm talks to the GPU through /dev/kfd, the compute interface of amdgpu (amdkfd). When "
         "/sys/class/kfd is absent the kernel was built without CONFIG_HSA_AMD or KFD failed to "
         "initialise: use a distribution kernel or the amdgpu-dkms driver. When /sys/class/kfd "
         "exists but /dev/kfd does not, the device node was never created: /dev is not devtmpfs "
         "or udev did not run (chroots, minimal images).",
     .commands = kKfdMissingCommands,
     .requires_root = true,
     .reboot_required = false},
    {.code = "driver.kfd.unreadable",
     .severity = Status::kUnknown,
     .title = "/dev/kfd could not be examined",
     .remediation = "The doctor could not stat /dev/kfd, so it cannot tell whether ROCm may open "
                    "it. Check the permissions of /dev and run the doctor as the user who runs "
                    "the GPU workload.",
     .commands = kKfdUnreadableCommands},
    {.code = "container.devices.not_passed",
     .severity = Status::kFail,
     .title = "the container was started without the GPU device nodes",
     .remediation =
         "Inside a container ROCm needs /dev/kfd (one node for all GPUs) and the GPU's "
         "/dev/dri/renderD* node. The host has them (its sysfs, which the container shares, "
         "describes the GPU), but they were not passed in. Restart the container with the "
         "devices; to restrict GPUs pass individual /dev/dri/renderD<N> nodes but always "
         "/dev/kfd. In Kubernetes request amd.com/gpu through the AMD device plugin.",
     .commands = kNotPassedCommands},
    {.code = "driver.kfd.permission_denied",
     .severity = Status::kFail,
     .title = "the user cannot open /dev/kfd read-write",
     .remediation =
         "/dev/kfd is group-owned (render on current distributions, video on older ones) and the "
         "user is not in that group. Add the user (and any service account running the GPU "
         "workload) to the group, then log out and back in: a running session keeps its old "
         "groups.",
     .commands = kPermissionCommands,
     .requires_root = true},
    {.code = "container.group.gid_mismatch",
     .severity = Status::kFail,
     .title = "in the container, the device nodes' group is not among the user's groups",
     .remediation =
         "Device nodes keep the host's numeric group id inside a container. `--group-add render` "
         "adds the image's own render gid, which often differs from the host's. Add the numeric "
         "gid of the node instead (look it up on the host).",
     .commands = kGidMismatchCommands},
    {.code = "container.group.unmapped",
     .severity = Status::kFail,
     .title = "rootless container: the device nodes' group is not mapped (nogroup)",
     .remediation =
         "In a rootless container the host's render gid is not mapped into the user namespace, "
         "so the nodes show as nogroup (65534) and no group inside can grant access; even "
         "container root is refused. Make sure the host user is in render and video, then keep "
         "the host groups (`--group-add keep-groups` with podman/crun) or run the container "
         "rootful.",
     .commands = kUnmappedCommands},
    {.code = "driver.render_node.permission_denied",
     .severity = Status::kFail,
     .title = "the user cannot open a GPU's render node read-write",
     .remediation =
         "ROCm opens /dev/dri/renderD<N> of every GPU. A node it cannot open drops the GPU "
         "silently (EPERM/ENOENT) or fails hsa_init (EACCES); libhsakmt says so only with "
         "HSAKMT_DEBUG_LEVEL set. Add the user to the group that owns the node, then log out and "
         "back in.",
     .commands = kPermissionCommands,
     .requires_root = true},
    {.code = "driver.render_node.missing",
     .severity = Status::kFail,
     .title = "a GPU's render node does not exist under /dev/dri",
     .remediation = "sysfs has a render node for the GPU but /dev/dri has no device file for "
                    "it: udev did not create it, or /dev is not devtmpfs. ROCm drops the GPU.",
     .commands = kRenderMissingCommands,
     .requires_root = true},
    {.code = "driver.render_access.unmatched",
     .severity = Status::kUnknown,
     .title = "no render node could be matched to the GPU",
     .remediation = "Neither /sys/class/drm nor the KFD topology names a render node for the "
                    "GPU, so its access cannot be judged. Check that amdgpu created a DRM "
                    "device for it.",
     .commands = kRenderMissingCommands},
    {.code = "driver.kfd_topology.unreadable",
     .severity = Status::kUnknown,
     .title = "the KFD topology could not be read",
     .remediation =
         "ROCm reads /sys/class/kfd/kfd/topology to find GPUs. EPERM on a node's properties "
         "comes from the device cgroup (the GPU is not allotted to this container or service); "
         "other errors mean sysfs is hidden or damaged.",
     .commands = kTopologyCommands},
    {.code = "driver.kfd_topology.gpu_missing",
     .severity = Status::kFail,
     .title = "an AMD GPU driven by amdgpu has no KFD compute node",
     .remediation =
         "amdgpu drives the GPU but KFD did not add it, so ROCm cannot use it. The kernel log "
         "says why: 'not supported in kfd' (an ASIC KFD does not support, e.g. GCN 1.0), "
         "'PCI rejects atomics' (see hardware.pcie.atomics_unsupported), or an init failure.",
     .commands = kGpuMissingCommands},
    {.code = "driver.kfd_topology.gpu_partial",
     .severity = Status::kWarn,
     .title = "some AMD GPUs driven by amdgpu have no KFD compute node",
     .remediation =
         "ROCm will use the GPUs KFD added and ignore the others. This is expected for a display "
         "GPU that KFD does not support (the kernel log says 'not supported in kfd'); otherwise "
         "the kernel log says why KFD skipped it.",
     .commands = kGpuMissingCommands},
    {.code = "platform.wsl.no_kfd",
     .severity = Status::kInfo,
     .title = "WSL2: ROCm reaches the GPU through /dev/dxg, not /dev/kfd",
     .remediation =
         "WSL2 has no amdgpu or KFD; the Windows driver exposes the GPU through /dev/dxg. Install "
         "the Adrenalin driver with WSL support on Windows and ROCm's WSL user space in Linux "
         "(amdgpu-install --usecase=wsl,rocm --no-dkms, or librocdxg for ROCm 7.x), and set "
         "HSA_ENABLE_DXG_DETECTION=1 where the release requires it. Checks of /dev/kfd, render "
         "nodes and the KFD topology do not apply.",
     .commands = kWslCommands},
    {.code = "hardware.pcie.atomics_unsupported",
     .severity = Status::kFail,
     .title = "PCIe atomics are not available on the path to the GPU",
     .remediation =
         "ROCm requires PCIe AtomicOps between the GPU and the CPU root port. Something on the "
         "path does not route them: an old CPU (pre-Haswell, pre-Zen), a PCIe switch, riser or "
         "chipset root port, a Thunderbolt enclosure. Move the GPU to a CPU-attached x16 slot "
         "without risers or switches, or use a platform that supports atomics.",
     .commands = kAtomicsCommands},
};

}  // namespace

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace rocm_doctor
