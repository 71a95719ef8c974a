// Finding codes of the kernel/driver checks (driver.kernel, driver.kernel_log, driver.blacklist,
// driver.amdgpu, driver.gpu_init, driver.firmware, driver.iommu). Commands use {params} that
// every finding with the code sets.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kKernelLogCommands[] = {
    "sudo rocm-doctor check",
    "sudo sysctl kernel.dmesg_restrict=0   # lets every user read the kernel log until reboot",
};
constexpr std::string_view kBlacklistCommands[] = {"{!undo}", "{!regenerate}"};
constexpr std::string_view kNotLoadedCommands[] = {
    "{!fix}",
    "sudo dmesg | grep -iE 'amdgpu|kfd|firmware'",
};
constexpr std::string_view kDkmsCommands[] = {
    "sudo apt install linux-headers-$(uname -r)   # Fedora/RHEL: sudo dnf install "
    "kernel-devel-$(uname -r)",
    "sudo dkms autoinstall -k $(uname -r)",
    "sudo modprobe amdgpu",
};
constexpr std::string_view kSecureBootCommands[] = {
    "mokutil --sb-state",
    "sudo mokutil --import /var/lib/dkms/mok.pub   # Ubuntu < 22.04: /var/lib/shim-signed/mok/"
    "MOK.der; reboot and choose 'Enroll MOK'",
};
constexpr std::string_view kInitFailedCommands[] = {
    "sudo dmesg | grep -iE '{bdf}|amdgpu|kfd'",
};
constexpr std::string_view kFirmwareCommands[] = {
    "ls -l /lib/firmware/{firmware}*",
    "sudo apt install --reinstall firmware-amd-graphics   # Ubuntu: linux-firmware; Fedora: "
    "sudo dnf reinstall amd-gpu-firmware linux-firmware",
    "sudo update-initramfs -u   # Fedora/RHEL: sudo dracut -f",
};
constexpr std::string_view kIommuCommands[] = {
    "sudoedit /etc/default/grub   # add iommu=pt to GRUB_CMDLINE_LINUX",
    "sudo update-grub   # Fedora/RHEL instead: sudo grubby --update-kernel=ALL --args=iommu=pt",
};

constexpr std::string_view kKernelSupportCommands[] = {
    "uname -r; grep -E '^(ID|VERSION_ID|VERSION)=' /etc/os-release",
};

