// SPDX-License-Identifier: MIT
#pragma once
// What a filesystem type (mountinfo's field 9) says about where the data lives.
#include <string_view>

namespace rocm_doctor::fstypes {

// The data is on another host: NFS, SMB, Ceph, Lustre, GPFS ... and their FUSE clients
// ("fuse.sshfs" is taken as "sshfs").
bool IsNetwork(std::string_view fstype);

// The data is in memory (tmpfs, ramfs): lost at reboot, and it takes RAM from the workload.
bool IsMemory(std::string_view fstype);

}  // namespace rocm_doctor::fstypes
