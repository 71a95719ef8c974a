// SPDX-License-Identifier: MIT
#include "collect/storage/block_device.h"

#include <optional>
#include <vector>

#include "collect/python/python_paths.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

constexpr int kMaxDepth = 4;
constexpr std::size_t kMaxDisks = 16;

struct Leaf {
  std::string name;
  std::string source;  // the queue/rotational path, or the directory judged
  std::optional<bool> rotational;
  std::string why;  // when unknown
};

// Virtual disks whose rotational flag says nothing about the medium: virtio-blk and Xen's
// blkfront set no rotation rate, so the kernel's default (1, rotational) shows on every SSD-backed
// cloud or KVM volume (this project's build VM: /sys/block/vda/queue/rotational is 1).
bool IsVirtualDisk(std::string_view device_dir, std::string_view name) {
  return parse::Contains(device_dir, "/virtio") || parse::StartsWith(name, "xvd");
}

void Walk(const SystemView& view, const std::string& dir, int depth, std::vector<Leaf>& leaves) {
  if (leaves.size() >= kMaxDisks) return;
  std::string disk = dir;
  if (Exists(view, JoinPath(dir, "partition"))) disk = python::ParentDir(dir);
  const std::string name(BaseName(disk));
  DirListing slaves = view.ListDir(JoinPath(disk, "slaves"));
  if (slaves.ok() && !slaves.names.empty()) {
    if (depth >= kMaxDepth) {
      leaves.push_back({name, disk, std::nullopt, "device stack deeper than 4 levels"});
      return;
    }
    for (const std::string& slave : slaves.names) {
      Walk(view, python::RealPath(view, "/sys/class/block/" + slave), depth + 1, leaves);
    }
    return;
  }
  if (parse::StartsWith(name, "loop")) {
    leaves.push_back({name, disk, std::nullopt,
                      name + " is a loop device: its data is in a file on another filesystem"});
    return;
  }
  const std::string path = JoinPath(disk, "queue/rotational");
  Fact<std::uint64_t> flag = ReadUInt(view, path);
  if (!flag.known() || *flag > 1) {
    leaves.push_back({name, path, std::nullopt,
                      flag.known() ? "unexpected value " + std::to_string(*flag) : flag.error});
    return;
  }
  if (*flag == 1 && IsVirtualDisk(disk, name)) {
    leaves.push_back({name, path, std::nullopt,
                      name + " is a virtual disk: its rotational flag (1) is the hypervisor's "
                             "default, not the medium's"});
    return;
  }
  leaves.push_back({name, path, *flag == 1, ""});
}

}  // namespace

BlockMedium ResolveBlockMedium(const SystemView& view, std::uint32_t major, std::uint32_t minor,
                               std::string_view mount_source) {
  BlockMedium out;
  std::string start;
  if (major != 0) {
    start = "/sys/dev/block/" + std::to_string(major) + ":" + std::to_string(minor);
  } else if (parse::StartsWith(mount_source, "/dev/")) {
    // /dev/mapper/<name> is a link to ../dm-N; sysfs names the device dm-N.
    const std::string node = python::RealPath(view, mount_source);
    start = "/sys/class/block/" + std::string(BaseName(node));
  } else {
    out.rotational =
        Fact<bool>::Unknown(std::string(paths::kProcSelfMountinfo),
                            "no block device (device 0:" + std::to_string(minor) + ", source \"" +
                                parse::Printable(mount_source, 80) + "\")");
    return out;
  }
  const std::string dir = python::RealPath(view, start);
  if (!Exists(view, dir)) {
    out.rotational = Fact<bool>::Unknown(start, "no such block device in sysfs");
    return out;
  }
  std::vector<Leaf> leaves;
  Walk(view, dir, 0, leaves);
  const Leaf* unknown = nullptr;
  for (const Leaf& leaf : leaves) {
    out.devices += (out.devices.empty() ? "" : ", ") + leaf.name;
    if (leaf.rotational == true) {
      out.rotational = Fact<bool>::Known(true, leaf.source);
      // Keep listing the disks, but one rotational disk settles it.
    } else if (!leaf.rotational && unknown == nullptr) {
      unknown = &leaf;
    }
  }
  if (out.rotational.known()) return out;
  if (leaves.empty()) {
    out.rotational = Fact<bool>::Unknown(dir, "no disk found under it");
  } else if (unknown != nullptr) {
    out.rotational = Fact<bool>::Unknown(unknown->source, unknown->why);
  } else {
    out.rotational = Fact<bool>::Known(false, leaves.front().source);
  }
  return out;
}

}  // namespace rocm_doctor