constexpr FindingSpec kDriverFindings[] = {
    {.code = "driver.kernel.unsupported",
     .severity = Status::kWarn,
     .title = "The distribution or kernel is not one the installed ROCm release lists",
     .remediation =
         "AMD validates each ROCm release on the distribution versions and kernel series its "
         "compatibility matrix names (ROCm {release} lists {listed}). Others often work, but "
         "amdgpu-dkms may not build for them, and a failure there is not a known-good "
         "configuration. Boot a listed kernel (on Ubuntu the GA or HWE kernel the release "
         "names), or install a ROCm release that lists this distribution and kernel: "
         "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/"
         "system-requirements.html.",
     .commands = kKernelSupportCommands},
    {.code = "driver.kernel.unknown",
     .severity = Status::kUnknown,
     .title = "The running kernel release is not known",
     .remediation = "uname gave no release and /proc names none. On a replayed machine "
                    "directory, add \"uname\": {\"release\": ...} to .rocm-doctor/machine.json."},
    {.code = "driver.kernel_log.unreadable",
     .severity = Status::kUnknown,
     .title = "The kernel log cannot be read",
     .remediation = "The kernel log holds the driver's own account of firmware and init "
                    "failures. With kernel.dmesg_restrict=1 only root may read it: run "
                    "rocm-doctor as root, or allow it for all users.",
     .commands = kKernelLogCommands,
     .requires_root = true},
    {.code = "driver.amdgpu.blacklisted",
     .severity = Status::kFail,
     .title = "amdgpu is disabled on the kernel command line or in modprobe.d",
     .remediation = "The amdgpu driver is deliberately kept from loading, so the GPU has no "
                    "driver. For a kernel command-line token, remove it from GRUB_CMDLINE_LINUX "
                    "(and GRUB_CMDLINE_LINUX_DEFAULT) in /etc/default/grub (or its grub.d/ "
                    "drop-ins) and regenerate the GRUB configuration; for a modprobe.d line, "
                    "delete or comment it out and rebuild the initramfs (which holds a copy). "
                    "Then reboot. If it is deliberate (AMD's MI300X guide loads amdgpu after "
                    "boot), run `sudo modprobe amdgpu` instead.",
     .commands = kBlacklistCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.amdgpu.blacklist_inactive",
     .severity = Status::kInfo,
     .title = "amdgpu is disabled for boot but was loaded anyway",
     .remediation = "A command-line token or modprobe.d line disables amdgpu, yet amdgpu drives "
                    "every AMD GPU now (it was loaded after boot). If that is deliberate, "
                    "nothing to do; otherwise remove the rule so the driver loads at boot.",
     .commands = kBlacklistCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.blacklist.unknown",
     .severity = Status::kUnknown,
     .title = "Could not read every place that can disable amdgpu",
     .remediation = "/proc/cmdline or a modprobe.d file could not be read, so a blacklist there "
                    "would go unseen. Run rocm-doctor as root."},
    {.code = "driver.amdgpu.not_loaded",
     .severity = Status::kFail,
     .title = "No amdgpu driver drives the AMD GPU",
     .remediation = "The GPU is on the PCI bus but amdgpu is not bound to it, so /dev/kfd and "
                    "the DRM devices never appear. Load the driver (and read the kernel log if "
                    "that fails). If the module file is missing, install the kernel's full "
                    "module package (Ubuntu: linux-modules-extra-$(uname -r)) or amdgpu-dkms. "
                    "If another driver holds the GPU (vfio-pci for VM passthrough, the legacy "
                    "radeon driver), release it as the message says.",
     .commands = kNotLoadedCommands,
     .requires_root = true},
    {.code = "driver.amdgpu.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell which driver is bound to the GPU",
     .remediation = "The PCI device's driver link could not be read. Run rocm-doctor as root, "
                    "or check `lspci -nnk -d 1002:` by hand."},
    {.code = "driver.dkms.not_built_for_kernel",
     .severity = Status::kFail,
     .title = "amdgpu-dkms has no module built for the running kernel",
     .remediation = "amdgpu-dkms is installed, but DKMS built it only for other kernels, usually "
                    "because the distribution upgraded the kernel and the build failed or never "
                    "ran. Install the headers for this kernel and rebuild; if the build fails "
                    "(see /var/lib/dkms/amdgpu/<version>/build/make.log), boot the last kernel "
                    "that built, or install an amdgpu-dkms release that supports this kernel.",
     .commands = kDkmsCommands,
     .requires_root = true},
    {.code = "driver.secure_boot.module_blocked",
     .severity = Status::kFail,
     .title = "Secure Boot keeps the DKMS amdgpu module from loading",
     .remediation = "With UEFI Secure Boot on, the kernel loads only modules signed with an "
                    "enrolled key. The DKMS-built amdgpu is signed with the machine's own DKMS "
                    "key, which must be enrolled with mokutil (confirm in the blue MOK manager "
                    "at the next boot), or Secure Boot must be turned off in the firmware setup.",
     .commands = kSecureBootCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.amdgpu.init_failed",
     .severity = Status::kFail,
     .title = "amdgpu is loaded but the GPU did not come up",
     .remediation = "amdgpu tried to initialise the GPU and gave up (it is not bound, or has no "
                    "DRM card, or the module never went live). The kernel log lines quoted as "
                    "evidence name the failing step: missing firmware (install linux-firmware and "
                    "rebuild the initramfs), a device the kernel is too old for (a newer kernel "
                    "or amdgpu-dkms), or a hardware/BIOS problem. Reboot after the fix.",
     .commands = kInitFailedCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.gpu_init.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell whether the GPU came up",
     .remediation = "The module state (/sys/module/amdgpu/initstate) could not be read. Run "
                    "rocm-doctor as root."},
    {.code = "driver.firmware.missing",
     .severity = Status::kFail,
     .title = "amdgpu firmware failed to load",
     .remediation = "amdgpu needs GPU-specific firmware from /lib/firmware/amdgpu (or from the "
                    "initramfs, which holds its own copy). The installed firmware package is too "
                    "old for this GPU, or the file is missing from the initramfs. Install or "
                    "update the firmware package, rebuild the initramfs and reboot.",
     .commands = kFirmwareCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.firmware.optional_missing",
     .severity = Status::kInfo,
     .title = "Optional amdgpu firmware did not load",
     .remediation = "A firmware file failed to load but the GPU initialised anyway (PSP trusted "
                    "applications such as vega20_ta.bin are optional). Nothing to do for ROCm."},
    {.code = "driver.firmware.unknown",
     .severity = Status::kUnknown,
     .title = "Could not check amdgpu firmware loading",
     .remediation = "The kernel log could not be read, and it is where firmware failures show. "
                    "Run rocm-doctor as root.",
     .commands = kKernelLogCommands,
     .requires_root = true},
    {.code = "driver.iommu.not_passthrough",
     .severity = Status::kWarn,
     .title = "Several GPUs with the IOMMU translating DMA",
     .remediation = "With the IOMMU in translated mode every GPU DMA goes through address "
                    "translation, a known cause of hangs and slow peer-to-peer transfers on "
                    "multi-GPU ROCm hosts. ROCm's install guide asks for iommu=pt on the kernel "
                    "command line. Reboot after the change.",
     .commands = kIommuCommands,
     .requires_root = true,
     .reboot_required = true},
    {.code = "driver.iommu.unknown",
     .severity = Status::kUnknown,
     .title = "Could not tell the IOMMU mode",
     .remediation = "Neither /sys/kernel/iommu_groups nor /proc/cmdline could be read."},
};

}  // namespace

ROCMDOC_REGISTER_FINDINGS(kDriverFindings);

}  // namespace rocm_doctor
