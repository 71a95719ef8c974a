// SPDX-License-Identifier: MIT
#pragma once
// Pure parsers for the files that tell where this OS runs: /proc/self/cgroup, /proc/self/uid_map,
// /proc/self/mountinfo, /proc/version, /proc/cpuinfo, DMI strings, clocksources.
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::platform {

struct ContainerHint {
  std::string kind;      // "docker", "podman", "kubernetes", "containerd", "lxc"
  std::string evidence;  // "/proc/self/cgroup: 0::/system.slice/docker-3f2a....scope"
};

// The first cgroup line naming a container runtime (cgroup v1 and v2 formats). With a private
// cgroup namespace (the cgroup v2 default) a container sees only "0::/": no hint.
std::optional<ContainerHint> ContainerFromCgroup(std::string_view cgroup);

// The root mount "/" of /proc/self/mountinfo when it is an overlay set up by a container runtime
// (lowerdir under /var/lib/docker, containers/storage, containerd).
std::optional<ContainerHint> ContainerFromMountinfo(std::string_view mountinfo);

// The mountinfo "fstype source" of the mount at `mount_point`, e.g. "devtmpfs devtmpfs" for
// /dev on a host or VM ("tmpfs tmpfs" in a container).
std::optional<std::string> MountType(std::string_view mountinfo, std::string_view mount_point);

// "container=podman" etc. from a NUL-separated environ (/proc/1/environ).
std::optional<std::string> ContainerFromEnviron(std::string_view environ);

// /proc/self/uid_map: true when uid 0 maps to a non-zero outside uid, or uid 0 is not mapped at
// all (an unprivileged user namespace). "0 0 4294967295" is the initial namespace.
bool UidMapIsUnprivileged(std::string_view uid_map);

// /proc/version mentions Microsoft or WSL (case-insensitive): "...-microsoft-standard-WSL2".
bool ProcVersionIsWsl(std::string_view proc_version);

// /proc/cpuinfo has the "hypervisor" flag (CPUID.1:ECX bit 31) on some "flags" line.
bool CpuinfoHasHypervisorFlag(std::string_view cpuinfo);

// Hypervisor from DMI sys_vendor/product_name ("QEMU", "VMware, Inc.", "Microsoft Corporation" +
// "Virtual Machine", "Xen", "Amazon EC2", "Google"...). Empty when the strings name real hardware.
std::string HypervisorFromDmi(std::string_view sys_vendor, std::string_view product_name);

// Hypervisor from the clocksources the kernel offers ("kvm-clock", "hyperv_clocksource_tsc_page",
// "xen"); empty when none is paravirtual.
std::string HypervisorFromClocksources(std::string_view available_clocksource);

}  // namespace rocm_doctor::platform
