// The hardware layer's finding codes (DESIGN rule 6). Codes are stable: never rename or reuse one.
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kListGpus[] = {"lspci -nn | grep -Ei 'vga|display|3d|accelerator'"};
constexpr std::string_view kListPci[] = {"ls -l /sys/bus/pci/devices"};
constexpr std::string_view kCountCommands[] = {
    "lspci -nn -d 1002:",
    "sudo dmesg | grep -iE 'amdgpu|AER|fallen off the bus'",
};
constexpr std::string_view kLinkCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -E 'LnkCap:|LnkSta:'",
};
constexpr std::string_view kLinkReadCommands[] = {
    "ls -l /sys/bus/pci/devices/{bdf}/current_link_speed /sys/bus/pci/devices/{bdf}/max_link_speed",
};
constexpr std::string_view kBarCommands[] = {
    "sudo lspci -vv -s {bdf} | grep -iA4 'Resizable BAR'",
};
constexpr std::string_view kBarReadCommands[] = {
    "ls -l /sys/bus/pci/devices/{bdf}/mem_info_vram_total "
    "/sys/bus/pci/devices/{bdf}/mem_info_vis_vram_total",
};
constexpr std::string_view kMemoryCommands[] = {"free -g"};
constexpr std::string_view kMemoryReadCommands[] = {"ls -l /proc/meminfo", "head -3 /proc/meminfo"};
constexpr std::string_view kRasCommands[] = {
    "grep -H . /sys/bus/pci/devices/{bdf}/ras/*_err_count",
    "sudo cat /sys/bus/pci/devices/{bdf}/ras/gpu_vram_bad_pages",
    "sudo dmesg | grep -iE 'amdgpu.*(ras|ecc|poison|uncorrectable)'",
};
constexpr std::string_view kRasReadCommands[] = {"ls -l /sys/bus/pci/devices/{bdf}/ras/"};

