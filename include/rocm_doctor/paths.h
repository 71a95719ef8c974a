// SPDX-License-Identifier: MIT
#pragma once
// Every host path the collectors read, in one place (architecture rule 2). Paths are absolute host
// paths; SystemView maps them under --sysroot. Per-device paths are built from these roots.
#include <string_view>

namespace rocm_doctor::paths {

// PCI (kernel Documentation/ABI/testing/sysfs-bus-pci)
inline constexpr std::string_view kPciDevices = "/sys/bus/pci/devices";
inline constexpr std::string_view kPciDriverAmdgpu = "/sys/bus/pci/drivers/amdgpu";
// DRM and KFD (Documentation/gpu/amdgpu, include/uapi/linux/kfd_sysfs.h)
inline constexpr std::string_view kDrmClass = "/sys/class/drm";
inline constexpr std::string_view kKfdClass = "/sys/class/kfd/kfd";
inline constexpr std::string_view kKfdTopologyNodes = "/sys/class/kfd/kfd/topology/nodes";
inline constexpr std::string_view kKfdTopology = "/sys/class/kfd/kfd/topology";
inline constexpr std::string_view kDevKfd = "/dev/kfd";
inline constexpr std::string_view kDevDri = "/dev/dri";
inline constexpr std::string_view kDevDxg = "/dev/dxg";
// Modules
inline constexpr std::string_view kModuleAmdgpu = "/sys/module/amdgpu";
inline constexpr std::string_view kModuleAmdgpuInitstate = "/sys/module/amdgpu/initstate";
inline constexpr std::string_view kModuleAmdgpuVersion = "/sys/module/amdgpu/version";
// amdgpu_drv.c: retired-page threshold (-1/-2 the driver's formula, 0 retirement off, N pages)
inline constexpr std::string_view kModuleAmdgpuBadPageThreshold =
    "/sys/module/amdgpu/parameters/bad_page_threshold";
inline constexpr std::string_view kLibModules = "/lib/modules";
inline constexpr std::string_view kModprobeDirs[] = {"/etc/modprobe.d", "/usr/lib/modprobe.d",
                                                     "/lib/modprobe.d", "/run/modprobe.d"};
inline constexpr std::string_view kDkmsTree = "/var/lib/dkms";
// procfs
inline constexpr std::string_view kProcModules = "/proc/modules";
inline constexpr std::string_view kProcCmdline = "/proc/cmdline";
inline constexpr std::string_view kProcVersion = "/proc/version";
inline constexpr std::string_view kProcMeminfo = "/proc/meminfo";
inline constexpr std::string_view kProcUptime = "/proc/uptime";  // seconds since boot, idle
inline constexpr std::string_view kProcCpuinfo = "/proc/cpuinfo";
inline constexpr std::string_view kProcSelfCgroup = "/proc/self/cgroup";
inline constexpr std::string_view kProcSelfMountinfo = "/proc/self/mountinfo";
inline constexpr std::string_view kProcSelfUidMap = "/proc/self/uid_map";
inline constexpr std::string_view kProcSelfGidMap = "/proc/self/gid_map";
inline constexpr std::string_view kProc1Environ = "/proc/1/environ";
inline constexpr std::string_view kHostname = "/proc/sys/kernel/hostname";  // kernel.hostname
inline constexpr std::string_view kProcOsRelease = "/proc/sys/kernel/osrelease";
// IOMMU groups (Documentation/ABI/testing/sysfs-kernel-iommu_groups): <n>/type, <n>/devices/<BDF>
inline constexpr std::string_view kIommuGroups = "/sys/kernel/iommu_groups";
// /etc and /run
inline constexpr std::string_view kOsRelease = "/etc/os-release";
inline constexpr std::string_view kUsrLibOsRelease = "/usr/lib/os-release";
inline constexpr std::string_view kEtcGroup = "/etc/group";
inline constexpr std::string_view kEtcPasswd = "/etc/passwd";
inline constexpr std::string_view kDockerEnv = "/.dockerenv";
inline constexpr std::string_view kContainerEnv = "/run/.containerenv";
inline constexpr std::string_view kWslInterop = "/proc/sys/fs/binfmt_misc/WSLInterop";
// Firmware / platform
inline constexpr std::string_view kSysFirmware = "/sys/firmware";
inline constexpr std::string_view kSysFirmwareEfi = "/sys/firmware/efi";
inline constexpr std::string_view kEfiVars = "/sys/firmware/efi/efivars";
inline constexpr std::string_view kDmiId = "/sys/class/dmi/id";
inline constexpr std::string_view kHypervisorType = "/sys/hypervisor/type";
// Clocksources the kernel can use ("tsc kvm-clock "): a paravirtual one names the hypervisor.
inline constexpr std::string_view kClocksourceAvailable =
    "/sys/devices/system/clocksource/clocksource0/available_clocksource";

// ROCm userspace (sysfs-layout.md section 6): /opt/rocm-X.Y.Z releases, /opt/rocm pointing at
// one, and distribution packages in the multiarch directory (Debian's ROCm 5.x).
inline constexpr std::string_view kOpt = "/opt";
inline constexpr std::string_view kOptRocm = "/opt/rocm";
inline constexpr std::string_view kMultiarchLibDir = "/usr/lib/x86_64-linux-gnu";
inline constexpr std::string_view kLdSoConf = "/etc/ld.so.conf";
inline constexpr std::string_view kDpkgStatus = "/var/lib/dpkg/status";
// dpkg(1): <package>.list (or <package>:<arch>.list) lists the files a package installed.
inline constexpr std::string_view kDpkgInfo = "/var/lib/dpkg/info";

}  // namespace rocm_doctor::paths
