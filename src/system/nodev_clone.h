// SPDX-License-Identifier: MIT
#pragma once
// A private copy of the mounts a machine directory sits on where no device node can be opened, so
// a replay opens a file for reading first and judges what it opened (docs/security.md, "Replay"):
// one open instead of an O_PATH open and a reopen through /proc/self/fd, which was half of what
// reading a file of a replayed MI300X topology (1,300 files) cost (issue 14).
#include <cerrno>
#include <string>
#include <string_view>

#include "system/fd_io.h"
#include "system/root_resolver.h"

namespace rocm_doctor::system {

// A detached clone of the mount the directory `dir_fd` (at the absolute, link-free `dir_path`,
// "" for "/") is on (open_tree(2) OPEN_TREE_CLONE), with MOUNT_ATTR_RDONLY|NODEV|NOSUID|NOEXEC
// set (mount_setattr(2)); the descriptor names the same directory. Below it, opening a device
// node fails with EACCES whatever the node's mode, and nothing can be written. The clone is
// attached nowhere and goes with the descriptor. Empty where it cannot be made: Linux before
// 5.12, no CAP_SYS_ADMIN over this mount namespace (not root, most containers), a seccomp filter
// or security module refusing either call; and where something is mounted below `dir_path`
// (/proc/self/mountinfo; also when that cannot be read): the clone holds one mount, and a path
// through a mount point would reach what the mount covers. The caller then reads the O_PATH way.
UniqueFd OpenNodevClone(int dir_fd, const std::string& dir_path);

// Whether `mountinfo_text` (/proc/self/mountinfo) has a mount point strictly below the absolute,
// link-free `dir_path` ("" for "/"); also true when a line of it cannot be parsed.
bool HasMountBelow(std::string_view mountinfo_text, const std::string& dir_path);

// `name` (IsPlainRelative) below `dir_fd`, a directory of an OpenNodevClone clone, opened for
// reading with RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS|RESOLVE_NO_XDEV and
// O_NOFOLLOW|O_NONBLOCK|O_NOCTTY. True when that is a regular file: `r` is kOk with its fstat()
// and the descriptor (r.readable). Else false and nothing was read, with errno ENOENT, ENOTDIR or
// ELOOP when the path itself fails (a missing name, a symlink on the way or at the end: an
// O_PATH open with the same flags fails alike), else another errno or 0 (a device node refused
// by the clone, a FIFO opened without blocking and closed unread, a directory). The caller then
// resolves the usual way, whose answer and error text are the rule.
bool OpenRegularForReading(int dir_fd, std::string_view name, ResolvedPath& r);

// True when OpenRegularForReading's false came from the path itself (ENOENT, ENOTDIR, ELOOP):
// the O_PATH way would fail alike, and only the walk can answer.
inline bool PathItselfFailed(int error_number) {
  return error_number == ENOENT || error_number == ENOTDIR || error_number == ELOOP;
}

}  // namespace rocm_doctor::system
