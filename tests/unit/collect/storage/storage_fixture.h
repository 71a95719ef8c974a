// SPDX-License-Identifier: MIT
#pragma once
// A FakeSystemView host for the storage collector and check: a mount table, sysfs block devices
// (as /sys/dev/block/MAJ:MIN links into /sys/devices like the kernel's) and statvfs answers.
#include <cstdint>
#include <memory>
#include <string>

#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

inline constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

inline FsSpace SpaceGib(double size_gib, double avail_gib) {
  FsSpace space;
  space.status = FsStatus::kOk;
  space.size_bytes = static_cast<std::uint64_t>(size_gib * kGiB);
  space.avail_bytes = static_cast<std::uint64_t>(avail_gib * kGiB);
  space.free_bytes = space.avail_bytes;
  return space;
}

// A whole disk `name` (sda, nvme0n1, vda) at `device_dir` with queue/rotational = `rotational`
// and its number `maj:min`.
inline void Disk(FakeSystemView& view, const std::string& device_dir, const std::string& name,
                 const std::string& majmin, int rotational) {
  HostBuilder(view).Disk(device_dir, name, majmin, rotational);
}

// A partition `part` of the disk `name` at `device_dir`.
inline void Partition(FakeSystemView& view, const std::string& device_dir, const std::string& name,
                      const std::string& part, const std::string& majmin) {
  HostBuilder(view).Partition(device_dir, name, part, majmin);
}

}  // namespace rocm_doctor::testing
