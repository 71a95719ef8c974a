// SPDX-License-Identifier: MIT
#pragma once
// Where this OS runs: bare metal, a VM, a container, WSL2.
#include <string>
#include <vector>

#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

struct PlatformFacts {
  // Container: "docker", "podman", "kubernetes", "lxc", "containerd", ... ; empty = none seen.
  std::string container;
  std::vector<std::string> container_evidence;  // "/.dockerenv exists", "cgroup .../docker-..."
  // Why weak container hints were discounted, e.g. "/.dockerenv exists but /dev is devtmpfs and /
  // is ext4 on /dev/vda": a VM or host booted from a container image's root file system.
  std::vector<std::string> container_counter_evidence;
  bool rootless_userns = false;     // /proc/self/uid_map maps uid 0 to a non-zero host uid
  std::string userns_map;           // the uid_map line, when rootless

  bool wsl = false;                 // /proc/version mentions Microsoft/WSL, or /dev/dxg exists
  std::vector<std::string> wsl_evidence;

  // Hypervisor: "kvm", "vmware", "microsoft", "xen", "firecracker", ... ; empty = none seen.
  std::string hypervisor;
  std::vector<std::string> hypervisor_evidence;  // "cpuinfo flag hypervisor", "dmi sys_vendor QEMU"
};

}  // namespace rocm_doctor
