// SPDX-License-Identifier: MIT
#pragma once
// Whether a filesystem's block device spins, from sysfs (Documentation/ABI/stable/sysfs-block:
// /sys/block/<disk>/queue/rotational is 1 for a rotational device, 0 for a non-rotational one).
#include <cstdint>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/fact.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

struct BlockMedium {
  Fact<bool> rotational;
  std::string devices;  // the whole disks looked at, "sda, sdb"
};

// The device of a filesystem: /sys/dev/block/MAJ:MIN (sysfs-dev: a link to the device's
// directory) for a real major number; for major 0 (btrfs and other filesystems that report an
// anonymous st_dev) the mount source when it is a /dev path. A partition is judged by its whole
// disk (the parent directory: partitions have no queue/), device-mapper and md devices by the
// devices under them (slaves/), at most 4 levels and 16 disks deep.
BlockMedium ResolveBlockMedium(const SystemView& view, std::uint32_t major, std::uint32_t minor,
                               std::string_view mount_source);

}  // namespace rocm_doctor
