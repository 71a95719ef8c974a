// SPDX-License-Identifier: MIT
#pragma once
// /proc/<pid>/mountinfo (kernel Documentation/filesystems/proc.rst, "/proc/<pid>/mountinfo -
// Information about mounts"), one mount a line:
//
//   36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
//   (1)(2)(3)   (4)   (5)      (6)      (7)   (8) (9)    (10)         (11)
//
// mount ID, parent ID, major:minor of the filesystem's st_dev, the root of the mount inside its
// filesystem, the mount point relative to the process's root, per-mount options, zero or more
// optional fields ended by "-", the filesystem type ("fuse.sshfs": type.subtype), the mount
// source ("none" when there is none) and the superblock options. The kernel escapes space, tab,
// newline and backslash in the path fields as \040 \011 \012 \134 (fs/proc_namespace.c,
// seq_escape with " \t\n\\").
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::mountinfo {

struct Mount {
  std::uint32_t id = 0;
  std::uint32_t parent_id = 0;
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  std::string root;         // unescaped
  std::string mount_point;  // unescaped
  std::string options;
  std::string fstype;
  std::string source;  // unescaped
  std::string super_options;
  std::size_t line = 0;  // 1-based line number in the file
};

struct Table {
  std::vector<Mount> mounts;      // in file order (the order the mounts were made)
  std::size_t skipped_lines = 0;  // malformed lines left out
};

// A host with thousands of container mounts stays well below this; it bounds hostile input.
inline constexpr std::size_t kMaxMounts = 65536;
// The most of /proc/self/mountinfo read: such a host's file is a few MiB.
inline constexpr std::size_t kMaxBytes = 16u << 20;

// Never throws; a malformed line (too few fields, no "-", a non-numeric id or major:minor, an
// empty mount point) is skipped and counted, blank lines are ignored.
Table Parse(std::string_view text);

// Undoes the kernel's octal escapes (\040 -> ' '); a backslash not followed by three octal
// digits is kept as it is.
std::string Unescape(std::string_view field);

// The mount that holds the absolute, already resolved `path`: the longest mount point that is
// `path` or one of its parent directories; of mounts stacked on one point, the last line (the
// one on top). nullptr when none does (a table without "/").
const Mount* MountFor(const Table& table, std::string_view path);

}  // namespace rocm_doctor::mountinfo
