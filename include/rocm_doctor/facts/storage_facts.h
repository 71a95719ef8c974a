// SPDX-License-Identifier: MIT
#pragma once
// Where models and datasets would live and what holds them: the home directory and the model
// caches a user set (HF_HOME, HF_HUB_CACHE, HF_DATASETS_CACHE, TORCH_HOME, XDG_CACHE_HOME,
// ~/.cache/huggingface), the mount of each (/proc/self/mountinfo), whether that is a network
// filesystem, whether its disk is rotational (/sys/dev/block/MAJ:MIN -> .../queue/rotational)
// and its free space (SystemView::StatFs). Collected by src/collect/storage/storage_collector.cpp;
// checks use ctx.facts.Get<StorageFacts>().
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/fact.h"

namespace rocm_doctor {

// One place a workload keeps large files.
struct StoragePlace {
  std::string role;      // "home directory", "$HF_HOME", "~/.cache/huggingface"
  std::string path;      // as set ("/home/alice", "$HF_HOME" value)
  std::string source;    // where the path came from: "$HOME", "/etc/passwd", "$HF_HOME"
  std::string resolved;  // symlinks expanded through the view; empty when the path is unusable
  std::string error;     // why the place is not judged (a relative path, no mount holds it)
  std::optional<std::size_t> filesystem;  // index into StorageFacts::filesystems
};

// One mounted filesystem that holds at least one place.
struct StorageFilesystem {
  std::string mount_point;
  std::string fstype;        // "ext4", "nfs4", "fuse.sshfs"
  std::string mount_source;  // "/dev/nvme0n1p2", "fileserver:/export/home"
  std::uint32_t major = 0;   // st_dev of the filesystem (mountinfo field 3)
  std::uint32_t minor = 0;
  std::string mount_evidence;  // "/proc/self/mountinfo line 27"
  bool network = false;        // the fstype is a network filesystem's (collect/filesystem_types.h)
  bool memory = false;         // tmpfs / ramfs
  // Whether the data sits on a spinning disk: known only for a block device the kernel
  // describes; for dm/md the devices under it (slaves/), rotational when any of them is.
  // Unknown (with the reason) for network and memory filesystems, loop devices, virtual disks
  // whose flag is the hypervisor's default, and what sysfs does not tell.
  Fact<bool> rotational;
  std::string devices;  // the whole disks judged, e.g. "nvme0n1" or "sda, sdb"
  Fact<FsSpace> space;  // statvfs of the mount point
};

struct StorageFacts {
  // /proc/self/mountinfo: the number of mounts read, or why it could not be read.
  Fact<std::size_t> mounts;
  FsStatus mount_table_status = FsStatus::kNotFound;
  std::size_t mount_lines_skipped = 0;
  std::vector<StoragePlace> places;
  std::vector<StorageFilesystem> filesystems;
};

template <>
StorageFacts CollectFacts<StorageFacts>(const SystemView& view);

}  // namespace rocm_doctor
