// SPDX-License-Identifier: MIT
#pragma once
// Opening a link-free path below a directory descriptor without ever leaving it, even when the
// tree changes while it is read (docs/security.md, "Replay"). A replayed machine directory may
// sit where another user can rename a directory into a symlink between two reads; every access
// of the machine-directory view goes through here, relative to the root's descriptor.
#include <string_view>

#include "system/fd_io.h"

namespace rocm_doctor::system {

// `logical` is "/" or "/a/b" with no "." or ".." and, as far as the caller knows, no symlink
// (RootResolver's answer). Opens it below `root_fd` with `flags` (O_CLOEXEC is added). A symlink
// met on the way, the last component included, fails with ELOOP instead of being followed
// (with O_PATH|O_NOFOLLOW a final symlink itself is opened, as open(2) does), so a tree that
// changed after it was resolved is an error, never an escape. Uses openat2(2) with
// RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS (Linux 5.6+), else a walk of
// openat(O_PATH|O_DIRECTORY|O_NOFOLLOW) per component. On failure the fd is invalid and errno
// is set.
UniqueFd OpenBeneath(int root_fd, std::string_view logical, int flags);

// The fallback walk alone, for kernels without openat2 (and for the tests of that path).
UniqueFd OpenBeneathByWalk(int root_fd, std::string_view logical, int flags);

// Opens the inode an O_PATH descriptor refers to with `flags` (O_CLOEXEC is added) through
// /proc/self/fd/N (the name N below a descriptor of /proc/self/fd opened on first use and held
// for the life of the process): the very file that descriptor was opened on and judged by its
// fstat(), so nothing swapped in at its path since (a device node, a FIFO) can be opened instead,
// and no path is looked up again. Fails with ENOSYS, once and for the rest of the run, where /proc
// is not mounted (a chroot, some containers): the caller then opens by path (OpenBeneath) and
// judges what it got with fstat().
UniqueFd ReopenHandle(int path_fd, int flags);

}  // namespace rocm_doctor::system