constexpr FindingSpec kSpecs[] = {
    {.code = "hardware.gpu.none_found",
     .severity = Status::kFail,
     .title = "No AMD GPU on the PCI bus",
     .remediation =
         "ROCm needs an AMD GPU that the kernel can see on the PCI bus. If one is installed, check "
         "that it is seated, has its power cables, and is not disabled in the firmware setup. In a "
         "virtual machine, pass the GPU through to the guest (VFIO or SR-IOV) or use an instance "
         "type that has one. NVIDIA and Intel GPUs are not supported by ROCm.",
     .commands = kListGpus},
    {.code = "hardware.vm.no_passthrough",
     .severity = Status::kInfo,
     .title = "A virtual machine without a GPU passed through",
     .remediation =
         "This OS runs under a hypervisor and no GPU function was given to it. On the host, bind "
         "the GPU to vfio-pci and attach it to this guest (libvirt <hostdev>, Proxmox 'PCI "
         "Device', ...), or choose a cloud instance type with an AMD GPU.",
     .commands = kListGpus},
    {.code = "hardware.pci.unreadable",
     .severity = Status::kUnknown,
     .title = "The PCI bus could not be listed",
     .remediation =
         "rocm-doctor reads the GPU inventory from /sys/bus/pci/devices. Run it where /sys is "
         "mounted and readable (in a container, do not hide /sys), or capture the host with "
         "'rocm-doctor capture' and diagnose the capture.",
     .commands = kListPci},
    {.code = "hardware.gpu.found",
     .severity = Status::kInfo,
     .title = "An AMD GPU on the PCI bus",
     .remediation = "Nothing to do: this records what was found."},
    {.code = "hardware.gpu.count_mismatch",
     .severity = Status::kFail,
     .title = "Not the expected number of AMD GPUs",
     .remediation =
         "Compare with lspci. A GPU that is missing may be unseated, lack power, be disabled in "
         "the firmware setup, or have fallen off the bus after an error (the kernel log shows AER "
         "and 'fallen off the bus' lines); in a VM, check which GPUs were passed through. A "
         "reboot or a power cycle brings back a GPU that fell off the bus, until it happens again.",
     .commands = kCountCommands,
     .requires_root = true},
    {.code = "hardware.pcie.link_degraded",
     .severity = Status::kWarn,
     .title = "A GPU's PCIe link runs below its maximum",
     .remediation =
         "Fewer lanes than the GPU supports point at the slot: an x16 card in an x8/x4 slot, a "
         "riser or bifurcation setting, or a badly seated card. Use a CPU-attached x16 slot, "
         "reseat the card, and check the PCIe settings in the firmware setup. A lower speed alone "
         "is often power management on an idle GPU: check again while it is busy.",
     .commands = kLinkCommands,
     .requires_root = true},
    {.code = "hardware.pcie.link_downclocked",
     .severity = Status::kInfo,
     .title = "A GPU's PCIe link runs below its maximum speed (often idle power saving)",
     .remediation =
         "Usually nothing to do: an idle GPU trains its link down. Check again while the GPU is "
         "busy; if it stays low, check the slot and the PCIe generation setting in the firmware "
         "setup.",
     .commands = kLinkCommands},
    {.code = "hardware.pcie.link_not_reported",
     .severity = Status::kInfo,
     .title = "The kernel reports no PCIe link state for a GPU",
     .remediation =
         "Nothing to do: SR-IOV virtual functions and some virtual or integrated devices have "
         "no link state of their own."},
    {.code = "hardware.pcie.link_unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's PCIe link state could not be read",
     .remediation = "Run rocm-doctor where the GPU's sysfs attributes are readable.",
     .commands = kLinkReadCommands},
    {.code = "hardware.bar.small",
     .severity = Status::kWarn,
     .title = "Only part of the GPU's VRAM is visible to the CPU (small BAR)",
     .remediation =
         "Enable 'Above 4G Decoding' and 'Resizable BAR' (Re-Size BAR Support) in the firmware "
         "setup; both need UEFI boot with CSM off. Then reboot. ROCm runs with a small BAR, but "
         "host-visible VRAM allocations are limited to that window and host transfers are "
         "slower.",
     .commands = kBarCommands,
     .reboot_required = true},
    {.code = "hardware.bar.unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's VRAM sizes could not be read",
     .remediation = "Run rocm-doctor where the GPU's amdgpu sysfs attributes are readable.",
     .commands = kBarReadCommands},
    {.code = "hardware.memory.low",
     .severity = Status::kWarn,
     .title = "Less system RAM than recommended for the GPUs present",
     .remediation =
         "ROCm frameworks pin host memory and stage data and model weights through system RAM. "
         "Add RAM (the usual advice: at least 32 GB for one GPU and 16 GB more for each further "
         "GPU, and not less than the total VRAM for large models), or lower the thresholds if "
         "your workloads are small.",
     .commands = kMemoryCommands},
    {.code = "hardware.memory.unknown",
     .severity = Status::kUnknown,
     .title = "System RAM could not be read",
     .remediation = "rocm-doctor reads MemTotal from /proc/meminfo; make it readable.",
     .commands = kMemoryReadCommands},
    {.code = "hardware.ras.uncorrectable",
     .severity = Status::kFail,
     .title = "A GPU reports uncorrectable ECC/RAS errors",
     .remediation =
         "Uncorrectable errors mean data on the GPU was corrupted. Stop the workload, look at the "
         "kernel log and the retired-page list, and run the vendor's diagnostics. amdgpu retires "
         "bad VRAM pages itself; if uncorrectable errors come back after a reboot, or the bad-page "
         "count keeps growing, the GPU needs replacement (RMA).",
     .commands = kRasCommands,
     .requires_root = true},
    {.code = "hardware.ras.unreadable",
     .severity = Status::kUnknown,
     .title = "A GPU's RAS error counters could not be read",
     .remediation =
         "The counters under device/ras/ exist but gave no value (permission, or 'Query currently "
         "inaccessible' during a GPU reset). Run again later, as root.",
     .commands = kRasReadCommands},
};

}  // namespace

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace rocm_doctor
